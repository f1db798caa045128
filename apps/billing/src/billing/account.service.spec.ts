import { BILLING_MESSAGES, Topic } from '@core-vault/contracts';
import { type OutboxRelayService } from '@core-vault/platform';
import {
  FakeCustomers,
  FakeSubscriptions,
  as,
  billingCustomer,
  refusal,
  subscriptionMirror,
  subscriptionView,
} from '../testing/fakes';
import { AccountService } from './account.service';
import { BillingEvents } from './billing-events';
import { type CustomerRepository } from './customer.repository';
import { type InvoiceRepository } from './invoice.repository';
import { type InvoiceMirror } from './invoice.schema';
import { type SubscriptionRepository } from './subscription.repository';
import { type PlanPrices } from './stripe/plan-prices';
import { type StripeGateway } from './stripe/stripe.gateway';
import { authUser } from '@core-vault/platform/testing';

const user = authUser();

/** The Stripe calls of the billing screen; records each with its idempotency key. */
class FakeStripe implements Partial<StripeGateway> {
  readonly calls: string[] = [];
  down = false;
  setCancelAtPeriodEnd(id: string, cancel: boolean, key: string) {
    this.calls.push(key);
    if (this.down) return Promise.reject(Object.assign(new Error('down'), { type: 'StripeConnectionError' }));
    return Promise.resolve(subscriptionView({ id, cancelAtPeriodEnd: cancel }));
  }
  retrieveSubscription(id: string) {
    this.calls.push(`retrieve ${id}`);
    return Promise.resolve(subscriptionView({ id, itemId: 'si_from_stripe' }));
  }
  changePrice(id: string, itemId: string, priceId: string, key: string) {
    this.calls.push(`change ${itemId} ${priceId} ${key}`);
    return Promise.resolve(subscriptionView({ id, priceId }));
  }
}

function setup(invoices: InvoiceMirror[] = []) {
  const customers = new FakeCustomers();
  const subscriptions = new FakeSubscriptions();
  const stripe = new FakeStripe();
  const service = new AccountService(
    as<CustomerRepository>(customers),
    as<SubscriptionRepository>(subscriptions),
    as<InvoiceRepository>({ latestForUser: () => Promise.resolve(invoices) }),
    as<StripeGateway>(stripe),
    as<PlanPrices>({ priceOf: (plan: string) => `price_${plan}` }),
    new BillingEvents(),
    as<OutboxRelayService>({ nudge: () => undefined }),
  );
  /** u1 with a canceled old subscription and the current one on the account. */
  const subscribed = () => {
    customers.docs.set('u1', billingCustomer('u1', { subscriptionId: 'sub_now' }));
    subscriptions.docs.set('sub_old', subscriptionMirror('sub_old', 'u1', { status: 'canceled' }));
    subscriptions.docs.set('sub_now', subscriptionMirror('sub_now', 'u1'));
  };
  return { service, customers, subscriptions, stripe, subscribed };
}

describe('AccountService', () => {
  it('shows empty lists to a user who never subscribed', async () => {
    await expect(setup().service.details(user)).resolves.toEqual({
      subscriptions: [],
      payment_methods: [],
      customer_id: null,
    });
  });

  it('marks the default card among the payment methods', async () => {
    const t = setup();
    const card = (id: string) => ({ id, brand: 'visa', last4: '4242', expMonth: 1, expYear: 2030 });
    t.customers.docs.set(
      'u1',
      billingCustomer('u1', { paymentMethods: [card('pm_a'), card('pm_b')], defaultPaymentMethodId: 'pm_b' }),
    );
    const { payment_methods } = await t.service.details(user);
    expect(payment_methods.map((p) => [p.id, p.is_default])).toEqual([
      ['pm_a', false],
      ['pm_b', true],
    ]);
  });

  it('cancels the current subscription at period end, mirrors it and announces the new state', async () => {
    const t = setup();
    t.subscribed();
    const answer = await t.service.setCancelAtPeriodEnd(user, true);
    expect(answer).toMatchObject({ subscriptionId: 'sub_now', cancel_at_period_end: true });
    expect(t.stripe.calls[0]).toMatch(/^cv:u1:sub_now:cancel-at-period-end=true:\d+$/);
    expect(t.subscriptions.outbox).toEqual([
      expect.objectContaining({
        topic: Topic.SubscriptionUpdated,
        envelope: expect.objectContaining({ data: expect.objectContaining({ cancelAtPeriodEnd: true }) }),
      }),
    ]);
  });

  it('keeps the state and answers with the step’s message when Stripe is down', async () => {
    const t = setup();
    t.subscribed();
    t.stripe.down = true;
    expect((await refusal(t.service.setCancelAtPeriodEnd(user, false))).status).toBe(502);
    expect(t.subscriptions.docs.get('sub_now')?.cancelAtPeriodEnd).toBe(false);
    expect(t.subscriptions.outbox).toEqual([]);
  });

  it('answers 404 with the action’s own message when there is nothing live to cancel', async () => {
    const t = setup();
    t.customers.docs.set('u1', billingCustomer('u1'));
    t.subscriptions.docs.set('sub_old', subscriptionMirror('sub_old', 'u1', { status: 'canceled' }));
    const err = await t.service.setCancelAtPeriodEnd(user, true).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 404, message: BILLING_MESSAGES.noSubscriptionToCancel });
  });

  it('changes plan through the item, fetching it from Stripe when the mirror lacks it', async () => {
    const t = setup();
    t.subscribed();
    const now = t.subscriptions.docs.get('sub_now');
    if (now) now.itemId = null;
    await t.service.changePlan(user, 'pro_yearly');
    expect(t.stripe.calls).toEqual([
      'retrieve sub_now',
      expect.stringMatching(/^change si_from_stripe price_pro_yearly cv:u1:sub_now:plan=pro_yearly:\d+$/),
    ]);
    expect(t.subscriptions.docs.get('sub_now')).toMatchObject({ planId: 'pro_yearly' });
  });

  it('refuses an unknown or unselectable plan (400) and the plan already held (409)', async () => {
    const t = setup();
    t.subscribed();
    expect(await refusal(t.service.changePlan(user, 'business_monthly'))).toEqual({
      status: 400,
      code: 'INVALID_PLAN',
    });
    expect(await refusal(t.service.changePlan(user, 'pro_monthly'))).toEqual({
      status: 409,
      code: 'SAME_PLAN',
    });
    expect(t.stripe.calls).toEqual([]);
  });

  it('shows invoice amounts in major units', async () => {
    const invoice = (id: string, amountMinor: number, currency: string): InvoiceMirror => ({
      _id: id,
      userId: 'u1',
      stripeCustomerId: 'cus_u1',
      subscriptionId: 'sub_now',
      amountMinor,
      currency,
      status: 'paid',
      pdfUrl: null,
      issuedAt: new Date('2026-11-01T00:00:00Z'),
      periodEnd: null,
      stripeUpdatedAt: new Date('2026-11-01T00:00:00Z'),
    });
    const { invoices } = await setup([
      invoice('in_1', 999, 'usd'),
      invoice('in_2', 500, 'jpy'),
    ]).service.history(user);
    expect(invoices.map((i) => i.amount)).toEqual([9.99, 500]);
  });
});
