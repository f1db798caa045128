import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import {
  type CheckInStep,
  MILESTONES,
  MILESTONE_LABELS,
  type Milestone,
  type OnboardingProgress,
} from '@core-vault/contracts';
import { APP_CONFIG, CLOCK, type Clock, LOGGER, Mailer } from '@core-vault/platform';
import { type OnboardingConfig } from '../config';
import { checkInMail } from './check-in-mail';
import { CheckInScheduler } from './check-in.scheduler';
import { healthScore } from './health-score';
import { OnboardingRepository } from './onboarding.repository';
import { type OnboardingUserDoc } from './onboarding.schema';

export type CheckInOutcome = 'sent' | 'already-sent' | 'skipped';

/** Onboarding's rules: trials schedule check-ins, events reach milestones, the score follows. */
@Injectable()
export class OnboardingService {
  constructor(
    private readonly users: OnboardingRepository,
    private readonly scheduler: CheckInScheduler,
    private readonly mailer: Mailer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: OnboardingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async trialStarted(
    eventId: string,
    userId: string,
    email: string,
    startedAt: Date,
    endsAt: Date,
  ): Promise<void> {
    await this.users.recordTrialStarted(userId, eventId, { email, startedAt, endsAt });
    // Also on a replay after a crash (scheduling is idempotent by job id), unless canceled since.
    const doc = await this.users.findUser(userId);
    if (doc?.canceledAt && new Date(doc.canceledAt) >= startedAt) return;
    const jobIds = await this.scheduler.schedule(userId, startedAt, endsAt, this.clock.now());
    await this.users.addJobs(userId, jobIds);
    await this.rescore(userId);
  }

  async subscriptionCanceled(eventId: string, userId: string, at: Date): Promise<void> {
    await this.users.recordCancellation(userId, eventId, at);
    const doc = await this.users.findUser(userId);
    const removed = await this.scheduler.cancel(doc?.scheduledJobs ?? []);
    this.logger.info({ removed }, 'pending check-ins removed after cancellation');
  }

  /** From an event (applied once per event id) or from the SPA (idempotent: first time wins). */
  async reach(userId: string, milestone: Milestone, at: Date, eventId?: string): Promise<void> {
    await this.users.reachMilestone(userId, milestone, at, eventId);
    await this.rescore(userId);
  }

  async progress(userId: string): Promise<OnboardingProgress> {
    const doc = await this.users.findUser(userId);
    const { score, band } = await this.rescore(userId, doc);
    const milestones = MILESTONES.map((key) => ({
      key,
      label: MILESTONE_LABELS[key],
      reachedAt: doc?.milestones?.[key] ? new Date(doc.milestones[key]).toISOString() : null,
    }));
    return {
      milestones,
      completed: milestones.filter((m) => m.reachedAt).length,
      healthScore: score,
      band,
      dismissed: Boolean(doc?.checklistDismissedAt),
      tourDone: Boolean(doc?.tourDoneAt),
    };
  }

  /** The dashboard checklist hidden or shown again; stored per user, so every device agrees. */
  async setChecklistDismissed(userId: string, dismissed: boolean): Promise<OnboardingProgress> {
    await this.users.setChecklistDismissed(userId, dismissed ? this.clock.now() : null);
    return this.progress(userId);
  }

  /** The dashboard tour done (finished or skipped) or to be shown again; per user, like the checklist. */
  async setTourDone(userId: string, done: boolean): Promise<OnboardingProgress> {
    await this.users.setTourDone(userId, done ? this.clock.now() : null);
    return this.progress(userId);
  }

  /** What a check-in job does: one e-mail per step, shaped by the user's progress. */
  async runCheckIn(userId: string, step: CheckInStep): Promise<CheckInOutcome> {
    const doc = await this.users.findUser(userId);
    if (!doc?.email || doc.canceledAt) return 'skipped';
    if (doc.checkIns?.[step]) return 'already-sent';
    await this.rescore(userId, doc);
    await this.mailer.send(
      checkInMail({
        to: doc.email,
        step,
        milestones: doc.milestones ?? {},
        trialEndsAt: doc.trialEndsAt ? new Date(doc.trialEndsAt) : null,
        webOrigin: this.config.WEB_ORIGIN,
      }),
    );
    await this.users.markCheckIn(userId, step, this.clock.now());
    return 'sent';
  }

  private async rescore(userId: string, known?: OnboardingUserDoc | null) {
    const doc = known === undefined ? await this.users.findUser(userId) : known;
    const now = this.clock.now();
    const result = healthScore(
      {
        milestones: doc?.milestones ?? {},
        activity: (doc?.activity ?? []).map((d) => new Date(d)),
      },
      now,
    );
    if (doc && (doc.healthScore !== result.score || doc.band !== result.band))
      await this.users.saveScore(userId, result.score, result.band, now);
    return result;
  }
}
