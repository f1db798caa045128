import { Controller, Inject } from '@nestjs/common';
import { type EventEnvelope, type EventPayload, Topic } from '@core-vault/contracts';
import {
  APP_CONFIG,
  type ConsumerGroupSettings,
  type EventConsumer,
  contextEvents,
  EventPattern,
  OutboxRelayService,
} from '@core-vault/platform';
import { type AnalyticsConfig } from '../config';
import { ArtifactStatsRepository } from './artifact-stats.repository';

/**
 * The artifacts service's own events keep analytics' artifact → owner map, visibility, trash and
 * deletion flags (which decide how views count) and the share, download and remix counters. Each
 * is applied once per document.
 */
@Controller()
export class ArtifactEventsConsumer implements EventConsumer {
  /** Analytics' typed producer: only analytics.* topics compile. */
  private readonly events = contextEvents('analytics');

  constructor(
    private readonly stats: ArtifactStatsRepository,
    private readonly outbox: OutboxRelayService,
    @Inject(APP_CONFIG) private readonly config: AnalyticsConfig,
  ) {}

  consumerGroup(): ConsumerGroupSettings {
    return { groupId: this.config.ARTIFACTS_CONSUMER_GROUP };
  }

  @EventPattern(Topic.ArtifactCreated)
  async created({ id, data }: EventEnvelope<EventPayload<Topic.ArtifactCreated>>): Promise<void> {
    const doc = await this.stats.applyArtifactEvent(data.artifactId, id, {
      known: true,
      ownerId: data.ownerId,
      isPublic: data.isPublic,
    });
    // A copy saved from another artifact: one more remix of the original.
    if (data.remixedFrom) await this.stats.applyArtifactEvent(data.remixedFrom, id, {}, { remixes: 1 });
    // Signed-in views held for their viewers are sorted now that the owner is known; also on a
    // redelivery (doc null), in case the first delivery stopped between the two writes.
    const released = await this.stats.releaseHeld(data.artifactId);
    // Views counted before the artifact was known now reach the product's view count.
    const after = released ?? doc;
    if (after && after.total > 0) {
      await this.stats.emit(
        data.artifactId,
        this.events.create(
          Topic.ViewCountChanged,
          { artifactId: data.artifactId, viewCount: after.total },
          { key: data.artifactId },
        ),
      );
      this.outbox.nudge();
    }
  }

  @EventPattern(Topic.ArtifactVisibilityChanged)
  async visibilityChanged({
    id,
    data,
  }: EventEnvelope<EventPayload<Topic.ArtifactVisibilityChanged>>): Promise<void> {
    await this.stats.applyArtifactEvent(data.artifactId, id, {
      ownerId: data.ownerId,
      isPublic: data.isPublic,
    });
  }

  @EventPattern(Topic.ArtifactDeleted)
  async deleted({ id, data }: EventEnvelope<EventPayload<Topic.ArtifactDeleted>>): Promise<void> {
    await this.stats.applyArtifactEvent(data.artifactId, id, { ownerId: data.ownerId, deleted: true });
  }

  /** In the trash: out of the owner's reads, counts kept; a restore brings them back as they were. */
  @EventPattern(Topic.ArtifactTrashChanged)
  async trashChanged({ id, data }: EventEnvelope<EventPayload<Topic.ArtifactTrashChanged>>): Promise<void> {
    await this.stats.applyArtifactEvent(data.artifactId, id, {
      ownerId: data.ownerId,
      trashed: data.inTrash,
    });
  }

  @EventPattern(Topic.ArtifactShared)
  async shared({ id, data }: EventEnvelope<EventPayload<Topic.ArtifactShared>>): Promise<void> {
    await this.stats.applyArtifactEvent(data.artifactId, id, { ownerId: data.ownerId }, { shares: 1 });
  }

  @EventPattern(Topic.ArtifactDownloaded)
  async downloaded({ id, data }: EventEnvelope<EventPayload<Topic.ArtifactDownloaded>>): Promise<void> {
    await this.stats.applyArtifactEvent(data.artifactId, id, { ownerId: data.ownerId }, { downloads: 1 });
  }
}
