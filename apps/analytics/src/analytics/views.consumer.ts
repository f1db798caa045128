import { Controller, Inject } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { type Logger } from 'pino';
import { type EventPayload, Topic } from '@core-vault/contracts';
import {
  APP_CONFIG,
  type BatchEvent,
  type BatchHandlerContext,
  type ConsumerGroupSettings,
  EventBatchPattern,
  type EventConsumer,
  contextEvents,
  LOGGER,
  type OutboxEntry,
  OutboxRelayService,
  REDIS,
  RedisProcessedEventStore,
} from '@core-vault/platform';
import { type AnalyticsConfig } from '../config';
import { ArtifactStatsRepository } from './artifact-stats.repository';
import { needsWrite, planViewWrites } from './view-plan';
import { VisitorSets } from './visitor-sets';

/**
 * artifacts.artifact-viewed.v1 → per-artifact statistics, in batches. Per batch: one Redis round
 * trip to drop already-seen event ids, one read of the artifacts' stats, one bulk write (counters,
 * offset watermark and the coalesced view-count event together), one pipeline of visitor sets.
 */
@Controller()
export class ViewsConsumer implements EventConsumer {
  /** Analytics' typed producer: only analytics.* topics compile. */
  private readonly events = contextEvents('analytics');
  private readonly log: Logger;

  constructor(
    private readonly stats: ArtifactStatsRepository,
    private readonly visitors: VisitorSets,
    private readonly outbox: OutboxRelayService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AnalyticsConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.log = logger.child({ component: 'views-consumer' });
  }

  consumerGroup(): ConsumerGroupSettings {
    return {
      groupId: this.config.VIEWS_CONSUMER_GROUP,
      maxBatchSize: this.config.VIEWS_BATCH_SIZE,
      // ~500 bytes a view: fetches big enough to fill a batch, so per-batch costs spread thin.
      maxBytesPerPartition: this.config.VIEWS_BATCH_SIZE * 1024,
      // The offset watermark makes the counters replay-safe; the markers only catch resent ids.
      store: new RedisProcessedEventStore(
        this.redis,
        this.config.VIEW_DEDUPE_TTL_HOURS * 3600,
        `${this.config.ANALYTICS_REDIS_PREFIX}:seen`,
      ),
      partitionsConsumedConcurrently: this.config.KAFKA_TOPIC_PARTITIONS,
    };
  }

  @EventBatchPattern(Topic.ArtifactViewed)
  async apply(
    batch: readonly BatchEvent<EventPayload<Topic.ArtifactViewed>>[],
    { partition }: BatchHandlerContext,
  ): Promise<void> {
    const t0 = performance.now();
    const views = batch.map(({ event, offset }) => ({ offset: Number(offset), data: event.data }));
    const ids = [...new Set(views.map((v) => v.data.artifactId))];
    const snapshots = await this.stats.snapshots(ids);
    const t1 = performance.now();
    const plan = planViewWrites(partition, snapshots, views);
    const writes = plan.filter(needsWrite);
    const events = new Map<string, OutboxEntry>();
    for (const w of writes) {
      if (w.newTotal !== null)
        events.set(
          w.artifactId,
          this.events.create(
            Topic.ViewCountChanged,
            { artifactId: w.artifactId, viewCount: w.newTotal },
            { key: w.artifactId },
          ),
        );
    }
    // Both idempotent (SADD; the watermark guard), and a retried batch re-adds replayed views'
    // visitors, so the two writes can run side by side.
    await Promise.all([
      this.visitors.add(plan),
      this.stats.applyViews(partition, writes, events, new Date()),
    ]);
    this.log.debug(
      {
        partition,
        views: batch.length,
        artifacts: writes.length,
        readMs: t1 - t0,
        writeMs: performance.now() - t1,
      },
      'views batch applied',
    );
    if (events.size > 0) this.outbox.nudge();
    const dropped = plan.reduce(
      (acc, w) => ({
        deleted: acc.deleted + w.dropped.deleted,
        private: acc.private + w.dropped.private,
        replayed: acc.replayed + w.dropped.replayed,
      }),
      { deleted: 0, private: 0, replayed: 0 },
    );
    if (dropped.deleted || dropped.private || dropped.replayed)
      this.log.info({ partition, ...dropped }, 'views dropped: deleted artifact, private artifact or replay');
  }
}
