import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { type Logger } from 'pino';
import { APP_CONFIG, CLOCK, type Clock, LOGGER, METRICS, type ServiceMetrics } from '@core-vault/platform';
import { type ThumbnailerConfig } from '../config';
import { RenderThumbnailUseCase, type RenderOutcome } from './render-thumbnail.usecase';
import { type ThumbnailJobData, isLastAttempt } from './thumbnail-jobs';
import { ThumbnailQueue } from './thumbnail.queue';
import { ThumbnailsRepository } from './thumbnails.repository';

/**
 * Takes render jobs, THUMBNAIL_CONCURRENCY at once (one page each in the one Chromium). The last
 * failing attempt of a job goes to the dead-letter queue and marks the version `failed` (the app
 * keeps its placeholder) before BullMQ records the failure.
 */
@Injectable()
export class ThumbnailWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker<ThumbnailJobData, RenderOutcome> | undefined;
  private connection: Redis | undefined;

  constructor(
    private readonly render: RenderThumbnailUseCase,
    private readonly queue: ThumbnailQueue,
    private readonly thumbnails: ThumbnailsRepository,
    @Inject(METRICS) private readonly metrics: ServiceMetrics,
    @Inject(APP_CONFIG) private readonly config: ThumbnailerConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.worker = new Worker<ThumbnailJobData, RenderOutcome>(
      this.config.THUMBNAIL_QUEUE,
      (job) => this.run(job),
      {
        connection: this.connection,
        concurrency: this.config.THUMBNAIL_CONCURRENCY,
        // A render holds its lock at most its timeout; the lock outlives it.
        lockDuration: this.config.THUMBNAIL_RENDER_TIMEOUT_MS + 30_000,
      },
    );
    this.worker.on('failed', (job, err) => {
      this.metrics.queueFailures.inc({ queue: this.config.THUMBNAIL_QUEUE });
      this.logger.warn(
        { jobId: job?.id, attempt: job?.attemptsMade, err: err.message },
        'thumbnail render failed',
      );
    });
  }

  private async run(job: Job<ThumbnailJobData>): Promise<RenderOutcome> {
    try {
      return await this.render.execute(job.data);
    } catch (err) {
      if (isLastAttempt(job.attemptsMade, job.opts.attempts)) {
        const reason = err instanceof Error ? err.message : String(err);
        const now = this.clock.now();
        await this.queue.deadLetter(job, reason, now);
        await this.thumbnails.markFailed(
          job.data.artifactId,
          job.data.ownerId,
          job.data.version,
          reason,
          now,
        );
        this.logger.error({ jobId: job.id, err: reason }, 'thumbnail job dead-lettered');
      }
      throw err;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
