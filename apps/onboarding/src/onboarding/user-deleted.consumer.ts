import { Controller, Inject } from '@nestjs/common';
import { type Logger } from 'pino';
import { type EventEnvelope, type EventPayload, Topic } from '@core-vault/contracts';
import {
  APP_CONFIG,
  type ConsumerGroupSettings,
  type EventConsumer,
  EventPattern,
  LOGGER,
} from '@core-vault/platform';
import { type OnboardingConfig } from '../config';
import { CheckInScheduler } from './check-in.scheduler';
import { OnboardingUserErasure } from './user-erasure.repository';

/**
 * identity.user-deleted.v1 → the user's check-in jobs (pending ones, and finished ones, which
 * keep the user id in their data for months) and the onboarding document are erased. Jobs
 * first: a retry still finds their ids on the document. Idempotent: a repeat finds nothing.
 */
@Controller()
export class UserDeletedConsumer implements EventConsumer {
  constructor(
    private readonly erasure: OnboardingUserErasure,
    private readonly scheduler: CheckInScheduler,
    @Inject(APP_CONFIG) private readonly config: OnboardingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  consumerGroup(): ConsumerGroupSettings {
    return { groupId: this.config.USER_DELETED_CONSUMER_GROUP };
  }

  @EventPattern(Topic.UserDeleted)
  async userDeleted({ id, data }: EventEnvelope<EventPayload<Topic.UserDeleted>>): Promise<void> {
    const jobIds = await this.erasure.scheduledJobs(data.userId);
    for (const jobId of jobIds) {
      const job = await this.scheduler.getJob(jobId);
      // A running job is locked and cannot be removed: the throw makes the platform retry later.
      if (job && (await job.getState()) === 'active')
        throw new Error(`check-in ${jobId} is running; erasure retried`);
      await job?.remove();
    }
    await this.erasure.remove(data.userId);
    this.logger.info({ eventId: id, userId: data.userId, jobs: jobIds.length }, 'user onboarding erased');
  }
}
