import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type EventEnvelope, type EventPayloads, Topic, productEventCatalog } from '@core-vault/contracts';
import { APP_CONFIG, EventConsumers, EventFactory, OutboxRelayService } from '@core-vault/platform';
import { type AnalyticsConfig } from '../config';
import { ArtifactStatsRepository } from './artifact-stats.repository';

type P = EventPayloads;

/**
 * The artifacts service's own events keep analytics' artifact → owner map, visibility and deletion
 * flags (which decide how views count) and the share counter. Each is applied once per document.
 */
@Injectable()
export class ArtifactEventsConsumer implements OnApplicationBootstrap {
  private readonly events = new EventFactory(productEventCatalog, 'analytics');

  constructor(
    private readonly consumers: EventConsumers,
    private readonly stats: ArtifactStatsRepository,
    private readonly outbox: OutboxRelayService,
    @Inject(APP_CONFIG) private readonly config: AnalyticsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      groupId: this.config.ARTIFACTS_CONSUMER_GROUP,
      topics: [
        Topic.ArtifactCreated,
        Topic.ArtifactVisibilityChanged,
        Topic.ArtifactDeleted,
        Topic.ArtifactShared,
      ],
      handler: (event, ctx) => this.apply(ctx.topic, event),
    });
  }

  async apply(topic: string, event: EventEnvelope): Promise<void> {
    switch (topic as Topic) {
      case Topic.ArtifactCreated: {
        const d = event.data as P[Topic.ArtifactCreated];
        const doc = await this.stats.applyArtifactEvent(d.artifactId, event.id, {
          known: true,
          ownerId: d.ownerId,
          isPublic: d.isPublic,
        });
        // Views held before the artifact was known now reach the product's view count.
        if (doc && doc.total > 0) {
          await this.stats.emit(
            d.artifactId,
            this.events.create(
              Topic.ViewCountChanged,
              { artifactId: d.artifactId, viewCount: doc.total },
              { key: d.artifactId },
            ),
          );
          this.outbox.nudge();
        }
        return;
      }
      case Topic.ArtifactVisibilityChanged: {
        const d = event.data as P[Topic.ArtifactVisibilityChanged];
        await this.stats.applyArtifactEvent(d.artifactId, event.id, {
          ownerId: d.ownerId,
          isPublic: d.isPublic,
        });
        return;
      }
      case Topic.ArtifactDeleted: {
        const d = event.data as P[Topic.ArtifactDeleted];
        await this.stats.applyArtifactEvent(d.artifactId, event.id, { ownerId: d.ownerId, deleted: true });
        return;
      }
      case Topic.ArtifactShared: {
        const d = event.data as P[Topic.ArtifactShared];
        await this.stats.applyArtifactEvent(d.artifactId, event.id, { ownerId: d.ownerId }, { shares: 1 });
        return;
      }
    }
  }
}
