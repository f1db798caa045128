import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, METRICS, type ServiceMetrics } from '@core-vault/platform';
import { type ThumbnailerConfig } from '../config';
import {
  type DeadThumbnailJobData,
  type ThumbnailJobData,
  deadLetterQueueName,
  thumbnailJobOptions,
} from './thumbnail-jobs';

const KEEP_DEAD_SECONDS = 28 * 24 * 3600;

/**
 * The render jobs in Redis (BullMQ) and their dead-letter queue `<queue>-dead`, which no worker
 * takes: the jobs that failed every attempt wait there for an operator (docs/thumbnails.md). Its
 * wait list is what KEDA scales the worker on.
 */
@Injectable()
export class ThumbnailQueue implements OnModuleInit, OnApplicationShutdown {
  readonly queue: Queue<ThumbnailJobData>;
  readonly dead: Queue<DeadThumbnailJobData>;
  private readonly connection: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: ThumbnailerConfig,
    @Inject(METRICS) private readonly metrics: ServiceMetrics,
  ) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    this.queue = new Queue<ThumbnailJobData>(config.THUMBNAIL_QUEUE, { connection: this.connection });
    this.dead = new Queue<DeadThumbnailJobData>(deadLetterQueueName(config.THUMBNAIL_QUEUE), {
      connection: this.connection,
    });
  }

  onModuleInit(): void {
    this.metrics.onCollect('queue', async () => {
      for (const q of [this.queue, this.dead] as Queue[]) {
        const counts = await q.getJobCounts('waiting', 'delayed', 'active', 'failed');
        for (const [state, n] of Object.entries(counts))
          this.metrics.queueDepth.set({ queue: q.name, state }, n);
      }
    });
  }

  /** Adds the version's job; a job of that version already there (any state) is kept instead. */
  async enqueue(data: ThumbnailJobData): Promise<void> {
    await this.queue.add(
      'render',
      data,
      thumbnailJobOptions(data.artifactId, data.version, {
        attempts: this.config.THUMBNAIL_ATTEMPTS,
        backoffMs: this.config.THUMBNAIL_BACKOFF_MS,
      }),
    );
  }

  async deadLetter(job: Job<ThumbnailJobData>, reason: string, now: Date): Promise<void> {
    await this.dead.add(
      'dead',
      {
        ...job.data,
        failedReason: reason.slice(0, 2000),
        attempts: job.attemptsMade + 1,
        failedAt: now.toISOString(),
      },
      // The same id: a job dead-lettered twice (a crash right after) is one entry.
      { jobId: String(job.id), removeOnComplete: true, removeOnFail: { age: KEEP_DEAD_SECONDS } },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.dead.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
