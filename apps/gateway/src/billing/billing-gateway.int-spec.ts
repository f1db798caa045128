/**
 * Billing through the real gateway: both services booted from their entry points on free ports
 * against the real infrastructure and stripe-mock.
 */
import mongoose from 'mongoose';
import Stripe from 'stripe';
import { localDefaults } from '@core-vault/platform';
import {
  devTokenFor,
  SERVICE_BOOT_TIMEOUT_MS,
  ServiceStack,
  SIGNED_UP_CLAIMS,
  testInfra,
  uniqueSuffix,
} from '@core-vault/platform/testing';

const infra = testInfra();
const dbName = `cv_test_billing_gw_${uniqueSuffix()}`;
const stack = new ServiceStack();
let gateway = '';

function boot(app: string, env: Record<string, string>): Promise<string> {
  return stack.boot(
    app,
    {
      MONGO_URL: infra.mongoUrl,
      REDIS_URL: infra.redisUrl,
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      ...env,
    },
    '/health/live',
  );
}

beforeAll(async () => {
  const billing = await boot('billing', { MONGO_DB: dbName });
  gateway = await boot('gateway', { BILLING_URL: billing });
}, 2 * SERVICE_BOOT_TIMEOUT_MS); // two boots one after the other (a hang guard each)

afterAll(async () => {
  await stack.stop();
  const db = await mongoose.createConnection(infra.mongoUrl, { dbName }).asPromise();
  await db.dropDatabase();
  await db.close();
});

const token = (userId: string) => devTokenFor(userId, SIGNED_UP_CLAIMS);

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${gateway}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('billing through the gateway', () => {
  it('refuses anonymous callers at the edge and serves the public plan catalogue', async () => {
    expect((await post('/api/v1/billing/trial', {})).status).toBe(401);
    const plans = await fetch(`${gateway}/api/v1/billing/plans`);
    expect(plans.status).toBe(200);
    expect(((await plans.json()) as { trialDays: number }).trialDays).toBe(90);
  });

  it('starts a trial with a local test card and forwards the signed webhook byte for byte', async () => {
    const userId = `gw-${uniqueSuffix()}`;
    const auth = { authorization: `Bearer ${token(userId)}` };
    const card = await post(
      '/api/v1/billing/test-payment-methods',
      { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2040, cvc: '123' },
      auth,
    );
    const { paymentMethodId } = (await card.json()) as { paymentMethodId: string };
    expect(paymentMethodId).toBe('pm_card_visa');

    const trial = await post(
      '/api/v1/billing/trial',
      { planType: 'pro_yearly', paymentMethodId, firstName: 'Grace', lastName: 'Hopper' },
      auth,
    );
    expect(trial.status).toBe(200);
    const result = (await trial.json()) as {
      customerId: string;
      subscriptionId: string;
      subscriptionStatus: string;
    };
    expect(result.subscriptionStatus).toBe('TRIAL');

    // Whitespace and key order matter to the signature: the exact bytes must reach billing.
    const payload = `{\n  "id": "evt_gw_${uniqueSuffix()}", "object": "event", "type": "customer.subscription.updated", "created": ${Math.floor(Date.now() / 1000) + 5},\n  "data": {"object": {"id": "${result.subscriptionId}", "object": "subscription", "customer": "${result.customerId}", "status": "past_due", "cancel_at_period_end": false, "items": {"data": []}, "metadata": {}}}}`;
    const secret = localDefaults('billing')['STRIPE_WEBHOOK_SECRET'] as string;
    const signature = new Stripe('sk_test_123').webhooks.generateTestHeaderString({ payload, secret });
    const hook = await post('/webhooks/stripe', payload, { 'stripe-signature': signature });
    expect(hook.status).toBe(200);
    expect(await hook.json()).toEqual({ received: true });
    const bad = await post('/webhooks/stripe', payload.replace('past_due', 'active'), {
      'stripe-signature': signature,
    });
    expect(bad.status).toBe(400);

    const details = await fetch(`${gateway}/api/v1/billing/subscription`, { headers: auth });
    const body = (await details.json()) as { subscriptions: { id: string; status: string }[] };
    expect(body.subscriptions).toEqual([
      expect.objectContaining({ id: result.subscriptionId, status: 'past_due' }),
    ]);
  });

  it('passes the export download header through', async () => {
    const res = await fetch(`${gateway}/api/v1/billing/export`, {
      headers: { authorization: `Bearer ${token(`gw-${uniqueSuffix()}`)}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="core-vault-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
  });
});
