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

/**
 * The subscription facts each billing topic sets (the mapping in docs/reference/identity.md), keyed by
 * topic. Declared as a mapped type so that `STATE_OF[topic]` with a generic topic takes that
 * topic's payload: the payload type follows the topic without a switch or a cast.
 */
type StateOf = { [T in BillingTopic]: (data: EventPayloads[T]) => Partial<BillingState> };

const STATE_OF: StateOf = {
  [Topic.TrialStarted]: (d) => ({
    subscriptionStatus: 'TRIAL',
    planType: d.planType,
    isActive: true,
    trialEnd: new Date(d.trialEnd),
  }),
  [Topic.SubscriptionUpdated]: (d) => ({
    subscriptionStatus: d.status,
    planType: d.planType,
    isActive: ACTIVE_STATUSES.has(d.status),
    trialEnd: date(d.trialEnd),
    currentPeriodEnd: date(d.currentPeriodEnd),
  }),
  [Topic.InvoicePaid]: (d) => ({
    subscriptionStatus: 'ACTIVE',
    isActive: true,
    // An invoice without a period end (a one-off) leaves the subscription's period as it is.
    ...(d.currentPeriodEnd ? { currentPeriodEnd: new Date(d.currentPeriodEnd) } : {}),
  }),
  [Topic.PaymentFailed]: () => ({ subscriptionStatus: 'PAST_DUE', isActive: true }),
  [Topic.SubscriptionCanceled]: () => ({ subscriptionStatus: 'CANCELED', isActive: false }),
};

/** What a billing event changes on the user: the ids every billing event carries, plus its topic's state. */
export function billingChange<T extends BillingTopic>(topic: T, data: EventPayloads[T]): BillingChange {
  const stateOf: StateOf[T] = STATE_OF[topic];
  return {
    userId: data.userId,
    effectiveAt: new Date(data.effectiveAt),
    state: {
      stripeCustomerId: data.stripeCustomerId,
      subscriptionId: data.subscriptionId,
      ...stateOf(data),
    },
  };
}
