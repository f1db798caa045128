import { Controller, Inject } from '@nestjs/common';
import { type EventPayload, Topic } from '@core-vault/contracts';
import {
  APP_CONFIG,
  type ConsumerGroupSettings,
  type EventConsumer,
  type BatchEvent,
  EventBatchPattern,
} from '@core-vault/platform';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { type ArtifactsConfig } from '../config';
import { isSearchUnavailable } from './opensearch.client';
import { SearchCatchUp } from './search-catch-up';
import { ArtifactSearchRepository } from './search.repository';

/** Artifacts read from MongoDB and sent to the index at a time. */
const CHUNK = 100;

/**
 * The artifacts' own events → the search read model. An event only says *that* an artifact
 * changed; what gets indexed is the artifact as it is now in MongoDB, written with its `rev` as
 * the external version. So the order and number of deliveries do not matter: a replayed or late
 * event re-sends the current state, which the index either already has or takes as newer.
 * Batches: a burst of events (a catch-up, or another stack's on a shared topic) costs one
 * MongoDB read and one bulk request per chunk, not a round trip per event.
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
      // A catch-up after a pause (or another stack's burst on a shared topic) in few requests,
      // one chunk per handler call: the consumer heartbeats between calls, and 500 artifacts of
      // 20 KB could outlast the session on a loaded machine.
      maxBatchSize: CHUNK,
      // A new group starts at the topics' end: the index it feeds is filled from MongoDB when it
      // is created (SearchIndexBootstrap), so replaying the topics' history would only repeat it.
      fromBeginning: false,
    };
  }

  @EventBatchPattern(Topic.ArtifactCreated)
  async created(events: readonly BatchEvent<EventPayload<Topic.ArtifactCreated>>[]): Promise<void> {
    await this.sync(events.map(({ event }) => event.data.artifactId));
  }

  @EventBatchPattern(Topic.ArtifactUpdated)
  async updated(events: readonly BatchEvent<EventPayload<Topic.ArtifactUpdated>>[]): Promise<void> {
    await this.sync(events.map(({ event }) => event.data.artifactId));
  }

  @EventBatchPattern(Topic.ArtifactVisibilityChanged)
  async visibilityChanged(
    events: readonly BatchEvent<EventPayload<Topic.ArtifactVisibilityChanged>>[],
  ): Promise<void> {
    await this.sync(events.map(({ event }) => event.data.artifactId));
  }

  /** Out of the index while in the trash (deletedAt set), back in on a restore. */
  @EventBatchPattern(Topic.ArtifactTrashChanged)
  async trashChanged(events: readonly BatchEvent<EventPayload<Topic.ArtifactTrashChanged>>[]): Promise<void> {
    await this.sync(events.map(({ event }) => event.data.artifactId));
  }

  @EventBatchPattern(Topic.ArtifactDeleted)
  async deleted(events: readonly BatchEvent<EventPayload<Topic.ArtifactDeleted>>[]): Promise<void> {
    await this.sync(events.map(({ event }) => event.data.artifactId));
  }

  /** An erased account sends no per-artifact events: its artifacts leave the index by owner. */
  @EventBatchPattern(Topic.UserDeleted)
  async userDeleted(events: readonly BatchEvent<EventPayload<Topic.UserDeleted>>[]): Promise<void> {
    for (const owner of new Set(events.map(({ event }) => event.data.userId)))
      await this.index.removeOwner(owner);
  }

  /**
   * The artifacts of a batch as they are now, a chunk at a time (bounded memory: contents can be
   * large): one MongoDB read and one bulk request per chunk, whatever the batch's size. Ids not in
   * this database are another installation's events on a shared topic, or artifacts erased with
   * their owner (the user-deleted event takes those out of the index): nothing to do.
   */
  private async sync(ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += CHUNK) {
      const docs = await this.artifacts.findManyForSearch(unique.slice(i, i + CHUNK));
      try {
        await this.index.sync(docs);
      } catch (err) {
        // The engine is away: re-indexed from MongoDB once it is back, not parked as a failure.
        if (!isSearchUnavailable(err)) throw err;
        await this.catchUp.missed(new Date(Math.min(...docs.map((d) => +new Date(d.updatedAt)))));
      }
    }
  }
}
