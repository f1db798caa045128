/**
 * The Stripe Checkout flow: session, pending registration in Redis, completion by webhook, return.
 * Billing from its entry point against the real infrastructure (stripe-mock behind a
 * fault-injecting proxy, Mongo, Redis, Kafka read back by a tap): see useBillingHarness.
 */
import { Topic } from '@core-vault/contracts';
import { uniqueSuffix } from '@core-vault/platform/testing';
import { newUser, postWebhook, signedEvent, useBillingHarness } from '../testing/billing-kit';
import { pendingRegistrationKey } from './pending-registration.store';

const h = useBillingHarness('checkout');

describe('checkout flow', () => {
  async function openSession(user = newUser()) {
    const res = await h.api('POST', '/api/v1/billing/checkout-sessions', user.token, {
      planType: 'pro_yearly',
    });
    expect(res.status).toBe(201);
    return { user, session: res.body as { id: string; url: string; tempUserId: string } };
  }

  it("creates a subscription-mode session with a 90-day trial and the spec's return addresses", async () => {
    const { user, session } = await openSession();
    expect(session.id).toMatch(/^cs_/);
    expect(session.tempUserId).toMatch(/^[a-f0-9]{32}$/);
    const call = h.proxy.callsFor(user.id, 'POST', /^\/v1\/checkout\/sessions$/);
    expect(call).toHaveLength(1);
    const pending = JSON.parse(
      (await h.redis.get(pendingRegistrationKey(session.tempUserId))) ?? '{}',
    ) as Record<string, unknown>;
    expect(pending).toMatchObject({ userId: user.id, planId: 'pro_yearly' });
    expect(pending).not.toHaveProperty('password');
    const ttl = await h.redis.pttl(pendingRegistrationKey(session.tempUserId));
    expect(ttl).toBeGreaterThan(3_590_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);
  });

  it('finishes through checkout.session.completed, then the return validates and answers the result', async () => {
    const { user, session } = await openSession();
    const early = await h.api('POST', '/api/v1/billing/checkout-sessions/complete', user.token, {
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
    expect((await postWebhook(h.billing.url, webhook)).status).toBe(200);
    const [started] = await h.tap.waitFor(Topic.TrialStarted, user.id);
    expect(started?.envelope.data).toMatchObject({ stripeCustomerId: customer, planType: 'Pro' });

    const done = await h.api('POST', '/api/v1/billing/checkout-sessions/complete', user.token, {
      sessionId: session.id,
      tempUserId: session.tempUserId,
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, customerId: customer, subscriptionStatus: 'TRIAL' });
    expect(await h.redis.exists(pendingRegistrationKey(session.tempUserId))).toBe(0);
  });

  it('answers "Registration data not found or expired" and "Registration session expired"', async () => {
    const { user, session } = await openSession();
    const other = newUser();
    const notMine = await h.api('POST', '/api/v1/billing/checkout-sessions/complete', other.token, {
      sessionId: session.id,
      tempUserId: session.tempUserId,
    });
    expect(notMine.status).toBe(404);
    expect(notMine.body['message']).toBe('Registration data not found or expired');

    const key = pendingRegistrationKey(session.tempUserId);
    const pending = JSON.parse((await h.redis.get(key)) as string) as Record<string, unknown>;
    await h.redis.set(
      key,
      JSON.stringify({ ...pending, expiresAt: new Date(Date.now() - 1000).toISOString() }),
    );
    const expired = await h.api('POST', '/api/v1/billing/checkout-sessions/complete', user.token, {
      sessionId: session.id,
      tempUserId: session.tempUserId,
    });
    expect(expired.status).toBe(422);
    expect(expired.body['message']).toBe('Registration session expired');
    const gone = await h.api('POST', '/api/v1/billing/checkout-sessions/complete', user.token, {
      sessionId: session.id,
      tempUserId: session.tempUserId,
    });
    expect(gone.status).toBe(404);
  });

  it('refuses Business and reports a Stripe failure as "Failed to create checkout session"', async () => {
    const user = newUser();
    const business = await h.api('POST', '/api/v1/billing/checkout-sessions', user.token, {
      planType: 'business_yearly',
    });
    expect(business.body).toMatchObject({ code: 'INVALID_PLAN', message: 'Invalid plan type' });
    h.proxy.fail({ method: 'POST', path: /^\/v1\/checkout\/sessions$/, times: 1, status: 500 });
    const failed = await h.api('POST', '/api/v1/billing/checkout-sessions', user.token, {
      planType: 'pro_monthly',
    });
    expect(failed.status).toBe(502);
    expect(failed.body['message']).toBe('Failed to create checkout session');
  });
});
