import { Controller, Inject } from '@nestjs/common';
import { type Logger } from 'pino';
import { type EventEnvelope, type EventPayload, type EventPayloads, Topic } from '@core-vault/contracts';
import {
  APP_CONFIG,
  type ConsumerGroupSettings,
  type EventConsumer,
  EventPattern,
  LOGGER,
} from '@core-vault/platform';
import { type IdentityConfig } from '../config';
import { type BillingTopic, billingChange } from './billing-state';
import { PersonalTokenProjection } from './personal-token.projection';
import { UserRepository } from './user.repository';

/**
 * Keeps each user's subscription facts in step with billing. Duplicates are dropped by event id
 * (platform) and by the write itself; an older event arriving after a newer one changes nothing.
 */
@Controller()
export class BillingEventsConsumer implements EventConsumer {
  constructor(
    private readonly users: UserRepository,
    private readonly personalTokens: PersonalTokenProjection,
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  consumerGroup(): ConsumerGroupSettings {
    return { groupId: this.config.BILLING_EVENTS_GROUP };
  }

  @EventPattern(Topic.TrialStarted)
  trialStarted(event: EventEnvelope<EventPayload<Topic.TrialStarted>>): Promise<void> {
    return this.handle(Topic.TrialStarted, event);
  }

  @EventPattern(Topic.SubscriptionUpdated)
  subscriptionUpdated(event: EventEnvelope<EventPayload<Topic.SubscriptionUpdated>>): Promise<void> {
    return this.handle(Topic.SubscriptionUpdated, event);
  }

  @EventPattern(Topic.InvoicePaid)
  invoicePaid(event: EventEnvelope<EventPayload<Topic.InvoicePaid>>): Promise<void> {
    return this.handle(Topic.InvoicePaid, event);
  }

  @EventPattern(Topic.PaymentFailed)
  paymentFailed(event: EventEnvelope<EventPayload<Topic.PaymentFailed>>): Promise<void> {
    return this.handle(Topic.PaymentFailed, event);
  }

  @EventPattern(Topic.SubscriptionCanceled)
  subscriptionCanceled(event: EventEnvelope<EventPayload<Topic.SubscriptionCanceled>>): Promise<void> {
    return this.handle(Topic.SubscriptionCanceled, event);
  }

  /** Applies one billing event's change (the mapping in billing-state.ts) to its user. */
  async handle<T extends BillingTopic>(topic: T, event: EventEnvelope<EventPayloads[T]>): Promise<void> {
    const change = billingChange(topic, event.data);
    const applied = await this.users.applyBillingState(
      change.userId,
      change.state,
      change.effectiveAt,
      event.id,
    );
    if (applied) {
      this.logger.info({ eventId: event.id, topic, userId: change.userId }, 'billing state applied');
      // Personal access tokens carry the owner's plan in Redis; a session JWT gets it at refresh.
      await this.personalTokens.refreshOwner(change.userId);
      return;
    }
    if (!(await this.users.findById(change.userId))) {
      this.logger.warn(
        { eventId: event.id, topic, userId: change.userId },
        'billing event for unknown user dropped',
      );
    } else {
      this.logger.info(
        { eventId: event.id, topic, userId: change.userId },
        'older or repeated billing event ignored',
      );
    }
  }
}
