import { majorUnits, toSecond } from './billing-events';
import { trialFacts } from './registration.service';
import { type SubscriptionView } from './stripe/stripe-views';

const now = new Date('2026-11-22T10:00:00.000Z');
const view = (over: Partial<SubscriptionView>): SubscriptionView => ({
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'trialing',
  priceId: 'price_pro_monthly',
  itemId: 'si_1',
  cancelAtPeriodEnd: false,
  trialEnd: new Date('2027-02-20T10:00:00.000Z'),
  currentPeriodEnd: null,
  userId: 'u1',
  created: now,
  ...over,
});

describe('trialFacts', () => {
  it("keeps Stripe's trial end when it lies ahead", () => {
    expect(trialFacts(view({}), now)).toEqual({
      trialEnd: new Date('2027-02-20T10:00:00.000Z'),
      status: 'trialing',
      cancelAtPeriodEnd: false,
    });
  });

  it('computes 90 days (never 9) when the answer is a fixture from the past', () => {
    const facts = trialFacts(
      view({ trialEnd: new Date(1_234_567_890_000), status: 'active', cancelAtPeriodEnd: true }),
      now,
    );
    expect(facts).toEqual({
      trialEnd: new Date('2027-02-20T10:00:00.000Z'),
      status: 'trialing',
      cancelAtPeriodEnd: false,
    });
  });
});

describe('amounts and times', () => {
  it('shows minor units as major units, except zero-decimal currencies', () => {
    expect(majorUnits(999, 'usd')).toBe(9.99);
    expect(majorUnits(9999, 'USD')).toBe(99.99);
    expect(majorUnits(500, 'jpy')).toBe(500);
  });

  it('compares state times at Stripe resolution (seconds)', () => {
    expect(toSecond(new Date('2026-11-22T10:00:00.999Z'))).toEqual(new Date('2026-11-22T10:00:00.000Z'));
  });
});
