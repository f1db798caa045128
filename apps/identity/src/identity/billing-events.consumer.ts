import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type Logger } from 'pino';
import { type EventEnvelope, type EventPayloads } from '@core-vault/contracts';
import { APP_CONFIG, EventConsumers, LOGGER } from '@core-vault/platform';
import { type IdentityConfig } from '../config';
import { BILLING_TOPICS, type BillingTopic, billingChange } from './billing-state';
import { UserRepository } from './user.repository';

/**
 * Keeps each user's subscription facts in step with billing. Duplicates are dropped by event id
 * (platform) and by the write itself; an older event arriving after a newer one changes nothing.
 */
@Injectable()
export class BillingEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly users: UserRepository,
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      groupId: this.config.BILLING_EVENTS_GROUP,
      topics: BILLING_TOPICS,
      handler: (event, { topic }) => this.handle(topic as BillingTopic, event),
    });
  }

  async handle(topic: BillingTopic, event: EventEnvelope): Promise<void> {
    const change = billingChange(topic, event.data as EventPayloads[BillingTopic]);
    const applied = await this.users.applyBillingState(
      change.userId,
      change.state,
      change.effectiveAt,
      event.id,
    );
    if (applied) {
      this.logger.info({ eventId: event.id, topic, userId: change.userId }, 'billing state applied');
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
