import type Stripe from 'stripe';
import { invoiceView, productStatus, subscriptionView } from './stripe-views';

describe('productStatus', () => {
  it.each([
    ['trialing', 'TRIAL'],
    ['active', 'ACTIVE'],
    ['past_due', 'PAST_DUE'],
    ['unpaid', 'PAST_DUE'],
    ['canceled', 'CANCELED'],
    ['incomplete_expired', 'CANCELED'],
    ['incomplete', 'NO_SUBSCRIPTION'],
  ])('%s → %s', (stripe, product) => {
    expect(productStatus(stripe)).toBe(product);
  });
});

describe('subscriptionView', () => {
  it('reads the period end from the item (API 2025-03-31 and later) or the subscription (before)', () => {
    const basil = {
      id: 'sub_1',
      customer: 'cus_1',
      status: 'trialing',
      cancel_at_period_end: false,
      trial_end: 2_000_000_000,
      created: 1_900_000_000,
      metadata: { userId: 'u1' },
      items: {
        data: [{ id: 'si_1', price: { id: 'price_pro_monthly' }, current_period_end: 2_000_000_100 }],
      },
    } as unknown as Stripe.Subscription;
    expect(subscriptionView(basil)).toMatchObject({
      customerId: 'cus_1',
      priceId: 'price_pro_monthly',
      itemId: 'si_1',
      userId: 'u1',
      trialEnd: new Date(2_000_000_000_000),
      currentPeriodEnd: new Date(2_000_000_100_000),
    });
    const legacy = {
      ...basil,
      customer: { id: 'cus_2' },
      current_period_end: 2_000_000_200,
      items: { data: [] },
    } as unknown as Stripe.Subscription;
    expect(subscriptionView(legacy)).toMatchObject({
      customerId: 'cus_2',
      priceId: null,
      currentPeriodEnd: new Date(2_000_000_200_000),
    });
  });
});

describe('invoiceView', () => {
  it('finds the subscription in parent.subscription_details or the legacy field', () => {
    const base = {
      id: 'in_1',
      customer: 'cus_1',
      amount_paid: 999,
      currency: 'usd',
      status: 'paid',
      created: 1_900_000_000,
      invoice_pdf: null,
    };
    expect(
      invoiceView({
        ...base,
        parent: { subscription_details: { subscription: 'sub_1' } },
      } as unknown as Stripe.Invoice).subscriptionId,
    ).toBe('sub_1');
    expect(invoiceView({ ...base, subscription: 'sub_2' } as unknown as Stripe.Invoice).subscriptionId).toBe(
      'sub_2',
    );
    expect(invoiceView(base as unknown as Stripe.Invoice)).toMatchObject({
      subscriptionId: null,
      amountMinor: 999,
    });
  });
});
