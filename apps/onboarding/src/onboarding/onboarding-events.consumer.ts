import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type EventEnvelope, type EventPayloads, Topic } from '@core-vault/contracts';
import { APP_CONFIG, EventConsumers } from '@core-vault/platform';
import { type OnboardingConfig } from '../config';
import { OnboardingService } from './onboarding.service';

type P = EventPayloads;

/** Billing's trial events drive the check-ins; the artifacts service's events reach milestones. */
@Injectable()
export class OnboardingEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly onboarding: OnboardingService,
    @Inject(APP_CONFIG) private readonly config: OnboardingConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      groupId: this.config.ONBOARDING_CONSUMER_GROUP,
      topics: [Topic.TrialStarted, Topic.SubscriptionCanceled, Topic.ArtifactCreated, Topic.ArtifactShared],
      handler: (event, ctx) => this.apply(ctx.topic, event),
    });
  }

  async apply(topic: string, event: EventEnvelope): Promise<void> {
    const at = new Date(event.occurredAt);
    switch (topic as Topic) {
      case Topic.TrialStarted: {
        const d = event.data as P[Topic.TrialStarted];
        return this.onboarding.trialStarted(
          event.id,
          d.userId,
          d.email,
          new Date(d.effectiveAt),
          new Date(d.trialEnd),
        );
      }
      case Topic.SubscriptionCanceled: {
        const d = event.data as P[Topic.SubscriptionCanceled];
        return this.onboarding.subscriptionCanceled(event.id, d.userId, new Date(d.effectiveAt));
      }
      case Topic.ArtifactCreated: {
        const d = event.data as P[Topic.ArtifactCreated];
        await this.onboarding.reach(d.ownerId, 'first_upload', at, event.id);
        // The extension hand-off marks its artifacts; the SPA can also report the milestone.
        if (d.source === 'extension')
          await this.onboarding.reach(d.ownerId, 'extension_installed', at, `${event.id}:ext`);
        return;
      }
      case Topic.ArtifactShared: {
        const d = event.data as P[Topic.ArtifactShared];
        return this.onboarding.reach(d.ownerId, 'first_share', at, event.id);
      }
    }
  }
}
