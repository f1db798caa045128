import { Schema } from 'mongoose';
import { type PlanType, type SubscriptionStatus } from '@core-vault/contracts';
import { type OutboxFields, appliedEventsField, outboxPlugin } from '@core-vault/platform';

export const USER_MODEL = 'User';

/** Subscription facts identity keeps from billing's events. */
export interface BillingState {
  subscriptionStatus: SubscriptionStatus;
  planType: PlanType;
  isActive: boolean;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  stripeCustomerId: string | null;
  subscriptionId: string | null;
}

export interface User extends BillingState, OutboxFields {
  _id: string;
  /** Normalised (trimmed, NFC, lower-case): the one form compared and unique. */
  email: string;
  firstName: string;
  lastName: string;
  /** scrypt$logN$r$p$salt$key; never selected unless asked for. */
  passwordHash: string;
  requestedPlan: string;
  migratedFromUserId?: string;
  lastLoginAt: Date | null;
  passwordChangedAt: Date | null;
  /** `effectiveAt` of the newest billing event applied: older deliveries are ignored. */
  billingStateAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const userSchema = new Schema<User>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true, maxlength: 254 },
    firstName: { type: String, required: true, maxlength: 100 },
    lastName: { type: String, required: true, maxlength: 100 },
    passwordHash: { type: String, required: true, select: false },
    requestedPlan: { type: String, required: true },
    subscriptionStatus: {
      type: String,
      required: true,
      enum: ['ACTIVE', 'TRIAL', 'PAST_DUE', 'CANCELED', 'NO_SUBSCRIPTION'],
    },
    planType: { type: String, required: true, enum: ['Pro', 'Business', 'Free'] },
    isActive: { type: Boolean, required: true },
    trialEnd: { type: Date, default: null },
    currentPeriodEnd: { type: Date, default: null },
    stripeCustomerId: { type: String, default: null },
    subscriptionId: { type: String, default: null },
    migratedFromUserId: { type: String },
    lastLoginAt: { type: Date, default: null },
    passwordChangedAt: { type: Date, default: null },
    billingStateAt: { type: Date, default: null },
    ...appliedEventsField,
  },
  { timestamps: true, versionKey: false, collection: 'users' },
);
userSchema.plugin(outboxPlugin);
// Serves every sign-in, sign-up duplicate check and reset: lookup by normalised e-mail. Unique,
// so two racing sign-ups for one address cannot both succeed.
userSchema.index({ email: 1 }, { unique: true });
