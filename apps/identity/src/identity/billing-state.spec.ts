import { Topic } from '@core-vault/contracts';
import { billingChange } from './billing-state';

const base = {
  userId: 'usr_1',
  stripeCustomerId: 'cus_1',
  subscriptionId: 'sub_1',
  effectiveAt: '2026-01-01T00:00:00.000Z',
};
const ids = { stripeCustomerId: 'cus_1', subscriptionId: 'sub_1' };

describe('billing event → user state', () => {
  it('trial-started: TRIAL, plan from the payload, active, trial end', () => {
    const c = billingChange(Topic.TrialStarted, {
      ...base,
      email: 'a@b.co',
      planType: 'Pro',
      trialEnd: '2026-04-01T00:00:00.000Z',
    });
    expect(c).toEqual({
      userId: 'usr_1',
      effectiveAt: new Date(base.effectiveAt),
      state: {
        ...ids,
        subscriptionStatus: 'TRIAL',
        planType: 'Pro',
        isActive: true,
        trialEnd: new Date('2026-04-01T00:00:00.000Z'),
      },
    });
  });

  it.each([
    ['ACTIVE', true],
    ['TRIAL', true],
    ['PAST_DUE', true],
    ['CANCELED', false],
    ['NO_SUBSCRIPTION', false],
  ] as const)('subscription-updated %s → isActive %s', (status, isActive) => {
    const c = billingChange(Topic.SubscriptionUpdated, {
      ...base,
      status,
      planType: 'Business',
      trialEnd: null,
      currentPeriodEnd: '2026-02-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
    });
    expect(c.state).toEqual({
      ...ids,
      subscriptionStatus: status,
      planType: 'Business',
      isActive,
      trialEnd: null,
      currentPeriodEnd: new Date('2026-02-01T00:00:00.000Z'),
    });
  });

  it('invoice-paid: ACTIVE and active; keeps the period end when the invoice has none', () => {
    const paid = (currentPeriodEnd: string | null) =>
      billingChange(Topic.InvoicePaid, {
        ...base,
        invoiceId: 'in',
        amount: 1,
        currency: 'usd',
        currentPeriodEnd,
      }).state;
    expect(paid('2026-02-01T00:00:00.000Z')).toEqual({
      ...ids,
      subscriptionStatus: 'ACTIVE',
      isActive: true,
      currentPeriodEnd: new Date('2026-02-01T00:00:00.000Z'),
    });
    expect(paid(null)).toEqual({ ...ids, subscriptionStatus: 'ACTIVE', isActive: true });
  });

  it('payment-failed: PAST_DUE; subscription-canceled: CANCELED and inactive', () => {
    expect(billingChange(Topic.PaymentFailed, { ...base, invoiceId: 'in' }).state).toEqual({
      ...ids,
      subscriptionStatus: 'PAST_DUE',
      isActive: true,
    });
    expect(billingChange(Topic.SubscriptionCanceled, base).state).toEqual({
      ...ids,
      subscriptionStatus: 'CANCELED',
      isActive: false,
    });
  });

  it("takes the topic's own payload only (the type follows the topic)", () => {
    const failed = { ...base, invoiceId: 'in' };
    // @ts-expect-error a payment-failed payload has no planType or trialEnd: not a trial-started event
    const wrong = () => billingChange(Topic.TrialStarted, failed);
    // Only the compiler refuses it; at run time the missing dates read as invalid.
    expect(wrong().state.trialEnd?.getTime()).toBeNaN();
  });
});
