import { Controller, Inject } from '@nestjs/common';
import { type EventEnvelope, type EventPayload, Topic } from '@core-vault/contracts';
import {
  APP_CONFIG,
  type ConsumerGroupSettings,
  type EventConsumer,
  EventPattern,
} from '@core-vault/platform';
import { type OnboardingConfig } from '../config';
import { OnboardingService } from './onboarding.service';

/** Billing's trial events drive the check-ins; the artifacts service's events reach milestones. */
@Controller()
export class OnboardingEventsConsumer implements EventConsumer {
  constructor(
    private readonly onboarding: OnboardingService,
    @Inject(APP_CONFIG) private readonly config: OnboardingConfig,
  ) {}

  consumerGroup(): ConsumerGroupSettings {
    return { groupId: this.config.ONBOARDING_CONSUMER_GROUP };
  }

  @EventPattern(Topic.TrialStarted)
  async trialStarted({ id, data }: EventEnvelope<EventPayload<Topic.TrialStarted>>): Promise<void> {
    await this.onboarding.trialStarted(
      id,
      data.userId,
      data.email,
      new Date(data.effectiveAt),
      new Date(data.trialEnd),
    );
  }

  @EventPattern(Topic.SubscriptionCanceled)
  async subscriptionCanceled({
    id,
    data,
  }: EventEnvelope<EventPayload<Topic.SubscriptionCanceled>>): Promise<void> {
    await this.onboarding.subscriptionCanceled(id, data.userId, new Date(data.effectiveAt));
  }

  @EventPattern(Topic.ArtifactCreated)
  async artifactCreated({
    id,
    occurredAt,
    data,
  }: EventEnvelope<EventPayload<Topic.ArtifactCreated>>): Promise<void> {
    const at = new Date(occurredAt);
    await this.onboarding.reach(data.ownerId, 'first_upload', at, id);
    // The extension hand-off marks its artifacts; the SPA can also report the milestone.
    if (data.source === 'extension')
      await this.onboarding.reach(data.ownerId, 'extension_installed', at, `${id}:ext`);
  }

  /** A name or e-mail changed in identity's account settings: "Customize profile settings". */
  @EventPattern(Topic.ProfileUpdated)
  async profileUpdated({ id, data }: EventEnvelope<EventPayload<Topic.ProfileUpdated>>): Promise<void> {
    await this.onboarding.reach(data.userId, 'profile_customized', new Date(data.at), id);
  }

  @EventPattern(Topic.ArtifactShared)
  async artifactShared({
    id,
    occurredAt,
    data,
  }: EventEnvelope<EventPayload<Topic.ArtifactShared>>): Promise<void> {
    await this.onboarding.reach(data.ownerId, 'first_share', new Date(occurredAt), id);
  }
}
