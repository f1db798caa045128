import { type Logger } from 'pino';
import { Topic } from '@core-vault/contracts';
import { type OutboxRelayService } from '@core-vault/platform';
import { authUser } from '@core-vault/platform/testing';
import {
  FakeCards,
  FakeCustomers,
  FakeSubscriptions,
  as,
  billingCustomer,
  refusal,
  subscriptionMirror,
  subscriptionView,
} from '../testing/fakes';
import { type AccountService } from './account.service';
import { BillingEvents } from './billing-events';
import { type CustomerRepository } from './customer.repository';
import { type InvoiceRepository } from './invoice.repository';
import { type InvoiceMirror } from './invoice.schema';
import { type PaymentMethodRepository } from './payment-method.repository';
import { PaymentMethodsService } from './payment-methods.service';
import { SubscribeService } from './subscribe.service';
import { type SubscriptionRepository } from './subscription.repository';
import { type PlanPrices } from './stripe/plan-prices';
import { type StripeGateway } from './stripe/stripe.gateway';

const user = authUser({ subscriptionStatus: 'CANCELED' });
const declined = Object.assign(new Error('Your card was declined.'), {
  type: 'StripeCardError',
  code: 'card_declined',
});

class FakeStripe implements Partial<StripeGateway> {
  readonly calls: string[] = [];
  decline = false;
  confirmCard(_customer: string, pm: string) {
    this.calls.push(`setup ${pm}`);
    return Promise.resolve({
      ok: true as const,
      card: { id: pm, brand: 'visa', last4: '4444', expMonth: 8, expYear: 2030 },
    });
  }
  setDefaultPaymentMethod(_customer: string, pm: string) {
    this.calls.push(`default ${pm}`);
    return Promise.resolve();
  }
  findLiveSubscription() {
    return Promise.resolve(null);
  }
  createPaidSubscription(input: { priceId: string; paymentMethodId: string }, key: string) {
    this.calls.push(`subscribe ${input.priceId} ${input.paymentMethodId} ${key}`);
    if (this.decline) return Promise.reject(declined);
    // stripe-mock's fixture: active but "cancelling" — a new subscription never is.
    return Promise.resolve(
      subscriptionView({ id: 'sub_2', status: 'active', trialEnd: null, cancelAtPeriodEnd: true }),
    );
  }
  openAtStripe: string | null = null;
  findOpenInvoice() {
    return Promise.resolve(this.openAtStripe);
  }
  payInvoice(invoiceId: string, pm: string, key: string) {
    this.calls.push(`pay ${invoiceId} ${pm} ${key}`);
    return this.decline ? Promise.reject(declined) : Promise.resolve();
  }
  retrieveSubscription(id: string) {
    return Promise.resolve(subscriptionView({ id, status: 'active' }));
  }
}

function setup(status: string, invoices: InvoiceMirror[] = []) {
  const customers = new FakeCustomers();
  customers.docs.set(
    'u1',
    billingCustomer('u1', {
      subscriptionId: 'sub_1',
      paymentMethods: [{ id: 'pm_old', brand: 'visa', last4: '4242', expMonth: 8, expYear: 2030 }],
      defaultPaymentMethodId: 'pm_old',
    }),
  );
  const subscriptions = new FakeSubscriptions();
  subscriptions.docs.set('sub_1', subscriptionMirror('sub_1', 'u1', { status }));
  const stripe = new FakeStripe();
  const paid: string[] = [];
  const cards = new FakeCards(customers);
  const paymentMethods = new PaymentMethodsService(
    as<CustomerRepository>(customers),
    as<PaymentMethodRepository>(cards),
    as<SubscriptionRepository>(subscriptions),
    as<StripeGateway>(stripe),
    as<AccountService>({}),
    as<Logger>({ warn: () => undefined }),
  );
  const service = new SubscribeService(
    as<CustomerRepository>(customers),
    paymentMethods,
    as<SubscriptionRepository>(subscriptions),
    as<InvoiceRepository>({
      openForSubscription: (_u: string, sub: string) =>
        Promise.resolve(invoices.find((i) => i.subscriptionId === sub && i.status === 'open') ?? null),
      markPaid: (id: string) => Promise.resolve(void paid.push(id)),
    }),
    as<StripeGateway>(stripe),
    as<PlanPrices>({ priceOf: (plan: string) => `price_${plan}` }),
    new BillingEvents(),
    as<OutboxRelayService>({ nudge: () => undefined }),
    as<Logger>({ info: () => undefined, warn: () => undefined }),
  );
  return { service, stripe, customers, subscriptions, paid };
}

const openInvoice: InvoiceMirror = {
  _id: 'in_1',
  userId: 'u1',
  stripeCustomerId: 'cus_u1',
  subscriptionId: 'sub_1',
  amountMinor: 999,
  currency: 'usd',
  status: 'open',
  pdfUrl: null,
  issuedAt: new Date(),
  periodEnd: null,
  stripeUpdatedAt: new Date(0),
};

describe('SubscribeService: subscribing again', () => {
  it('subscribes a canceled user without a trial, with the card on file, and announces ACTIVE', async () => {
    const t = setup('canceled');
    const answer = await t.service.subscribe(user, { planType: 'pro_yearly' });
    expect(answer).toMatchObject({ success: true, subscriptionId: 'sub_2', cancel_at_period_end: false });
    expect(t.stripe.calls).toEqual(['subscribe price_pro_yearly pm_old cv:u1:subscribe:pro_yearly:pm_old:1']);
    expect(t.subscriptions.docs.get('sub_2')).toMatchObject({
      status: 'active',
      planId: 'pro_yearly',
      trialEnd: null,
      cancelAtPeriodEnd: false,
    });
    expect(
      t.subscriptions.outbox.map((e) => [e.topic, (e.envelope.data as { status: string }).status]),
    ).toEqual([[Topic.SubscriptionUpdated, 'ACTIVE']]);
    expect(t.customers.docs.get('u1')?.subscriptionId).toBe('sub_2');
  });

  it('saves a new card first (SetupIntent, default) and charges that one', async () => {
    const t = setup('canceled');
    await t.service.subscribe(user, { planType: 'pro_monthly', paymentMethodId: 'pm_new' });
    expect(t.stripe.calls).toEqual([
      'setup pm_new',
      'default pm_new',
      'subscribe price_pro_monthly pm_new cv:u1:subscribe:pro_monthly:pm_new:1',
    ]);
    expect(t.customers.docs.get('u1')?.defaultPaymentMethodId).toBe('pm_new');
  });

  it('subscribes past an incomplete subscription (no access; Stripe lets it expire)', async () => {
    const t = setup('incomplete');
    await expect(t.service.subscribe(user, { planType: 'pro_monthly' })).resolves.toMatchObject({
      subscriptionId: 'sub_2',
    });
  });

  it("answers a declined first payment with Stripe's message and leaves no subscription", async () => {
    const t = setup('canceled');
    t.stripe.decline = true;
    expect(await refusal(t.service.subscribe(user, { planType: 'pro_monthly' }))).toEqual({
      status: 402,
      code: 'card_declined',
    });
    expect([...t.subscriptions.docs.keys()]).toEqual(['sub_1']);
    expect(t.subscriptions.outbox).toEqual([]);
    expect(t.customers.docs.get('u1')?.subscriptionId).toBe('sub_1');
  });

  it('refuses a live subscriber (409), an invalid plan (400), no card (400) and no account (404)', async () => {
    expect(await refusal(setup('trialing').service.subscribe(user, { planType: 'pro_monthly' }))).toEqual({
      status: 409,
      code: 'ALREADY_SUBSCRIBED',
    });
    expect(
      (await refusal(setup('canceled').service.subscribe(user, { planType: 'business_monthly' }))).code,
    ).toBe('INVALID_PLAN');
    const noCard = setup('canceled');
    const doc = noCard.customers.docs.get('u1');
    if (doc) doc.defaultPaymentMethodId = null;
    expect((await refusal(noCard.service.subscribe(user, { planType: 'pro_monthly' }))).code).toBe(
      'NO_PAYMENT_METHOD',
    );
    const none = setup('canceled');
    none.customers.docs.clear();
    expect((await refusal(none.service.subscribe(user, { planType: 'pro_monthly' }))).status).toBe(404);
  });
});

describe('SubscribeService: paying a past-due invoice', () => {
  it('pays the open invoice with the default card, then mirrors and announces the active state', async () => {
    const t = setup('past_due', [openInvoice]);
    const answer = await t.service.retryPayment(user);
    expect(answer).toMatchObject({ success: true, subscriptionId: 'sub_1' });
    expect(t.stripe.calls).toEqual(['pay in_1 pm_old cv:u1:pay:in_1:pm_old']);
    expect(t.paid).toEqual(['in_1']);
    expect(t.subscriptions.docs.get('sub_1')?.status).toBe('active');
    expect(t.subscriptions.outbox.map((e) => e.topic)).toEqual([Topic.SubscriptionUpdated]);
  });

  it('keeps the subscription past due when the card is declined again', async () => {
    const t = setup('past_due', [openInvoice]);
    t.stripe.decline = true;
    expect((await refusal(t.service.retryPayment(user))).status).toBe(402);
    expect(t.paid).toEqual([]);
    expect(t.subscriptions.docs.get('sub_1')?.status).toBe('past_due');
  });

  it("pays Stripe's open invoice when the mirror has not seen it yet", async () => {
    const t = setup('past_due');
    t.stripe.openAtStripe = 'in_at_stripe';
    await t.service.retryPayment(user);
    expect(t.stripe.calls).toEqual(['pay in_at_stripe pm_old cv:u1:pay:in_at_stripe:pm_old']);
    expect(t.paid).toEqual(['in_at_stripe']);
  });

  it('answers 404 without a past-due subscription or an open invoice', async () => {
    expect((await refusal(setup('active', [openInvoice]).service.retryPayment(user))).code).toBe(
      'NO_SUBSCRIPTION',
    );
    expect((await refusal(setup('past_due').service.retryPayment(user))).code).toBe('NO_OPEN_INVOICE');
  });
});
