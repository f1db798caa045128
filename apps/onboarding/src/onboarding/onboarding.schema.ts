import { Schema } from 'mongoose';
import { type CheckInStep, type HealthBand, MILESTONES, type Milestone } from '@core-vault/contracts';
import { appliedEventsField } from '@core-vault/platform';

export const ONBOARDING_USER_MODEL = 'OnboardingUser';
/** Activity timestamps kept per user: enough for the 14-day window of the score. */
export const ACTIVITY_KEPT = 60;

/** One user's onboarding: trial dates, milestones, recent activity, score and check-ins sent. */
export interface OnboardingUserDoc {
  _id: string;
  email: string | null;
  trialStartedAt: Date | null;
  trialEndsAt: Date | null;
  canceledAt: Date | null;
  milestones: Partial<Record<Milestone, Date | null>>;
  activity: Date[];
  healthScore: number;
  band: HealthBand;
  scoredAt: Date | null;
  /** Step → when its e-mail went out. */
  checkIns: Partial<Record<CheckInStep, Date>>;
  /** Ids of the BullMQ jobs scheduled for the current trial (cancellation removes them). */
  scheduledJobs: string[];
  /** When the user hid the dashboard checklist; null while it shows. */
  checklistDismissedAt: Date | null;
  /** When the user finished or skipped the dashboard tour; null (or absent) while not. */
  tourDoneAt?: Date | null;
}

export const onboardingUserSchema = new Schema<OnboardingUserDoc>(
  {
    _id: { type: String, required: true },
    email: { type: String, default: null },
    trialStartedAt: { type: Date, default: null },
    trialEndsAt: { type: Date, default: null },
    canceledAt: { type: Date, default: null },
    // No defaults: a missing milestone is absent, so $min stamps it the first time only.
    milestones: Object.fromEntries(MILESTONES.map((m) => [m, { type: Date }])),
    activity: { type: [Date], default: [] },
    healthScore: { type: Number, default: 0 },
    band: { type: String, default: 'at_risk' },
    scoredAt: { type: Date, default: null },
    checkIns: { type: Schema.Types.Mixed, default: {} },
    scheduledJobs: { type: [String], default: [] },
    checklistDismissedAt: { type: Date, default: null },
    tourDoneAt: { type: Date, default: null },
    ...appliedEventsField,
  },
  { versionKey: false, collection: 'onboarding_users', minimize: false },
);
// Every read and write is by _id (the user id): no secondary index needed.
