import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { type Logger } from 'pino';
import { APP_CONFIG, LOGGER } from '@core-vault/platform';
import { type ArtifactsConfig } from '../config';
import { PurgeDueArtifacts } from './usecases/purge-due-artifacts.usecase';

const SCHEDULER_ID = 'purge-trash';
const KEEP_FINISHED_SECONDS = 7 * 24 * 3600;
const KEEP_DEAD_SECONDS = 28 * 24 * 3600;

export const deadLetterQueueName = (queue: string): string => `${queue}-dead`;
export const isLastAttempt = (attemptsMade: number, attempts: number | undefined): boolean =>
  attemptsMade + 1 >= (attempts ?? 1);

/**
 * The purge job (BullMQ, in Redis): a job scheduler runs PurgeDueArtifacts every
 * TRASH_PURGE_EVERY_MS, on whichever replica's worker takes it (one run at a time: concurrency 1,
 * and a run is idempotent anyway). A run that fails is retried with backoff; one that failed every
 * attempt is copied to `<queue>-dead` for an operator (docs/guides/operations.md, dead letters), and
 * the next scheduled run tries the same artifacts again.
 */
@Injectable()
export class PurgeTrashJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue: Queue | undefined;
  private dead: Queue | undefined;
  private worker: Worker | undefined;
  private connection: Redis | undefined;

  constructor(
    private readonly purgeDue: PurgeDueArtifacts,
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const c = this.config;
    this.connection = new Redis(c.REDIS_URL, { maxRetriesPerRequest: null });
    this.queue = new Queue(c.TRASH_QUEUE, { connection: this.connection });
    this.dead = new Queue(deadLetterQueueName(c.TRASH_QUEUE), { connection: this.connection });
    // Upserted by every replica at start: one scheduler, the latest interval.
    await this.queue.upsertJobScheduler(
      SCHEDULER_ID,
      { every: c.TRASH_PURGE_EVERY_MS },
      {
        name: 'purge',
        opts: {
          attempts: c.TRASH_PURGE_ATTEMPTS,
          backoff: { type: 'exponential', delay: c.TRASH_PURGE_BACKOFF_MS },
          removeOnComplete: { age: KEEP_FINISHED_SECONDS, count: 100 },
          removeOnFail: { age: KEEP_FINISHED_SECONDS, count: 100 },
        },
      },
    );
    this.worker = new Worker(c.TRASH_QUEUE, (job) => this.run(job), {
      connection: this.connection,
      concurrency: 1,
    });
    this.worker.on('failed', (job, err) =>
      this.logger.warn(
        { jobId: job?.id, attempt: job?.attemptsMade, err: err.message },
        'trash purge failed',
      ),
    );
  }

  private async run(job: Job): Promise<{ purged: number }> {
    try {
      const purged = await this.purgeDue.execute(new Date());
      if (purged > 0) this.logger.info({ purged }, 'trash purged');
      return { purged };
    } catch (err) {
      if (isLastAttempt(job.attemptsMade, job.opts.attempts)) {
        const reason = err instanceof Error ? err.message : String(err);
        await this.dead?.add(
          'dead',
          {
            failedReason: reason.slice(0, 2000),
            attempts: job.attemptsMade + 1,
            failedAt: new Date().toISOString(),
          },
          { jobId: String(job.id), removeOnComplete: true, removeOnFail: { age: KEEP_DEAD_SECONDS } },
        );
        this.logger.error({ jobId: job.id, err: reason }, 'trash purge dead-lettered');
      }
      throw err;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    await this.dead?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
