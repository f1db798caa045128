/**
 * Issue 14, "a client's mistake is never a server error": each malformed request the issue names,
 * sent through the real gateway to the real identity, billing and artifacts services (each from
 * its entry point on a free port, against the real infrastructure and stripe-mock). Each answer
 * is a precise 4xx in the services' error format; Stripe events within the shared webhook limit
 * are applied end to end, however large.
 */
import { request } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import Stripe from 'stripe';
import { STRIPE_WEBHOOK_MAX_BYTES } from '@core-vault/contracts';
import { localDefaults } from '@core-vault/platform';
import {
  devTokenFor,
  SERVICE_BOOT_TIMEOUT_MS,
  ServiceStack,
  testInfra,
  uniqueSuffix,
} from '@core-vault/platform/testing';

const infra = testInfra();
const suffix = uniqueSuffix();
const stack = new ServiceStack();
let gw = '';

beforeAll(async () => {
  const common = {
    MONGO_URL: infra.mongoUrl,
    REDIS_URL: infra.redisUrl,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
  };
  const [identity, billing, artifacts] = await Promise.all([
    stack.boot('identity', {
      ...common,
      MONGO_DB: `cv_test_mistakes_identity_${suffix}`,
      SMTP_URL: infra.smtpUrl,
      BILLING_EVENTS_GROUP: `mistakes-identity-${suffix}`,
    }),
    stack.boot('billing', { ...common, MONGO_DB: `cv_test_mistakes_billing_${suffix}` }),
    stack.boot('artifacts', {
      ...common,
      MONGO_DB: `cv_test_mistakes_artifacts_${suffix}`,
      VIEW_COUNT_CONSUMER_GROUP: `mistakes-artifacts-${suffix}`,
    }),
  ]);
  gw = await stack.boot('gateway', {
    REDIS_URL: infra.redisUrl,
    IDENTITY_URL: identity,
    BILLING_URL: billing,
    ARTIFACTS_URL: artifacts,
    RATE_LIMIT_NAMESPACE: `rl:test:mistakes:${suffix}`,
  });
}, 2 * SERVICE_BOOT_TIMEOUT_MS); // two boots one after the other (a hang guard each)

afterAll(async () => {
  await stack.stop();
});

const tokenFor = devTokenFor;
const token = tokenFor(`mistakes-${suffix}`);
const bearer = { authorization: `Bearer ${token}` };

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/**
 * Any method, any header, any body bytes: fetch refuses GET bodies and TRACE itself, so the
 * requests a careless or hostile client can send go out through node:http.
 */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Promise<Answer> {
  // node:http sends a GET's body unframed unless told its length (curl and browsers do tell).
  const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = request(`${gw}${path}`, { method, headers: { ...length, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const json = { 'content-type': 'application/json' };
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('a body on a GET, HEAD or DELETE', () => {
  it.each([
    ['GET', '/api/v1/artifacts', bearer],
    ['GET', '/api/v1/billing/plans', {}],
    ['GET', '/api/v1/billing/subscription', bearer],
    ['GET', '/api/v1/me', bearer],
    ['DELETE', '/api/v1/artifacts/some-artifact-id', bearer],
  ])('%s %s with a body is a 400 that says why, not a 503', async (method, path, auth) => {
    const res = await send(method, path, { ...json, ...auth }, '{"a":1}');
    expect(res).toMatchObject({
      status: 400,
      body: {
        statusCode: 400,
        code: 'BODY_NOT_ALLOWED',
        message: `A ${method} request cannot carry a body.`,
      },
    });
  });

  it('still answers the same calls without a body', async () => {
    expect((await send('GET', '/api/v1/billing/plans')).status).toBe(200);
    expect((await send('GET', '/api/v1/artifacts', bearer)).status).toBe(200);
  });
});

describe('methods the API does not have', () => {
  it.each([
    ['TRACE', '/api/v1/billing/plans', {}],
    ['TRACE', '/api/v1/billing/subscription', {}],
    ['TRACE', '/api/v1/billing/subscription', bearer],
    ['PROPFIND', '/api/v1/billing/invoices', bearer],
  ])('%s on the billing catch-all %s is a 405 with an Allow header', async (method, path, auth) => {
    const res = await send(method, path, auth);
    expect(res.status).toBe(405);
    expect(res.body).toEqual({
      statusCode: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: `The ${method} method is not allowed.`,
    });
    expect(res.headers['allow']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  });
});

describe('JSON nested about 5,000 levels deep', () => {
  it.each([
    ['/api/v1/auth/sign-up', {}],
    ['/api/v1/auth/sign-in', {}],
    ['/api/v1/auth/sign-out', {}],
    ['/api/v1/artifacts', bearer],
    ['/api/v1/billing/trial', bearer],
  ])('POST %s is a 400 naming the depth limit, not a 503', async (path, auth) => {
    const res = await send('POST', path, { ...json, ...auth }, nested(5_000));
    expect(res).toMatchObject({
      status: 400,
      body: {
        statusCode: 400,
        code: 'JSON_TOO_DEEP',
        message: 'The request body is nested too deeply (at most 64 levels).',
      },
    });
  });

  it('lets 64 levels through to the service, which judges the content', async () => {
    const deepEmail = `{"email":${nested(63)},"password":"x"}`;
    const res = await send('POST', '/api/v1/auth/sign-in', json, deepEmail);
    expect(res.status).toBe(400);
    expect(res.body['code']).not.toBe('JSON_TOO_DEEP');
  });
});

describe('a body that claims a Content-Encoding it does not have', () => {
  const body = JSON.stringify({ email: 'someone@example.com', password: 'not it' });

  it.each(['gzip', 'deflate', 'br'])('"%s" on an uncompressed body is a 400, not a 500', async (encoding) => {
    const res = await send('POST', '/api/v1/auth/sign-in', { ...json, 'content-encoding': encoding }, body);
    expect(res).toMatchObject({
      status: 400,
      body: {
        statusCode: 400,
        code: 'MALFORMED_BODY_ENCODING',
        message: `The request body is not valid ${encoding} data, as its Content-Encoding says.`,
      },
    });
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)('a really %s-compressed body still reaches the service', async (encoding, compress) => {
    const res = await send(
      'POST',
      '/api/v1/auth/sign-in',
      { ...json, 'content-encoding': encoding },
      compress(Buffer.from(body)),
    );
    expect(res).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
  });

  it('an encoding the services do not speak is a 415 naming it', async () => {
    const res = await send('POST', '/api/v1/auth/sign-in', { ...json, 'content-encoding': 'compress' }, body);
    expect(res).toMatchObject({
      status: 415,
      body: {
        code: 'UNSUPPORTED_ENCODING',
        message: 'Unsupported Content-Encoding "compress"; send gzip, deflate, br or no encoding.',
      },
    });
  });
});

describe('the search text', () => {
  it.each([
    ['a NUL character', 'chart%00'],
    ['a lone NUL', '%00'],
    ['an escape character', 'chart%1B%5B2J'],
  ])('with %s is a 400 with a message, not a 500', async (_, q) => {
    const res = await send('GET', `/api/v1/artifacts/search?q=${q}`, bearer);
    expect(res).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: 'The search text cannot contain control characters.' },
    });
  });

  it('with tabs and line breaks is ordinary whitespace', async () => {
    const res = await send('GET', '/api/v1/artifacts/search?q=chart%09numbers%0A', bearer);
    expect(res).toMatchObject({ status: 200, body: { total: 0 } });
  });
});

describe('Stripe webhooks and the shared body limit', () => {
  const secret = localDefaults('billing')['STRIPE_WEBHOOK_SECRET'] as string;
  const stripe = new Stripe('sk_test_unused');
  const signed = (payload: string) => ({
    ...json,
    'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
  });

  /** An invoice.paid event shaped like Stripe's, padded with line items to about `bytes`. */
  function largeInvoiceEvent(customer: string, subscription: string, bytes: number) {
    const now = Math.floor(Date.now() / 1000);
    const line = (i: number) => ({
      id: `il_${i.toString().padStart(24, '0')}`,
      object: 'line_item',
      amount: 999,
      currency: 'usd',
      description: `1 × Core Vault Pro (at $9.99 / month) — seat ${i}`,
      discountable: true,
      livemode: false,
      metadata: { seat: String(i), team: 'research', costCenter: 'cc-4711' },
      period: { start: now, end: now + 30 * 86_400 },
      pricing: {
        price_details: { price: 'price_pro_monthly', product: 'prod_core_vault_pro' },
        type: 'price_details',
      },
      quantity: 1,
      taxes: [],
    });
    const invoice = {
      id: `in_large_${suffix}`,
      object: 'invoice',
      customer,
      currency: 'usd',
      amount_due: 999,
      amount_paid: 999,
      total: 999,
      status: 'paid',
      created: now,
      invoice_pdf: `https://pay.stripe.test/in_large_${suffix}.pdf`,
      parent: { type: 'subscription_details', subscription_details: { subscription } },
      lines: { object: 'list', has_more: false, data: [] as ReturnType<typeof line>[] },
    };
    const event = {
      id: `evt_large_${suffix}`,
      object: 'event',
      api_version: '2025-08-27.basil',
      created: now,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'invoice.paid',
      data: { object: invoice },
    };
    const lineBytes = JSON.stringify(line(0)).length + 1;
    for (let i = 0; JSON.stringify(event).length + lineBytes < bytes; i++) invoice.lines.data.push(line(i));
    return JSON.stringify(event);
  }

  it('applies a real-shaped 400 KB invoice event end to end, as billing accepts what the gateway does', async () => {
    const userId = `mistakes-hook-${suffix}`;
    const auth = { authorization: `Bearer ${tokenFor(userId)}` };
    const trial = await send(
      'POST',
      '/api/v1/billing/trial',
      { ...json, ...auth },
      JSON.stringify({
        planType: 'pro_monthly',
        paymentMethodId: 'pm_card_visa',
        firstName: 'Ada',
        lastName: 'Lovelace',
      }),
    );
    expect(trial.status).toBe(200);
    const payload = largeInvoiceEvent(
      String(trial.body['customerId']),
      String(trial.body['subscriptionId']),
      400_000,
    );
    expect(payload.length).toBeGreaterThan(390_000);

    const hook = await send('POST', '/webhooks/stripe', signed(payload), payload);
    expect(hook).toMatchObject({ status: 200, body: { received: true } });
    expect(hook.body).not.toHaveProperty('ignored');
    const invoices = await send('GET', '/api/v1/billing/invoices', auth);
    expect(JSON.stringify(invoices.body)).toContain(`in_large_${suffix}`);
  });

  it('refuses an event beyond the shared limit with 413 and the limit at the gateway', async () => {
    const payload = JSON.stringify({
      id: 'evt_huge',
      object: 'event',
      pad: 'x'.repeat(STRIPE_WEBHOOK_MAX_BYTES),
    });
    const res = await send('POST', '/webhooks/stripe', signed(payload), payload);
    expect(res).toMatchObject({
      status: 413,
      body: {
        statusCode: 413,
        code: 'BODY_TOO_LARGE',
        message: `The request body is too large (limit ${STRIPE_WEBHOOK_MAX_BYTES} bytes).`,
      },
    });
  });
});
