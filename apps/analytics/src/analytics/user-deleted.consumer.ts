import { Controller, Inject } from '@nestjs/common';
import { type Logger } from 'pino';
import { type EventEnvelope, type EventPayload, Topic } from '@core-vault/contracts';
import {
  APP_CONFIG,
  type ConsumerGroupSettings,
  type EventConsumer,
  EventPattern,
  LOGGER,
} from '@core-vault/platform';
import { type AnalyticsConfig } from '../config';
import { AnalyticsUserErasure } from './user-erasure.repository';

/**
 * identity.user-deleted.v1 → the user's artifact statistics and visitor sets are erased.
 * Idempotent: a repeated event finds nothing left (and the platform drops a known event id).
 */
@Controller()
export class UserDeletedConsumer implements EventConsumer {
  constructor(
    private readonly erasure: AnalyticsUserErasure,
    @Inject(APP_CONFIG) private readonly config: AnalyticsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  consumerGroup(): ConsumerGroupSettings {
    return { groupId: this.config.USER_DELETED_CONSUMER_GROUP };
  }

  @EventPattern(Topic.UserDeleted)
  async userDeleted({ id, data }: EventEnvelope<EventPayload<Topic.UserDeleted>>): Promise<void> {
    const artifacts = await this.erasure.erase(data.userId);
    this.logger.info({ eventId: id, userId: data.userId, artifacts }, 'user analytics erased');
  }
}
