import { type EventPayloads, Topic } from '@core-vault/contracts';
import { type BillingState } from './user.schema';

export const BILLING_TOPICS = [
  Topic.TrialStarted,
  Topic.SubscriptionUpdated,
  Topic.InvoicePaid,
  Topic.PaymentFailed,
  Topic.SubscriptionCanceled,
] as const;
export type BillingTopic = (typeof BILLING_TOPICS)[number];

export interface BillingChange {
  userId: string;
  effectiveAt: Date;
  state: Partial<BillingState>;
}

const date = (iso: string | null) => (iso === null ? null : new Date(iso));
/** Statuses in which the account may use its plan (spec §6: non-admins also need isActive). */
const ACTIVE_STATUSES = new Set(['ACTIVE', 'TRIAL', 'PAST_DUE']);

/** What a billing event changes on the user (the mapping in docs/identity.md). */
export function billingChange<T extends BillingTopic>(topic: T, data: EventPayloads[T]): BillingChange {
  const base = { stripeCustomerId: data.stripeCustomerId, subscriptionId: data.subscriptionId };
  const change = (state: Partial<BillingState>): BillingChange => ({
    userId: data.userId,
    effectiveAt: new Date(data.effectiveAt),
    state: { ...base, ...state },
  });
  switch (topic) {
    case Topic.TrialStarted: {
      const d = data as EventPayloads[Topic.TrialStarted];
      return change({
        subscriptionStatus: 'TRIAL',
        planType: d.planType,
        isActive: true,
        trialEnd: new Date(d.trialEnd),
      });
    }
    case Topic.SubscriptionUpdated: {
      const d = data as EventPayloads[Topic.SubscriptionUpdated];
      return change({
        subscriptionStatus: d.status,
        planType: d.planType,
        isActive: ACTIVE_STATUSES.has(d.status),
        trialEnd: date(d.trialEnd),
        currentPeriodEnd: date(d.currentPeriodEnd),
      });
    }
    case Topic.InvoicePaid: {
      const d = data as EventPayloads[Topic.InvoicePaid];
      return change({
        subscriptionStatus: 'ACTIVE',
        isActive: true,
        ...(d.currentPeriodEnd ? { currentPeriodEnd: new Date(d.currentPeriodEnd) } : {}),
      });
    }
    case Topic.PaymentFailed:
      return change({ subscriptionStatus: 'PAST_DUE', isActive: true });
    case Topic.SubscriptionCanceled:
      return change({ subscriptionStatus: 'CANCELED', isActive: false });
    default:
      throw new Error(`not a billing topic: ${String(topic)}`);
  }
}
