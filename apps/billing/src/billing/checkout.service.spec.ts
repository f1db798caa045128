import { type Logger } from 'pino';
import { type OutboxRelayService } from '@core-vault/platform';
import { type BillingConfig } from '../config';
import { FakeCustomers, FakeSubscriptions, as, refusal, subscriptionView } from '../testing/fakes';
import { BillingEvents } from './billing-events';
import { CheckoutService } from './checkout.service';
import { type CustomerRepository } from './customer.repository';
import { type PendingRegistration, type PendingRegistrationStore } from './pending-registration.store';
import { RegistrationService } from './registration.service';
import { type SubscriptionRepository } from './subscription.repository';
import { type PlanPrices } from './stripe/plan-prices';
import { type StripeGateway } from './stripe/stripe.gateway';
import { type CheckoutSessionView, type SubscriptionView } from './stripe/stripe-views';
import { authUser } from '@core-vault/platform/testing';

const user = authUser({ planType: 'Free', subscriptionStatus: 'NO_SUBSCRIPTION' });
const logger = as<Logger>({ info: () => undefined, warn: () => undefined, error: () => undefined });

/** Pending registrations in memory (Redis with a TTL in the real store). */
class FakePending implements Partial<PendingRegistrationStore> {
  readonly items = new Map<string, PendingRegistration>();
  down = false;
  save(p: PendingRegistration): Promise<void> {
    if (this.down) return Promise.reject(new Error('redis down'));
    this.items.set(p.tempUserId, p);
    return Promise.resolve();
  }
  find(id: string): Promise<PendingRegistration | null> {
    return Promise.resolve(this.items.get(id) ?? null);
  }
  remove(id: string): Promise<void> {
    this.items.delete(id);
    return Promise.resolve();
  }
}

/** Stripe's Checkout as the flow sees it: one session, completed unless told otherwise. */
class FakeStripe implements Partial<StripeGateway> {
  session: Partial<CheckoutSessionView> = {};
  subscription: SubscriptionView = subscriptionView();
  opened: { successUrl: string; key: string }[] = [];
  createCheckoutSession(input: { successUrl: string }, key: string) {
    this.opened.push({ successUrl: input.successUrl, key });
    return Promise.resolve({ id: 'cs_1', url: 'https://checkout.stripe.test/cs_1' });
  }
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionView> {
    const tempUserId = this.opened[0]?.key.split(':').at(-1) ?? '';
    return Promise.resolve({
      id,
      status: 'complete',
      paymentStatus: 'no_payment_required',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      clientReferenceId: 'u1',
      metadata: { tempUserId },
      ...this.session,
    });
  }
  retrieveSubscription(): Promise<SubscriptionView> {
    return Promise.resolve(this.subscription);
  }
}

function setup() {
  const customers = new FakeCustomers();
  const subscriptions = new FakeSubscriptions();
  const pending = new FakePending();
  const stripe = new FakeStripe();
  const prices = as<PlanPrices>({ priceOf: (plan: string) => `price_${plan}` });
  const registration = new RegistrationService(
    as<CustomerRepository>(customers),
    as<SubscriptionRepository>(subscriptions),
    as<StripeGateway>(stripe),
    prices,
    new BillingEvents(),
    as<OutboxRelayService>({ nudge: () => undefined }),
    logger,
  );
  const service = new CheckoutService(
    as<CustomerRepository>(customers),
    as<PendingRegistrationStore>(pending),
    registration,
    as<StripeGateway>(stripe),
    prices,
    as<BillingConfig>({ WEB_ORIGIN: 'https://app.example' }),
    logger,
  );
  const open = async () => {
    const s = await service.createSession(user, 'pro_yearly');
    return { sessionId: s.id, tempUserId: s.tempUserId };
  };
  return { service, customers, subscriptions, pending, stripe, open };
}

describe('CheckoutService', () => {
  it('opens a session that returns to the SPA with the pending registration id', async () => {
    const t = setup();
    const s = await t.service.createSession(user, 'pro_yearly');
    expect(t.stripe.opened[0]?.successUrl).toBe(
      `https://app.example/complete-registration?session_id={CHECKOUT_SESSION_ID}&temp_user_id=${s.tempUserId}`,
    );
    expect(t.pending.items.get(s.tempUserId)).toMatchObject({ userId: 'u1', planId: 'pro_yearly' });
    expect(t.customers.docs.get('u1')?.registration).toMatchObject({
      flow: 'checkout',
      checkoutSessionId: 'cs_1',
    });
  });

  it('answers 503 and opens no session when the pending registration cannot be kept', async () => {
    const t = setup();
    t.pending.down = true;
    expect(await refusal(t.service.createSession(user, 'pro_yearly'))).toEqual({
      status: 503,
      code: 'REGISTRATION_UNAVAILABLE',
    });
    expect(t.stripe.opened).toEqual([]);
  });

  it('completes on return, then answers the same result again and refuses a new session', async () => {
    const t = setup();
    const body = await t.open();
    const result = await t.service.complete(user, body);
    expect(result).toMatchObject({ success: true, subscriptionId: 'sub_1', subscriptionStatus: 'TRIAL' });
    expect(t.pending.items.size).toBe(0);
    await expect(t.service.complete(user, body)).resolves.toEqual(result);
    expect(await refusal(t.service.createSession(user, 'pro_yearly'))).toEqual({
      status: 409,
      code: 'ALREADY_SUBSCRIBED',
    });
    // Once that subscription has ended, Checkout gives no second trial either.
    const sub = t.subscriptions.docs.get('sub_1');
    if (sub) sub.status = 'canceled';
    expect(await refusal(t.service.createSession(user, 'pro_yearly'))).toEqual({
      status: 409,
      code: 'TRIAL_ALREADY_USED',
    });
  });

  it("refuses someone else's or an expired pending registration", async () => {
    const t = setup();
    const body = await t.open();
    const other = { ...user, id: 'u2' };
    expect((await refusal(t.service.complete(other, body))).code).toBe('REGISTRATION_NOT_FOUND');
    const p = t.pending.items.get(body.tempUserId);
    if (p) p.expiresAt = new Date(Date.now() - 1).toISOString();
    expect(await refusal(t.service.complete(user, body))).toEqual({
      status: 422,
      code: 'REGISTRATION_EXPIRED',
    });
    expect(t.pending.items.size).toBe(0);
  });

  it.each([
    [{ status: 'open' }, 409, 'PAYMENT_NOT_COMPLETED'],
    [{ clientReferenceId: 'u2' }, 400, 'TRIAL_VALIDATION_FAILED'],
    [{ metadata: { tempUserId: 'another' } }, 400, 'TRIAL_VALIDATION_FAILED'],
  ])('refuses a session %j', async (session, status, code) => {
    const t = setup();
    const body = await t.open();
    t.stripe.session = session;
    expect(await refusal(t.service.complete(user, body))).toEqual({ status, code });
  });

  it('refuses access when the subscription is not live', async () => {
    const t = setup();
    const body = await t.open();
    t.stripe.subscription = subscriptionView({ status: 'incomplete' });
    expect(await refusal(t.service.complete(user, body))).toEqual({
      status: 403,
      code: 'ACCESS_NOT_VERIFIED',
    });
  });

  it('lets the webhook finish a known session once, and ignores an unknown one', async () => {
    const t = setup();
    await t.open();
    const session = await t.stripe.retrieveCheckoutSession('cs_1');
    expect(await t.service.completeFromWebhook({ ...session, clientReferenceId: 'nobody' }, 'evt_0')).toBe(
      'unknown-customer',
    );
    expect(await t.service.completeFromWebhook(session, 'evt_1')).toBe('applied');
    expect(await t.service.completeFromWebhook(session, 'evt_1')).toBe('applied');
    expect(t.customers.outbox).toHaveLength(1);
  });
});
