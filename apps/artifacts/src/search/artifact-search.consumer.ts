import { Controller, Inject } from '@nestjs/common';
import { type EventEnvelope, type EventPayload, Topic } from '@core-vault/contracts';
import {
  APP_CONFIG,
  type ConsumerGroupSettings,
  type EventConsumer,
  EventPattern,
} from '@core-vault/platform';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { type ArtifactsConfig } from '../config';
import { isSearchUnavailable } from './opensearch.client';
import { SearchCatchUp } from './search-catch-up';
import { toSearchDocument } from './search-document';
import { ArtifactSearchRepository } from './search.repository';

/**
 * The artifacts' own events → the search read model. An event only says *that* an artifact
 * changed; what gets indexed is the artifact as it is now in MongoDB, written with its `rev` as
 * the external version. So the order and number of deliveries do not matter: a replayed or late
 * event re-sends the current state, which the index either already has or takes as newer.
 */
@Controller()
export class ArtifactSearchConsumer implements EventConsumer {
  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly index: ArtifactSearchRepository,
    private readonly catchUp: SearchCatchUp,
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
  ) {}

  consumerGroup(): ConsumerGroupSettings {
    return {
      groupId: this.config.SEARCH_CONSUMER_GROUP,
      // Partitions in parallel: one artifact's events share a partition (keyed by id), and the
      // external versions make any interleaving across artifacts harmless.
      partitionsConsumedConcurrently: 3,
      // A new group starts at the topics' end: the index it feeds is filled from MongoDB when it
      // is created (SearchIndexBootstrap), so replaying the topics' history would only repeat it.
      fromBeginning: false,
    };
  }

  @EventPattern(Topic.ArtifactCreated)
  async created({ data }: EventEnvelope<EventPayload<Topic.ArtifactCreated>>): Promise<void> {
    await this.sync(data.artifactId);
  }

  @EventPattern(Topic.ArtifactUpdated)
  async updated({ data }: EventEnvelope<EventPayload<Topic.ArtifactUpdated>>): Promise<void> {
    await this.sync(data.artifactId);
  }

  @EventPattern(Topic.ArtifactVisibilityChanged)
  async visibilityChanged({
    data,
  }: EventEnvelope<EventPayload<Topic.ArtifactVisibilityChanged>>): Promise<void> {
    await this.sync(data.artifactId);
  }

  @EventPattern(Topic.ArtifactDeleted)
  async deleted({ data }: EventEnvelope<EventPayload<Topic.ArtifactDeleted>>): Promise<void> {
    await this.sync(data.artifactId);
  }

  /** An erased account sends no per-artifact events: its artifacts leave the index by owner. */
  @EventPattern(Topic.UserDeleted)
  async userDeleted({ data }: EventEnvelope<EventPayload<Topic.UserDeleted>>): Promise<void> {
    await this.index.removeOwner(data.userId);
  }

  private async sync(id: string): Promise<void> {
    const doc = await this.artifacts.findForSearch(id);
    // Not in this database: another installation's event on a shared topic, or an artifact
    // erased with its owner (the user-deleted event takes those out of the index).
    if (!doc) return;
    try {
      if (doc.deletedAt) await this.index.remove(id, doc.rev);
      else await this.index.upsert(toSearchDocument(doc), doc.rev);
    } catch (err) {
      // The engine is away: re-indexed from MongoDB once it is back, not parked as a failure.
      if (!isSearchUnavailable(err)) throw err;
      this.catchUp.missed(new Date(doc.updatedAt));
    }
  }
}
