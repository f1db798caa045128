import { type Logger } from 'pino';
import { Topic, startTrialBodySchema } from '@core-vault/contracts';
import { type OutboxRelayService } from '@core-vault/platform';
import { FakeCustomers, FakeSubscriptions, as, subscriptionView } from '../testing/fakes';
import { BillingException } from './billing.exception';
import { BillingEvents, majorUnits, toSecond } from './billing-events';
import { type CustomerRepository } from './customer.repository';
import { RegistrationService, trialFacts } from './registration.service';
import { type SubscriptionRepository } from './subscription.repository';
import { type PlanPrices } from './stripe/plan-prices';
import { type StripeGateway } from './stripe/stripe.gateway';
import { type SubscriptionView } from './stripe/stripe-views';
import { authUser } from '@core-vault/platform/testing';

const user = authUser({ sessionId: 's1', planType: 'Free', subscriptionStatus: 'NO_SUBSCRIPTION' });
const body = (paymentMethodId = 'pm_card_visa', planType = 'pro_monthly') =>
  startTrialBodySchema.parse({ planType, paymentMethodId, firstName: 'Ada', lastName: 'Lovelace' });

/** Shaped like the Stripe SDK's error for a declined card. */
const cardError = Object.assign(new Error('Your card was declined.'), {
  type: 'StripeCardError',
  code: 'card_declined',
});

/** Stripe as the saga sees it: records each call with its idempotency key; failures on demand. */
class FakeStripe implements Partial<StripeGateway> {
  readonly calls: string[] = [];
  live: SubscriptionView | null = null;
  declineCard: string | null = null;
  failSubscription: Error | null = null;

  createCustomer(_input: { userId: string }, key: string): Promise<string> {
    this.calls.push(`customer ${key}`);
    return Promise.resolve('cus_1');
  }
  attachDefaultPaymentMethod(_customer: string, pm: string, key: string) {
    this.calls.push(`attach ${key}`);
    if (pm === this.declineCard) return Promise.reject(cardError);
    return Promise.resolve({ id: pm, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
  }
  findLiveSubscription(): Promise<SubscriptionView | null> {
    return Promise.resolve(this.live);
  }
  createTrialSubscription(input: { priceId: string }, key: string): Promise<SubscriptionView> {
    this.calls.push(`subscribe ${input.priceId} ${key}`);
    if (this.failSubscription) return Promise.reject(this.failSubscription);
    return Promise.resolve(subscriptionView());
  }
}

function setup() {
  const customers = new FakeCustomers();
  const subscriptions = new FakeSubscriptions();
  const stripe = new FakeStripe();
  const service = new RegistrationService(
    as<CustomerRepository>(customers),
    as<SubscriptionRepository>(subscriptions),
    as<StripeGateway>(stripe),
    as<PlanPrices>({ priceOf: (plan: string) => `price_${plan}` }),
    new BillingEvents(),
    as<OutboxRelayService>({ nudge: () => undefined }),
    as<Logger>({ info: () => undefined, warn: () => undefined, error: () => undefined }),
  );
  return { service, customers, subscriptions, stripe };
}

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BillingException);
  const e = err as BillingException;
  return { status: e.getStatus(), code: (e.getResponse() as { code: string }).code };
}

describe('RegistrationService (the trial saga)', () => {
  it('runs customer → card → subscription once, each with a key from user and step', async () => {
    const t = setup();
    const result = await t.service.startTrial(user, body());
    expect(result).toMatchObject({ success: true, customerId: 'cus_1', subscriptionId: 'sub_1' });
    expect(t.stripe.calls).toEqual([
      'customer cv:u1:customer',
      'attach cv:u1:payment-method:pm_card_visa',
      'subscribe price_pro_monthly cv:u1:subscription:pro_monthly:pm_card_visa',
    ]);
    expect(t.customers.outbox.map((e) => e.topic)).toEqual([Topic.TrialStarted]);
    expect(t.subscriptions.docs.get('sub_1')).toMatchObject({ status: 'trialing', planId: 'pro_monthly' });
  });

  it('answers a completed registration again without calling Stripe', async () => {
    const t = setup();
    const first = await t.service.startTrial(user, body());
    const calls = t.stripe.calls.length;
    await expect(t.service.startTrial(user, body())).resolves.toEqual(first);
    expect(t.stripe.calls).toHaveLength(calls);
    expect(t.customers.outbox).toHaveLength(1);
  });

  it('gives no second trial once the first subscription has ended (409 TRIAL_ALREADY_USED)', async () => {
    const t = setup();
    await t.service.startTrial(user, body());
    const sub = t.subscriptions.docs.get('sub_1');
    if (sub) sub.status = 'canceled';
    const calls = t.stripe.calls.length;
    expect(await refusal(t.service.startTrial(user, body('pm_card_mastercard')))).toEqual({
      status: 409,
      code: 'TRIAL_ALREADY_USED',
    });
    expect(t.stripe.calls).toHaveLength(calls);
    expect(t.customers.outbox).toHaveLength(1);
  });

  it('refuses a plan that cannot be chosen, before anything is stored', async () => {
    const t = setup();
    expect((await refusal(t.service.startTrial(user, body('pm_card_visa', 'business_monthly')))).status).toBe(
      400,
    );
    expect(t.customers.docs.size).toBe(0);
  });

  it('keeps a declined card as the reason, and a retry with another card resumes after the customer', async () => {
    const t = setup();
    t.stripe.declineCard = 'pm_card_chargeDeclined';
    expect(await refusal(t.service.startTrial(user, body('pm_card_chargeDeclined')))).toEqual({
      status: 402,
      code: 'card_declined',
    });
    expect(t.customers.docs.get('u1')?.registration).toMatchObject({
      step: 'customer_created',
      lockOwner: null,
      lastError: 'Your card was declined.',
    });
    t.stripe.calls.length = 0;
    await t.service.startTrial(user, body('pm_card_visa'));
    expect(t.stripe.calls[0]).toBe('attach cv:u1:payment-method:pm_card_visa');
    expect(t.stripe.calls.some((c) => c.startsWith('customer'))).toBe(false);
  });

  it('reuses a subscription a lost answer left behind instead of subscribing twice', async () => {
    const t = setup();
    t.stripe.live = subscriptionView({ id: 'sub_earlier' });
    const result = await t.service.startTrial(user, body());
    expect(result.subscriptionId).toBe('sub_earlier');
    expect(t.stripe.calls.some((c) => c.startsWith('subscribe'))).toBe(false);
  });

  it('refuses a second attempt while one holds the registration', async () => {
    const t = setup();
    await t.customers.ensureRegistration(
      { userId: 'u1', email: user.email, flow: 'elements', planId: 'pro_monthly' },
      new Date(),
    );
    await t.customers.claim('u1', 'other-attempt', new Date(Date.now() + 60_000), new Date());
    expect(await refusal(t.service.startTrial(user, body()))).toEqual({
      status: 409,
      code: 'REGISTRATION_IN_PROGRESS',
    });
    expect(t.stripe.calls).toEqual([]);
  });

  it('answers 500 for an unexpected failure and frees the registration for a retry', async () => {
    const t = setup();
    t.stripe.failSubscription = new Error('socket hang up');
    expect(await refusal(t.service.startTrial(user, body()))).toEqual({
      status: 500,
      code: 'REGISTRATION_FAILED',
    });
    expect(t.customers.docs.get('u1')?.registration?.lockOwner).toBeNull();
  });
});

const now = new Date('2026-11-22T10:00:00.000Z');
const viewAt = (over: Partial<SubscriptionView>): SubscriptionView => ({
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
    expect(trialFacts(viewAt({}), now)).toEqual({
      trialEnd: new Date('2027-02-20T10:00:00.000Z'),
      status: 'trialing',
      cancelAtPeriodEnd: false,
    });
  });

  it('computes 90 days (never 9) when the answer is a fixture from the past', () => {
    const facts = trialFacts(
      viewAt({ trialEnd: new Date(1_234_567_890_000), status: 'active', cancelAtPeriodEnd: true }),
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
