import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { type Logger } from 'pino';
import { APP_CONFIG, LOGGER } from '@core-vault/platform';
import { type OnboardingConfig } from '../config';
import { type CheckInJobData } from './check-in.scheduler';
import { OnboardingService } from './onboarding.service';

/** Runs due check-in jobs. The job holds no logic: it names a user and a step, the service acts. */
@Injectable()
export class CheckInWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker<CheckInJobData> | undefined;
  private connection: Redis | undefined;

  constructor(
    private readonly onboarding: OnboardingService,
    @Inject(APP_CONFIG) private readonly config: OnboardingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.worker = new Worker<CheckInJobData>(
      this.config.ONBOARDING_QUEUE,
      (job) => this.onboarding.runCheckIn(job.data.userId, job.data.step),
      { connection: this.connection, concurrency: 5 },
    );
    this.worker.on('failed', (job, err) =>
      this.logger.warn({ jobId: job?.id, step: job?.data.step, err: err.message }, 'check-in job failed'),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
