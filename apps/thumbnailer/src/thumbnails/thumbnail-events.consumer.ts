import { Controller, Inject } from '@nestjs/common';
import { type EventEnvelope, type EventPayload, Topic } from '@core-vault/contracts';
import {
  APP_CONFIG,
  type ConsumerGroupSettings,
  type EventConsumer,
  EventPattern,
} from '@core-vault/platform';
import { type ThumbnailerConfig } from '../config';
import { versionToRender } from './thumbnail-jobs';
import { ThumbnailQueue } from './thumbnail.queue';
import { ThumbnailsRepository } from './thumbnails.repository';

/**
 * The artifacts' own events: a new version queues its render, a deleted artifact or account
 * takes its pictures along. Idempotent twice over: the platform skips an event id it handled,
 * and a version has one job id (a replay finds the job and adds nothing).
 */
@Controller()
export class ThumbnailEventsConsumer implements EventConsumer {
  constructor(
    private readonly queue: ThumbnailQueue,
    private readonly thumbnails: ThumbnailsRepository,
    @Inject(APP_CONFIG) private readonly config: ThumbnailerConfig,
  ) {}

  consumerGroup(): ConsumerGroupSettings {
    return { groupId: this.config.THUMBNAIL_CONSUMER_GROUP };
  }

  @EventPattern(Topic.ArtifactCreated)
  async created({ data }: EventEnvelope<EventPayload<Topic.ArtifactCreated>>): Promise<void> {
    await this.versionMade(data.artifactId, data.ownerId, versionToRender(Topic.ArtifactCreated, data));
  }

  @EventPattern(Topic.ArtifactUpdated)
  async updated({ data }: EventEnvelope<EventPayload<Topic.ArtifactUpdated>>): Promise<void> {
    await this.versionMade(data.artifactId, data.ownerId, versionToRender(Topic.ArtifactUpdated, data));
  }

  @EventPattern(Topic.ArtifactDeleted)
  async deleted({ data }: EventEnvelope<EventPayload<Topic.ArtifactDeleted>>): Promise<void> {
    await this.thumbnails.removeArtifact(data.artifactId);
  }

  @EventPattern(Topic.UserDeleted)
  async userDeleted({ data }: EventEnvelope<EventPayload<Topic.UserDeleted>>): Promise<void> {
    await this.thumbnails.removeOwner(data.userId);
  }

  private async versionMade(artifactId: string, ownerId: string, version: number | null): Promise<void> {
    // No record until the render is done: a version without one reads as pending.
    if (version !== null) await this.queue.enqueue({ artifactId, ownerId, version });
  }
}
