import { Schema } from 'mongoose';
import { type OutboxFields, appliedEventsField, outboxPlugin } from '@core-vault/platform';

export const SUBSCRIPTION_MODEL = 'BillingSubscription';

/** Mirror of one Stripe subscription; its change events live in its outbox. */
export interface SubscriptionMirror extends OutboxFields {
  _id: string;
  userId: string;
  stripeCustomerId: string;
  /** Stripe's own status (trialing, active, past_due, canceled, ...). */
  status: string;
  planId: string | null;
  priceId: string | null;
  itemId: string | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  /**
   * When Stripe says the mirrored state was true (event.created of the last applied event): an
   * older delivery never overwrites a newer state.
   */
  stripeUpdatedAt: Date;
  createdAt: Date;
}

export const subscriptionSchema = new Schema<SubscriptionMirror>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    stripeCustomerId: { type: String, required: true },
    status: { type: String, required: true },
    planId: { type: String, default: null },
    priceId: { type: String, default: null },
    itemId: { type: String, default: null },
    cancelAtPeriodEnd: { type: Boolean, default: false },
    trialEnd: { type: Date, default: null },
    currentPeriodEnd: { type: Date, default: null },
    stripeUpdatedAt: { type: Date, required: true },
    createdAt: { type: Date, required: true },
    ...appliedEventsField,
  },
  { versionKey: false, collection: 'subscriptions' },
);
subscriptionSchema.plugin(outboxPlugin);
// The billing screen lists the caller's subscriptions, newest first.
subscriptionSchema.index({ userId: 1, createdAt: -1 });
