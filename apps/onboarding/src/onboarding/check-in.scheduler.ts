import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import {
  CHECK_IN_DAYS,
  type CheckInStep,
  type QueueOverview,
  TRIAL_REMINDER_DAYS_BEFORE_END,
} from '@core-vault/contracts';
import { APP_CONFIG } from '@core-vault/platform';
import { type OnboardingConfig } from '../config';

const DAY_MS = 86_400_000;
/** A step whose time passed more than this long ago is not sent late (stale event). */
export const LATE_TOLERANCE_MS = DAY_MS;
const KEEP_FINISHED_SECONDS = 120 * 24 * 3600;

export interface CheckInJobData {
  userId: string;
  step: CheckInStep;
}

/** When each step runs for a trial: days 7, 30, 60 after the start and 3 days before the end. */
export function checkInTimes(startedAt: Date, endsAt: Date): { step: CheckInStep; at: Date }[] {
  return [
    ...CHECK_IN_DAYS.map((d) => ({
      step: `day-${d}` as CheckInStep,
      at: new Date(startedAt.getTime() + d * DAY_MS),
    })),
    { step: 'trial-ending', at: new Date(endsAt.getTime() - TRIAL_REMINDER_DAYS_BEFORE_END * DAY_MS) },
  ];
}

/**
 * Job ids derive from user, trial and step: a duplicate trial-started event adds nothing (BullMQ
 * keeps the existing job, and finished jobs are kept for 120 days), while a later new trial gets
 * its own. No ':' in ids (BullMQ's key separator).
 */
export function checkInJobId(userId: string, trialEndsAt: Date, step: CheckInStep): string {
  const h = createHash('sha256').update(`${userId}|${trialEndsAt.toISOString()}`).digest('hex').slice(0, 32);
  return `${step}-${h}`;
}

/** The delayed check-in jobs in Redis (BullMQ): they survive restarts of the worker. */
@Injectable()
export class CheckInScheduler implements OnApplicationShutdown {
  readonly queue: Queue<CheckInJobData>;
  private readonly connection: Redis;

  constructor(@Inject(APP_CONFIG) config: OnboardingConfig) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    this.queue = new Queue<CheckInJobData>(config.ONBOARDING_QUEUE, { connection: this.connection });
  }

  /** Adds the trial's jobs (delays from `now`); returns their ids. */
  async schedule(userId: string, startedAt: Date, endsAt: Date, now: Date): Promise<string[]> {
    const ids: string[] = [];
    for (const { step, at } of checkInTimes(startedAt, endsAt)) {
      const delay = at.getTime() - now.getTime();
      if (delay < -LATE_TOLERANCE_MS) continue;
      const jobId = checkInJobId(userId, endsAt, step);
      await this.queue.add(
        step,
        { userId, step },
        {
          jobId,
          delay: Math.max(0, delay),
          attempts: 5,
          backoff: { type: 'exponential', delay: 60_000 },
          removeOnComplete: { age: KEEP_FINISHED_SECONDS },
          removeOnFail: { age: KEEP_FINISHED_SECONDS },
        },
      );
      ids.push(jobId);
    }
    return ids;
  }

  /** Removes the jobs that have not run yet; returns how many were removed. */
  async cancel(jobIds: readonly string[]): Promise<number> {
    let removed = 0;
    for (const id of jobIds) {
      const job = await this.queue.getJob(id);
      if (job && ['delayed', 'waiting', 'prioritized'].includes(await job.getState())) {
        await job.remove();
        removed++;
      }
    }
    return removed;
  }

  getJob(id: string): Promise<Job<CheckInJobData> | undefined> {
    return this.queue.getJob(id);
  }

  async overview(limit = 50): Promise<QueueOverview> {
    const counts = await this.queue.getJobCounts('delayed', 'waiting', 'active', 'completed', 'failed');
    const jobs = await this.queue.getJobs(['active', 'waiting', 'delayed', 'failed'], 0, limit - 1, true);
    return {
      queue: this.queue.name,
      counts,
      jobs: await Promise.all(
        jobs.map(async (j) => ({
          id: String(j.id),
          name: j.name,
          state: await j.getState(),
          step: j.data.step,
          runAt: new Date(j.timestamp + (j.delay ?? 0)).toISOString(),
          attempts: j.attemptsMade,
          ...(j.failedReason ? { failedReason: j.failedReason } : {}),
        })),
      ),
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
