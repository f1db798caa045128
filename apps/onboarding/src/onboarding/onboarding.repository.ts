import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, type UpdateQuery } from 'mongoose';
import { type CheckInStep, type HealthBand, type Milestone } from '@core-vault/contracts';
import { applyOnce } from '@core-vault/platform';
import { ACTIVITY_KEPT, ONBOARDING_USER_MODEL, type OnboardingUserDoc } from './onboarding.schema';

const isDuplicateKey = (err: unknown) => (err as { code?: number } | null)?.code === 11000;

/** The only place that touches onboarding_users. */
@Injectable()
export class OnboardingRepository {
  constructor(@InjectModel(ONBOARDING_USER_MODEL) private readonly model: Model<OnboardingUserDoc>) {}

  findUser(userId: string): Promise<OnboardingUserDoc | null> {
    return this.model.findById(userId).lean<OnboardingUserDoc>().exec();
  }

  /**
   * A trial began: the user's address and trial dates, and any earlier cancellation forgotten.
   * Applied once per event id; false when it had been applied already.
   */
  recordTrialStarted(
    userId: string,
    eventId: string,
    trial: { email: string; startedAt: Date; endsAt: Date },
  ): Promise<boolean> {
    return this.applyEvent(userId, eventId, {
      $set: {
        email: trial.email,
        trialStartedAt: trial.startedAt,
        trialEndsAt: trial.endsAt,
        canceledAt: null,
      },
    });
  }

  /** The subscription was canceled at `at`. Applied once per event id. */
  recordCancellation(userId: string, eventId: string, at: Date): Promise<boolean> {
    return this.applyEvent(userId, eventId, { $set: { canceledAt: at } });
  }

  /**
   * One write per event, applied once (event id remembered on the document); creates the user's
   * document on their first event. Returns false when the event had been applied already.
   */
  private async applyEvent(
    userId: string,
    eventId: string,
    update: UpdateQuery<OnboardingUserDoc>,
  ): Promise<boolean> {
    const { filter, update: once } = applyOnce<OnboardingUserDoc>({ _id: userId }, update, eventId);
    try {
      const res = await this.model.updateOne(filter, once, { upsert: true }).exec();
      return res.modifiedCount + res.upsertedCount > 0;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** Stamps a milestone the first time only, and records activity. */
  async reachMilestone(userId: string, milestone: Milestone, at: Date, eventId?: string): Promise<boolean> {
    const update: UpdateQuery<OnboardingUserDoc> = {
      $push: { activity: { $each: [at], $slice: -ACTIVITY_KEPT } },
      $min: { [`milestones.${milestone}`]: at },
    };
    if (eventId) return this.applyEvent(userId, eventId, update);
    await this.model.updateOne({ _id: userId }, update, { upsert: true }).exec();
    return true;
  }

  async addJobs(userId: string, jobIds: readonly string[]): Promise<void> {
    await this.model
      .updateOne({ _id: userId }, { $addToSet: { scheduledJobs: { $each: [...jobIds] } } })
      .exec();
  }

  async saveScore(userId: string, healthScore: number, band: HealthBand, at: Date): Promise<void> {
    await this.model.updateOne({ _id: userId }, { $set: { healthScore, band, scoredAt: at } }).exec();
  }

  /** Hides the checklist (when) or shows it again (null); creates the document if need be. */
  async setChecklistDismissed(userId: string, at: Date | null): Promise<void> {
    await this.model
      .updateOne({ _id: userId }, { $set: { checklistDismissedAt: at } }, { upsert: true })
      .exec();
  }

  /** The tour finished or skipped (when), or to be shown again (null); creates the document if need be. */
  async setTourDone(userId: string, at: Date | null): Promise<void> {
    await this.model.updateOne({ _id: userId }, { $set: { tourDoneAt: at } }, { upsert: true }).exec();
  }

  async markCheckIn(userId: string, step: CheckInStep, at: Date): Promise<void> {
    await this.model.updateOne({ _id: userId }, { $set: { [`checkIns.${step}`]: at } }).exec();
  }
}
