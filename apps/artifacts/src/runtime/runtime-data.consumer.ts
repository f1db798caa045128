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
import { RuntimeStorageRepository } from './runtime-storage.repository';

/**
 * Runtime data leaves with what it belongs to: artifacts.artifact-deleted → the artifact's
 * stores, entries and settings; identity.user-deleted → the user's personal data in every
 * artifact and everything of the user's own artifacts. Deletes only, so a repeated or late
 * event finds nothing more to do (idempotent).
 */
@Controller()
export class RuntimeDataConsumer implements EventConsumer {
  constructor(
    private readonly repo: RuntimeStorageRepository,
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  consumerGroup(): ConsumerGroupSettings {
    return { groupId: this.config.RUNTIME_CONSUMER_GROUP };
  }

  @EventPattern(Topic.ArtifactDeleted)
  async artifactDeleted({ data }: EventEnvelope<EventPayload<Topic.ArtifactDeleted>>): Promise<void> {
    await this.repo.removeArtifact(data.artifactId);
  }

  @EventPattern(Topic.UserDeleted)
  async userDeleted({ id, data }: EventEnvelope<EventPayload<Topic.UserDeleted>>): Promise<void> {
    await this.repo.eraseUser(data.userId);
    this.logger.info({ eventId: id, userId: data.userId }, 'artifact runtime data erased');
  }
}
