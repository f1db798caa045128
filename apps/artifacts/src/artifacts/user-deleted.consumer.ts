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
import { type ArtifactsConfig } from '../config';
import { PublicArtifactCache } from './public-cache';
import { UserErasureRepository } from './user-erasure.repository';

/**
 * identity.user-deleted.v1 → every artifact (with its activity), version, collection and the
 * artifact settings of the user are deleted, and each public read is dropped from the cache the
 * gateway's edge answers from, so a shared link answers 404 at once. Idempotent: a repeated event finds nothing left to erase.
 *
 * No artifact-deleted events are sent: analytics and onboarding erase by user on this same event,
 * and per-artifact events would carry the erased owner's id around again.
 */
@Controller()
export class UserDeletedConsumer implements EventConsumer {
  constructor(
    private readonly erasure: UserErasureRepository,
    private readonly cache: PublicArtifactCache,
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  consumerGroup(): ConsumerGroupSettings {
    return { groupId: this.config.USER_DELETED_CONSUMER_GROUP };
  }

  @EventPattern(Topic.UserDeleted)
  async userDeleted({ id, data }: EventEnvelope<EventPayload<Topic.UserDeleted>>): Promise<void> {
    const owned = await this.erasure.owned(data.userId);
    // The cache first: a newer revision is announced, so a read racing the erasure cannot refill it.
    for (const artifact of owned) await this.cache.invalidate(artifact._id, artifact.rev + 1);
    await this.erasure.erase(
      data.userId,
      owned.map((a) => a._id),
    );
    this.logger.info({ eventId: id, userId: data.userId, artifacts: owned.length }, 'user erased');
  }
}
