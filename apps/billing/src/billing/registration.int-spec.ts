/**
 * The trial registration saga (Elements flow) and local-mode test cards.
 * Billing from its entry point against the real infrastructure (stripe-mock behind a
 * fault-injecting proxy, Mongo, Redis, Kafka read back by a tap): see useBillingHarness.
 */
import { Topic } from '@core-vault/contracts';
import { newUser, trialBody, useBillingHarness } from '../testing/billing-kit';

const h = useBillingHarness('registration');

describe('trial registration saga', () => {
  it('creates customer, card and 90-day trial subscription, and announces trial-started once', async () => {
    const user = newUser();
    const res = await h.api('POST', '/api/v1/billing/trial', user.token, trialBody());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, planType: 'Pro', subscriptionStatus: 'TRIAL' });
    const days = (Date.parse(res.body['trialEnd'] as string) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const [event] = await h.tap.waitFor(Topic.TrialStarted, user.id);
    expect(event?.envelope.data).toMatchObject({
      userId: user.id,
      email: user.email,
      planType: 'Pro',
      stripeCustomerId: res.body['customerId'],
      subscriptionId: res.body['subscriptionId'],
    });
    expect(h.proxy.callsFor(user.id, 'POST', /^\/v1\/customers$/)).toHaveLength(1);
    expect(h.proxy.callsFor(user.id, 'POST', /^\/v1\/subscriptions$/)).toHaveLength(1);
    const doc = await h.customers().findOne({ _id: user.id });
    expect(doc?.['registration']).toMatchObject({
      step: 'completed',
      planId: 'pro_monthly',
      lockOwner: null,
    });

    // Submitting again answers the same result and creates nothing.
    const again = await h.api('POST', '/api/v1/billing/trial', user.token, trialBody());
    expect(again.body).toEqual(res.body);
    expect(h.proxy.callsFor(user.id, 'POST', /^\/v1\/customers$/)).toHaveLength(1);
  });

  it.each([['business_monthly'], ['business_yearly'], ['gold']])(
    'refuses plan %s with "Invalid plan type"',
    async (plan) => {
      const user = newUser();
      const res = await h.api('POST', '/api/v1/billing/trial', user.token, trialBody({ planType: plan }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_PLAN', message: 'Invalid plan type' });
      expect(await h.customers().findOne({ _id: user.id })).toBeNull();
    },
  );

  it('refuses bad input with a clear 400 and anonymous callers with 401', async () => {
    const user = newUser();
    const bad = await h.api(
      'POST',
      '/api/v1/billing/trial',
      user.token,
      trialBody({ paymentMethodId: 'card_123' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body['message']).toContain('paymentMethodId');
    const extra = await h.api(
      'POST',
      '/api/v1/billing/trial',
      user.token,
      trialBody({ userId: 'someone-else' }),
    );
    expect(extra.status).toBe(400);
    expect(extra.body['message']).toBe('Unknown field "userId".');
    expect((await h.api('POST', '/api/v1/billing/trial', undefined, trialBody())).status).toBe(401);
  });

  it('resumes after a failure at the subscription step, reusing the customer and charging nothing twice', async () => {
    const user = newUser();
    h.proxy.fail({ method: 'POST', path: /^\/v1\/subscriptions$/, times: 1, status: 500 });
    const failed = await h.api('POST', '/api/v1/billing/trial', user.token, trialBody());
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: 'Failed to create subscription',
    });
    const midway = await h.customers().findOne({ _id: user.id });
    expect(midway?.['stripeCustomerId']).toMatch(/^cus_/);
    expect(midway?.['registration']).toMatchObject({
      step: 'payment_method_attached',
      lockOwner: null,
      lastError: 'Failed to create subscription',
    });

    const retried = await h.api('POST', '/api/v1/billing/trial', user.token, trialBody());
    expect(retried.status).toBe(200);
    expect(retried.body['customerId']).toBe(midway?.['stripeCustomerId']);
    expect(h.proxy.callsFor(user.id, 'POST', /^\/v1\/customers$/)).toHaveLength(1);
    expect(h.proxy.callsFor(user.id, 'POST', /^\/v1\/subscriptions$/)).toHaveLength(1);
    await h.tap.waitFor(Topic.TrialStarted, user.id);
  });

  it('reports "Failed to create account" when Stripe times out at the customer step', async () => {
    const user = newUser();
    h.proxy.fail({ method: 'POST', path: /^\/v1\/customers$/, times: 1, delayMs: 3000 });
    const res = await h.api('POST', '/api/v1/billing/trial', user.token, trialBody());
    expect(res.status).toBe(502);
    expect(res.body['message']).toBe('Failed to create account');
    expect((await h.customers().findOne({ _id: user.id }))?.['registration']).toMatchObject({
      step: 'started',
    });
    expect((await h.api('POST', '/api/v1/billing/trial', user.token, trialBody())).status).toBe(200);
  });

  it("answers a declined card with Stripe's message as a 402, and a retry with another card succeeds", async () => {
    const user = newUser();
    h.proxy.fail({
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
    const res = await h.api('POST', '/api/v1/billing/trial', user.token, trialBody());
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'card_declined', message: 'Your card has insufficient funds.' });
    expect(h.tap.of(Topic.TrialStarted, user.id)).toHaveLength(0);

    const retry = await h.api(
      'POST',
      '/api/v1/billing/trial',
      user.token,
      trialBody({ paymentMethodId: 'pm_card_mastercard' }),
    );
    expect(retry.status).toBe(200);
    expect(h.proxy.callsFor(user.id, 'POST', /^\/v1\/customers$/)).toHaveLength(1);
  });

  it('a double submit makes one customer, one subscription and one event', async () => {
    const user = newUser();
    const results = await Promise.all(
      [1, 2, 3].map(() => h.api('POST', '/api/v1/billing/trial', user.token, trialBody())),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body['code']).toBe('REGISTRATION_IN_PROGRESS');
    expect(h.proxy.callsFor(user.id, 'POST', /^\/v1\/customers$/)).toHaveLength(1);
    expect(h.proxy.callsFor(user.id, 'POST', /^\/v1\/subscriptions$/)).toHaveLength(1);
    await h.tap.waitFor(Topic.TrialStarted, user.id);
    // A later event for the same user (same partition, after the first) proves no second one came.
    const again = await h.api('POST', '/api/v1/billing/subscription/cancel', user.token, {});
    expect(again.status).toBe(200);
    await h.tap.waitFor(Topic.SubscriptionUpdated, user.id);
    expect(h.tap.of(Topic.TrialStarted, user.id)).toHaveLength(1);
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
    const res = await h.api('POST', '/api/v1/billing/test-payment-methods', newUser().token, card(number));
    expect(res.status).toBe(201);
    expect(res.body['paymentMethodId']).toBe(pm);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'card_declined', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
  ])('declines %s like Stripe', async (number, code, message) => {
    const res = await h.api('POST', '/api/v1/billing/test-payment-methods', newUser().token, card(number));
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code, message });
  });

  it('refuses numbers that are not Stripe test cards', async () => {
    const res = await h.api(
      'POST',
      '/api/v1/billing/test-payment-methods',
      newUser().token,
      card('4111 1111 1111 1112'),
    );
    expect(res.status).toBe(400);
    expect(res.body['code']).toBe('NOT_A_TEST_CARD');
  });
});
