import {
  CONTACT_SALES_PLANS,
  PLANS,
  REGISTRATION_PLAN_IDS,
  TRIAL_DAYS,
  isSelectablePlan,
  planById,
} from './plans';
import { testCardOutcome } from './test-cards';

describe('plan catalogue', () => {
  it('has a 90-day trial (the 9-day reading is a defect)', () => {
    expect(TRIAL_DAYS).toBe(90);
  });

  it('prices and badges the plans as the registration screen shows them', () => {
    expect(PLANS.map((p) => [p.id, p.price, p.interval, p.badge ?? null, p.selectable])).toEqual([
      ['pro_monthly', 9.99, 'month', 'POPULAR', true],
      ['pro_yearly', 99.99, 'year', 'Save $20', true],
      ['business_monthly', 29.99, 'month', 'COMING SOON', false],
      ['business_yearly', 299.99, 'year', 'COMING SOON', false],
    ]);
    expect(PLANS.map((p) => p.id)).toEqual([...REGISTRATION_PLAN_IDS]);
    expect(CONTACT_SALES_PLANS.map((p) => p.name)).toEqual(['Enterprise', 'Government']);
  });

  it('lets only Pro be chosen', () => {
    expect(REGISTRATION_PLAN_IDS.filter(isSelectablePlan)).toEqual(['pro_monthly', 'pro_yearly']);
    expect(isSelectablePlan('enterprise')).toBe(false);
    expect(planById('business_yearly')?.cta).toBe('Contact Sales');
  });
});

describe('test cards', () => {
  it('knows the published numbers, with or without spaces', () => {
    expect(testCardOutcome('4242 4242 4242 4242')).toEqual({
      kind: 'ok',
      paymentMethodId: 'pm_card_visa',
      brand: 'visa',
    });
    expect(testCardOutcome('4000000000000002')).toMatchObject({
      kind: 'declined',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(testCardOutcome('1234')).toBeUndefined();
  });
});
