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
import { type IdentityConfig } from '../config';
import { AccountDeletionRepository } from './account-deletion.repository';
import { PersonalTokenService } from './personal-token.service';
import { SessionService } from './session.service';

/**
 * identity's own identity.user-deleted.v1: by the time it arrives the outbox has published it, so
 * the tombstone that carried it can go. Sessions and keys are ended again (the request may have
 * failed after its write), then every identity document of the user is deleted. Idempotent.
 */
@Controller()
export class UserDeletedConsumer implements EventConsumer {
  constructor(
    private readonly deletion: AccountDeletionRepository,
    private readonly sessions: SessionService,
    private readonly personalTokens: PersonalTokenService,
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  consumerGroup(): ConsumerGroupSettings {
    return { groupId: this.config.USER_DELETED_CONSUMER_GROUP };
  }

  @EventPattern(Topic.UserDeleted)
  async userDeleted({ id, data }: EventEnvelope<EventPayload<Topic.UserDeleted>>): Promise<void> {
    await this.sessions.revokeAllForUser(data.userId, 'account-deleted');
    await this.personalTokens.forgetUser(data.userId);
    await this.deletion.purge(data.userId);
    this.logger.info({ eventId: id, userId: data.userId }, 'user purged from identity');
  }
}
