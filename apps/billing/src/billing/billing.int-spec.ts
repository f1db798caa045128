/**
 * The billing service from its entry point against the real infrastructure: stripe-mock behind a
 * fault-injecting proxy, the real Mongo server, Redis and Kafka (events read back from the broker).
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { type Connection } from 'mongoose';
import { Redis } from 'ioredis';
import { Topic } from '@core-vault/contracts';
import { testInfra, uniqueSuffix } from '@core-vault/platform/testing';
import {
  type BootedService,
  EventTap,
  bootService,
  STRIPE_MOCK_URL,
  call,
  invoiceObject,
  newUser,
  openDb,
  postWebhook,
  sign,
  signedEvent,
  subscriptionObject,
  trialBody,
} from '../testing/billing-kit';
import { StripeFaultProxy } from '../testing/stripe-fault-proxy';
import { pendingRegistrationKey } from './pending-registration.store';

const dbName = `cv_test_billing_${uniqueSuffix()}`;
const proxy = new StripeFaultProxy(STRIPE_MOCK_URL);
const tap = new EventTap();
let billing: BootedService;
let db: Connection;
let redis: Redis;
let sources: Server;
let sourcesUrl = '';
let artifactsDown = false;

beforeAll(async () => {
  await proxy.start();
  // Stand-ins for identity's /api/v1/me and artifacts' list (the export's sources).
  sources = createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    const json = { 'content-type': 'application/json' };
    if (req.url === '/api/v1/me' && auth.startsWith('Bearer ')) {
      res.writeHead(200, json).end(JSON.stringify({ id: 'me', email: 'me@x.test' }));
    } else if (req.url?.startsWith('/api/v1/artifacts') && !artifactsDown) {
      const items = [
        { id: 'a1', title: 'Chart', viewCount: 4 },
        { id: 'a2', title: 'Calc', viewCount: 3 },
      ];
      res.writeHead(200, json).end(JSON.stringify({ items }));
    } else {
      res.writeHead(503).end();
    }
  }).listen(0, '127.0.0.1');
  await once(sources, 'listening');
  sourcesUrl = `http://127.0.0.1:${(sources.address() as { port: number }).port}`;
  await tap.start();
  billing = await bootService('billing', {
    MONGO_DB: dbName,
    STRIPE_API_BASE: proxy.url,
    STRIPE_MAX_NETWORK_RETRIES: '0',
    STRIPE_TIMEOUT_MS: '1500',
    IDENTITY_URL: sourcesUrl,
    ARTIFACTS_URL: sourcesUrl,
  });
  db = await openDb(dbName);
  redis = new Redis(testInfra().redisUrl);
}, 90_000);

afterAll(async () => {
  if (process.env['BILLING_LOG_FILE'])
    (await import('node:fs')).writeFileSync(
      process.env['BILLING_LOG_FILE'],
      billing.proc.stdout() + billing.proc.stderr(),
    );
  await billing?.stop();
  await tap.stop();
  await proxy.stop();
  await db?.dropDatabase();
  await db?.close();
  redis?.disconnect();
  sources?.close();
});

afterEach(() => proxy.clearFaults());

const customers = () => db.collection<{ _id: string } & Record<string, unknown>>('customers');
const api = (method: string, path: string, token?: string, body?: unknown) =>
  call(billing.url, method, path, token, body);

async function startTrial(user = newUser()) {
  const res = await api('POST', '/api/v1/billing/trial', user.token, trialBody());
  expect(res.status).toBe(200);
  return { user, result: res.body as { customerId: string; subscriptionId: string } };
}

describe('trial registration saga', () => {
  it('creates customer, card and 90-day trial subscription, and announces trial-started once', async () => {
    const user = newUser();
    const res = await api('POST', '/api/v1/billing/trial', user.token, trialBody());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, planType: 'Pro', subscriptionStatus: 'TRIAL' });
    const days = (Date.parse(res.body['trialEnd'] as string) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const [event] = await tap.waitFor(Topic.TrialStarted, user.id);
    expect(event?.envelope.data).toMatchObject({
      userId: user.id,
      email: user.email,
      planType: 'Pro',
      stripeCustomerId: res.body['customerId'],
      subscriptionId: res.body['subscriptionId'],
    });
    expect(proxy.callsFor(user.id, 'POST', /^\/v1\/customers$/)).toHaveLength(1);
    expect(proxy.callsFor(user.id, 'POST', /^\/v1\/subscriptions$/)).toHaveLength(1);
    const doc = await customers().findOne({ _id: user.id });
    expect(doc?.['registration']).toMatchObject({
      step: 'completed',
      planId: 'pro_monthly',
      lockOwner: null,
    });

    // Submitting again answers the same result and creates nothing.
    const again = await api('POST', '/api/v1/billing/trial', user.token, trialBody());
    expect(again.body).toEqual(res.body);
    expect(proxy.callsFor(user.id, 'POST', /^\/v1\/customers$/)).toHaveLength(1);
  });

  it.each([['business_monthly'], ['business_yearly'], ['gold']])(
    'refuses plan %s with "Invalid plan type"',
    async (plan) => {
      const user = newUser();
      const res = await api('POST', '/api/v1/billing/trial', user.token, trialBody({ planType: plan }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_PLAN', message: 'Invalid plan type' });
      expect(await customers().findOne({ _id: user.id })).toBeNull();
    },
  );

  it('refuses bad input with a clear 400 and anonymous callers with 401', async () => {
    const user = newUser();
    const bad = await api(
      'POST',
      '/api/v1/billing/trial',
      user.token,
      trialBody({ paymentMethodId: 'card_123' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body['message']).toContain('paymentMethodId');
    const extra = await api(
      'POST',
      '/api/v1/billing/trial',
      user.token,
      trialBody({ userId: 'someone-else' }),
    );
    expect(extra.status).toBe(400);
    expect(extra.body['message']).toBe('Unknown field "userId".');
    expect((await api('POST', '/api/v1/billing/trial', undefined, trialBody())).status).toBe(401);
  });

  it('resumes after a failure at the subscription step, reusing the customer and charging nothing twice', async () => {
    const user = newUser();
    proxy.fail({ method: 'POST', path: /^\/v1\/subscriptions$/, times: 1, status: 500 });
    const failed = await api('POST', '/api/v1/billing/trial', user.token, trialBody());
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: 'Failed to create subscription',
    });
    const midway = await customers().findOne({ _id: user.id });
    expect(midway?.['stripeCustomerId']).toMatch(/^cus_/);
    expect(midway?.['registration']).toMatchObject({
      step: 'payment_method_attached',
      lockOwner: null,
      lastError: 'Failed to create subscription',
    });

    const retried = await api('POST', '/api/v1/billing/trial', user.token, trialBody());
    expect(retried.status).toBe(200);
    expect(retried.body['customerId']).toBe(midway?.['stripeCustomerId']);
    expect(proxy.callsFor(user.id, 'POST', /^\/v1\/customers$/)).toHaveLength(1);
    expect(proxy.callsFor(user.id, 'POST', /^\/v1\/subscriptions$/)).toHaveLength(1);
    await tap.waitFor(Topic.TrialStarted, user.id);
  });

  it('reports "Failed to create account" when Stripe times out at the customer step', async () => {
    const user = newUser();
    proxy.fail({ method: 'POST', path: /^\/v1\/customers$/, times: 1, delayMs: 3000 });
    const res = await api('POST', '/api/v1/billing/trial', user.token, trialBody());
    expect(res.status).toBe(502);
    expect(res.body['message']).toBe('Failed to create account');
    expect((await customers().findOne({ _id: user.id }))?.['registration']).toMatchObject({
      step: 'started',
    });
    expect((await api('POST', '/api/v1/billing/trial', user.token, trialBody())).status).toBe(200);
  });

  it("answers a declined card with Stripe's message as a 402, and a retry with another card succeeds", async () => {
    const user = newUser();
    proxy.fail({
      method: 'POST',
      path: /^\/v1\/payment_methods\/.+\/attach$/,
      times: 1,
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      },
    });
    const res = await api('POST', '/api/v1/billing/trial', user.token, trialBody());
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'card_declined', message: 'Your card has insufficient funds.' });
    expect(tap.of(Topic.TrialStarted, user.id)).toHaveLength(0);

    const retry = await api(
      'POST',
      '/api/v1/billing/trial',
      user.token,
      trialBody({ paymentMethodId: 'pm_card_mastercard' }),
    );
    expect(retry.status).toBe(200);
    expect(proxy.callsFor(user.id, 'POST', /^\/v1\/customers$/)).toHaveLength(1);
  });

  it('a double submit makes one customer, one subscription and one event', async () => {
    const user = newUser();
    const results = await Promise.all(
      [1, 2, 3].map(() => api('POST', '/api/v1/billing/trial', user.token, trialBody())),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body['code']).toBe('REGISTRATION_IN_PROGRESS');
    expect(proxy.callsFor(user.id, 'POST', /^\/v1\/customers$/)).toHaveLength(1);
    expect(proxy.callsFor(user.id, 'POST', /^\/v1\/subscriptions$/)).toHaveLength(1);
    await tap.waitFor(Topic.TrialStarted, user.id);
    // A later event for the same user (same partition, after the first) proves no second one came.
    const again = await api('POST', '/api/v1/billing/subscription/cancel', user.token, {});
    expect(again.status).toBe(200);
    await tap.waitFor(Topic.SubscriptionUpdated, user.id);
    expect(tap.of(Topic.TrialStarted, user.id)).toHaveLength(1);
  });
});

describe('test payment methods (local mode)', () => {
  const card = (number: string) => ({
    number,
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  });

  it.each([
    ['4242 4242 4242 4242', 'pm_card_visa'],
    ['5555 5555 5555 4444', 'pm_card_mastercard'],
    ['3782 822463 10005', 'pm_card_amex'],
  ])('turns %s into %s', async (number, pm) => {
    const res = await api('POST', '/api/v1/billing/test-payment-methods', newUser().token, card(number));
    expect(res.status).toBe(201);
    expect(res.body['paymentMethodId']).toBe(pm);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'card_declined', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
  ])('declines %s like Stripe', async (number, code, message) => {
    const res = await api('POST', '/api/v1/billing/test-payment-methods', newUser().token, card(number));
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code, message });
  });

  it('refuses numbers that are not Stripe test cards', async () => {
    const res = await api(
      'POST',
      '/api/v1/billing/test-payment-methods',
      newUser().token,
      card('4111 1111 1111 1112'),
    );
    expect(res.status).toBe(400);
    expect(res.body['code']).toBe('NOT_A_TEST_CARD');
  });
});

describe('checkout flow', () => {
  async function openSession(user = newUser()) {
    const res = await api('POST', '/api/v1/billing/checkout-sessions', user.token, {
      planType: 'pro_yearly',
    });
    expect(res.status).toBe(201);
    return { user, session: res.body as { id: string; url: string; tempUserId: string } };
  }

  it("creates a subscription-mode session with a 90-day trial and the spec's return addresses", async () => {
    const { user, session } = await openSession();
    expect(session.id).toMatch(/^cs_/);
    expect(session.tempUserId).toMatch(/^[a-f0-9]{32}$/);
    const call = proxy.callsFor(user.id, 'POST', /^\/v1\/checkout\/sessions$/);
    expect(call).toHaveLength(1);
    const pending = JSON.parse(
      (await redis.get(pendingRegistrationKey(session.tempUserId))) ?? '{}',
    ) as Record<string, unknown>;
    expect(pending).toMatchObject({ userId: user.id, planId: 'pro_yearly' });
    expect(pending).not.toHaveProperty('password');
    const ttl = await redis.pttl(pendingRegistrationKey(session.tempUserId));
    expect(ttl).toBeGreaterThan(3_590_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);
  });

  it('finishes through checkout.session.completed, then the return validates and answers the result', async () => {
    const { user, session } = await openSession();
    const early = await api('POST', '/api/v1/billing/checkout-sessions/complete', user.token, {
      sessionId: session.id,
      tempUserId: session.tempUserId,
    });
    expect(early.status).toBe(409);
    expect(early.body['message']).toBe('Failed to validate payment');

    const customer = `cus_co_${uniqueSuffix()}`;
    const webhook = signedEvent('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'no_payment_required',
      customer,
      subscription: `sub_co_${uniqueSuffix()}`,
      client_reference_id: user.id,
      metadata: { userId: user.id, tempUserId: session.tempUserId },
    });
    expect((await postWebhook(billing.url, webhook)).status).toBe(200);
    const [started] = await tap.waitFor(Topic.TrialStarted, user.id);
    expect(started?.envelope.data).toMatchObject({ stripeCustomerId: customer, planType: 'Pro' });

    const done = await api('POST', '/api/v1/billing/checkout-sessions/complete', user.token, {
      sessionId: session.id,
      tempUserId: session.tempUserId,
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, customerId: customer, subscriptionStatus: 'TRIAL' });
    expect(await redis.exists(pendingRegistrationKey(session.tempUserId))).toBe(0);
  });

  it('answers "Registration data not found or expired" and "Registration session expired"', async () => {
    const { user, session } = await openSession();
    const other = newUser();
    const notMine = await api('POST', '/api/v1/billing/checkout-sessions/complete', other.token, {
      sessionId: session.id,
      tempUserId: session.tempUserId,
    });
    expect(notMine.status).toBe(404);
    expect(notMine.body['message']).toBe('Registration data not found or expired');

    const key = pendingRegistrationKey(session.tempUserId);
    const pending = JSON.parse((await redis.get(key)) as string) as Record<string, unknown>;
    await redis.set(
      key,
      JSON.stringify({ ...pending, expiresAt: new Date(Date.now() - 1000).toISOString() }),
    );
    const expired = await api('POST', '/api/v1/billing/checkout-sessions/complete', user.token, {
      sessionId: session.id,
      tempUserId: session.tempUserId,
    });
    expect(expired.status).toBe(422);
    expect(expired.body['message']).toBe('Registration session expired');
    const gone = await api('POST', '/api/v1/billing/checkout-sessions/complete', user.token, {
      sessionId: session.id,
      tempUserId: session.tempUserId,
    });
    expect(gone.status).toBe(404);
  });

  it('refuses Business and reports a Stripe failure as "Failed to create checkout session"', async () => {
    const user = newUser();
    const business = await api('POST', '/api/v1/billing/checkout-sessions', user.token, {
      planType: 'business_yearly',
    });
    expect(business.body).toMatchObject({ code: 'INVALID_PLAN', message: 'Invalid plan type' });
    proxy.fail({ method: 'POST', path: /^\/v1\/checkout\/sessions$/, times: 1, status: 500 });
    const failed = await api('POST', '/api/v1/billing/checkout-sessions', user.token, {
      planType: 'pro_monthly',
    });
    expect(failed.status).toBe(502);
    expect(failed.body['message']).toBe('Failed to create checkout session');
  });
});

describe('account billing calls', () => {
  it('shows empty lists and 404s to a user without a subscription', async () => {
    const user = newUser();
    expect((await api('GET', '/api/v1/billing/subscription', user.token)).body).toEqual({
      subscriptions: [],
      payment_methods: [],
      customer_id: null,
    });
    expect((await api('GET', '/api/v1/billing/invoices', user.token)).body).toEqual({ invoices: [] });
    const cancel = await api('POST', '/api/v1/billing/subscription/cancel', user.token, {});
    expect(cancel).toMatchObject({ status: 404, body: { message: 'No subscription found to cancel' } });
    const resume = await api('POST', '/api/v1/billing/subscription/resume', user.token, {});
    expect(resume).toMatchObject({ status: 404, body: { message: 'No subscription found to resume' } });
    expect((await api('POST', '/api/v1/billing/portal-session', user.token, {})).status).toBe(404);
  });

  it('never acts on a subscription id the client sends', async () => {
    const { result } = await startTrial();
    const intruder = newUser();
    const res = await api('POST', '/api/v1/billing/subscription/cancel', intruder.token, {
      subscriptionId: result.subscriptionId,
    });
    expect(res.status).toBe(400);
    expect(res.body['message']).toBe('Unknown field "subscriptionId".');
    const mine = await api('POST', '/api/v1/billing/subscription/cancel', intruder.token, {});
    expect(mine.status).toBe(404);
  });

  it('lists details, cancels at period end, resumes and changes plan, announcing each change', async () => {
    const { user, result } = await startTrial();
    const details = await api('GET', '/api/v1/billing/subscription', user.token);
    expect(details.body).toMatchObject({
      customer_id: result.customerId,
      subscriptions: [{ id: result.subscriptionId, cancel_at_period_end: false, plan_id: 'pro_monthly' }],
      payment_methods: [{ id: 'pm_card_visa', is_default: true, card: { brand: 'visa', last4: '4242' } }],
    });

    const cancel = await api('POST', '/api/v1/billing/subscription/cancel', user.token, {});
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({
      cancel_at_period_end: true,
      message: expect.stringContaining('canceled successfully'),
    });
    const [canceled] = await tap.waitFor(Topic.SubscriptionUpdated, user.id);
    expect(canceled?.envelope.data).toMatchObject({
      cancelAtPeriodEnd: true,
      status: 'TRIAL',
      subscriptionId: result.subscriptionId,
    });

    const resume = await api('POST', '/api/v1/billing/subscription/resume', user.token, {});
    expect(resume.body).toMatchObject({
      cancel_at_period_end: false,
      message: 'Subscription resumed successfully!',
    });
    const updates = await tap.waitFor(Topic.SubscriptionUpdated, user.id, 2);
    expect(updates[1]?.envelope.data['cancelAtPeriodEnd']).toBe(false);

    const change = await api('POST', '/api/v1/billing/subscription/change-plan', user.token, {
      planType: 'pro_yearly',
    });
    expect(change.status).toBe(200);
    expect(change.body['plan_id']).toBe('pro_yearly');
    const update = proxy.callsFor(
      user.id,
      'POST',
      new RegExp(`^/v1/subscriptions/${result.subscriptionId}$`),
    );
    expect(update.length).toBe(3);
    expect(
      (await api('POST', '/api/v1/billing/subscription/change-plan', user.token, { planType: 'pro_yearly' }))
        .status,
    ).toBe(409);
    expect(
      (
        await api('POST', '/api/v1/billing/subscription/change-plan', user.token, {
          planType: 'business_monthly',
        })
      ).body['message'],
    ).toBe('Invalid plan type');

    const intent = await api('POST', '/api/v1/billing/payment-methods/setup-intent', user.token, {});
    expect(intent.status).toBe(201);
    expect(intent.body['clientSecret']).toMatch(/^seti_/);
    const portal = await api('POST', '/api/v1/billing/portal-session', user.token, {});
    expect(portal.status).toBe(201);
    expect(portal.body['url']).toMatch(/^https:\/\//);
  });

  it('answers a Stripe outage on cancel with "Unable to cancel subscription" and keeps the state', async () => {
    const { user } = await startTrial();
    proxy.fail({ method: 'POST', path: /^\/v1\/subscriptions\/.+$/, times: 1, status: 500 });
    const res = await api('POST', '/api/v1/billing/subscription/cancel', user.token, {});
    expect(res.status).toBe(502);
    expect(res.body['message']).toBe('Unable to cancel subscription. Please try again later.');
    const details = await api('GET', '/api/v1/billing/subscription', user.token);
    expect(
      (details.body['subscriptions'] as { cancel_at_period_end: boolean }[])[0]?.cancel_at_period_end,
    ).toBe(false);
  });

  it('lists the latest 5 invoices in major units from invoice.paid webhooks', async () => {
    const { user, result } = await startTrial();
    const base = Math.floor(Date.now() / 1000) - 1000;
    for (let i = 0; i < 6; i++) {
      const inv = invoiceObject({
        id: `in_${user.id}_${i}`,
        customer: result.customerId,
        subscription: result.subscriptionId,
        amount: 999,
        created: base + i,
      });
      expect((await postWebhook(billing.url, signedEvent('invoice.paid', inv, base + i))).status).toBe(200);
    }
    const history = await api('GET', '/api/v1/billing/invoices', user.token);
    const invoices = history.body['invoices'] as {
      id: string;
      amount: number;
      currency: string;
      status: string;
      pdf_url: string;
    }[];
    expect(invoices.map((i) => i.id)).toEqual([5, 4, 3, 2, 1].map((i) => `in_${user.id}_${i}`));
    expect(invoices[0]).toMatchObject({
      amount: 9.99,
      currency: 'usd',
      status: 'paid',
      pdf_url: expect.stringContaining('.pdf'),
    });
    const paid = await tap.waitFor(Topic.InvoicePaid, user.id, 6);
    expect(paid[0]?.envelope.data).toMatchObject({ amount: 9.99, currency: 'usd' });
  });
});

describe('stripe webhooks', () => {
  it('refuses a bad or missing signature with 400 and records nothing', async () => {
    const { result } = await startTrial();
    const before = await db.collection('stripe_events').countDocuments();
    const good = signedEvent(
      'customer.subscription.updated',
      subscriptionObject({
        id: result.subscriptionId,
        customer: result.customerId,
        userId: 'x',
        status: 'past_due',
      }),
    );
    const tampered = { ...good, payload: good.payload.replace('past_due', 'active') };
    expect((await postWebhook(billing.url, tampered)).status).toBe(400);
    const wrongSecret = {
      ...good,
      signature: good.signature.replace(/v1=[a-f0-9]+/, `v1=${'0'.repeat(64)}`),
    };
    expect((await postWebhook(billing.url, wrongSecret)).status).toBe(400);
    const missing = await fetch(`${billing.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: good.payload,
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect(await db.collection('stripe_events').countDocuments()).toBe(before);
  });

  it('applies 20 duplicate deliveries once: one state change, one Kafka event', async () => {
    const { user, result } = await startTrial();
    const now = Math.floor(Date.now() / 1000);
    const sub = subscriptionObject({
      id: result.subscriptionId,
      customer: result.customerId,
      userId: user.id,
      status: 'past_due',
    });
    const event = signedEvent('customer.subscription.updated', sub, now + 5);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postWebhook(billing.url, event)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await tap.waitFor(Topic.SubscriptionUpdated, user.id);
    // A later change of the same subscription: once it is on the broker, any duplicate would be too.
    const later = signedEvent('customer.subscription.updated', { ...sub, status: 'active' }, now + 10);
    expect((await postWebhook(billing.url, later)).status).toBe(200);
    const updates = await tap.waitFor(Topic.SubscriptionUpdated, user.id, 2);
    expect(updates.map((u) => u.envelope.data['status'])).toEqual(['PAST_DUE', 'ACTIVE']);
    expect(await db.collection('stripe_events').countDocuments({ _id: event.id as never })).toBe(1);
  });

  it('never lets an older event overwrite a newer state', async () => {
    const { user, result } = await startTrial();
    const now = Math.floor(Date.now() / 1000);
    const sub = subscriptionObject({
      id: result.subscriptionId,
      customer: result.customerId,
      userId: user.id,
    });
    const newer = signedEvent('customer.subscription.updated', { ...sub, status: 'past_due' }, now + 20);
    const older = signedEvent(
      'customer.subscription.updated',
      { ...sub, status: 'active', cancel_at_period_end: true },
      now + 10,
    );
    expect((await postWebhook(billing.url, newer)).status).toBe(200);
    expect((await postWebhook(billing.url, older)).status).toBe(200);
    const stored = await db.collection('subscriptions').findOne({ _id: result.subscriptionId as never });
    expect(stored).toMatchObject({ status: 'past_due', cancelAtPeriodEnd: false });
    expect(await db.collection('stripe_events').findOne({ _id: older.id as never })).toMatchObject({
      outcome: 'stale',
    });
    const deleted = signedEvent('customer.subscription.deleted', { ...sub, status: 'canceled' }, now + 30);
    expect((await postWebhook(billing.url, deleted)).status).toBe(200);
    const [canceled] = await tap.waitFor(Topic.SubscriptionCanceled, user.id);
    expect(canceled?.envelope.data).toMatchObject({ subscriptionId: result.subscriptionId });
    expect(tap.of(Topic.SubscriptionUpdated, user.id).map((u) => u.envelope.data['status'])).toEqual([
      'PAST_DUE',
    ]);
  });

  it('acknowledges a valid event for an unknown customer and changes nothing', async () => {
    const stranger = subscriptionObject({
      id: `sub_unknown_${uniqueSuffix()}`,
      customer: `cus_unknown_${uniqueSuffix()}`,
      userId: 'nobody',
    });
    const event = signedEvent('customer.subscription.updated', stranger);
    const res = await postWebhook(billing.url, event);
    expect(res).toMatchObject({ status: 200, body: { received: true } });
    expect(await db.collection('subscriptions').findOne({ _id: stranger.id as never })).toBeNull();
    expect(await db.collection('stripe_events').findOne({ _id: event.id as never })).toMatchObject({
      outcome: 'unknown-customer',
    });
    expect((await postWebhook(billing.url, event)).body).toMatchObject({ duplicate: true });
  });

  it('turns every handled type into its Kafka event', async () => {
    const { user, result } = await startTrial();
    const ids = { customer: result.customerId, userId: user.id };
    const sub = subscriptionObject({ id: result.subscriptionId, ...ids });
    const t = Math.floor(Date.now() / 1000);
    const events = [
      signedEvent('customer.subscription.created', sub, t + 1),
      signedEvent('customer.subscription.trial_will_end', sub, t + 2),
      signedEvent(
        'invoice.payment_failed',
        invoiceObject({
          id: `in_f_${user.id}`,
          customer: result.customerId,
          subscription: result.subscriptionId,
          amount: 999,
          status: 'open',
        }),
        t + 3,
      ),
      signedEvent(
        'invoice.paid',
        invoiceObject({
          id: `in_p_${user.id}`,
          customer: result.customerId,
          subscription: result.subscriptionId,
          amount: 999,
        }),
        t + 4,
      ),
      signedEvent('customer.subscription.deleted', { ...sub, status: 'canceled' }, t + 5),
      signedEvent('customer.created', { id: result.customerId, object: 'customer' }, t + 6),
    ];
    for (const e of events) expect((await postWebhook(billing.url, e)).status).toBe(200);
    const [willEnd] = await tap.waitFor(Topic.TrialWillEnd, user.id);
    expect(willEnd?.envelope.data['trialEnd']).toBe(new Date(sub.trial_end! * 1000).toISOString());
    const [failed] = await tap.waitFor(Topic.PaymentFailed, user.id);
    expect(failed?.envelope.data).toMatchObject({
      invoiceId: `in_f_${user.id}`,
      effectiveAt: new Date((t + 3) * 1000).toISOString(),
    });
    await tap.waitFor(Topic.InvoicePaid, user.id);
    await tap.waitFor(Topic.SubscriptionUpdated, user.id);
    await tap.waitFor(Topic.SubscriptionCanceled, user.id);
    expect(await db.collection('stripe_events').findOne({ _id: events[5]!.id as never })).toMatchObject({
      outcome: 'ignored',
    });
  });

  it('refuses a body that is not the signed JSON', async () => {
    const signed = sign('{"id":"evt_x","object":"event"');
    const res = await postWebhook(billing.url, signed);
    expect(res.status).toBe(400);
  });
});

describe('data export', () => {
  it('downloads account, billing, artifacts, analytics and usage history as one dated JSON file', async () => {
    const { user } = await startTrial();
    const res = await fetch(`${billing.url}/api/v1/billing/export`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="core-vault-export-${today}.json"`,
    );
    const text = await res.text();
    expect(text).toContain('\n  "account"');
    const doc = JSON.parse(text) as Record<string, unknown>;
    expect(doc).toMatchObject({
      account: { id: 'me' },
      artifacts: [{ id: 'a1' }, { id: 'a2' }],
      analytics: { totalArtifacts: 2, totalViews: 7 },
      usageHistory: { invoices: [] },
      notes: [],
    });
    expect((doc['billing'] as { subscriptions: unknown[] }).subscriptions).toHaveLength(1);
  });

  it('keeps going with a note when a source is down', async () => {
    artifactsDown = true;
    try {
      const user = newUser();
      const res = await api('GET', '/api/v1/billing/export', user.token);
      expect(res.status).toBe(200);
      expect(res.body['artifacts']).toEqual([]);
      expect(res.body['notes']).toEqual(['The artifacts could not be included (the service answered 503).']);
    } finally {
      artifactsDown = false;
    }
  });
});
