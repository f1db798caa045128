/**
 * The real identity service and the real gateway, each from its own entry point on a free port,
 * against the real infrastructure: the whole sign-in through the public entry.
 */
import { AUTH_MESSAGES } from '@core-vault/contracts';
import {
  SERVICE_BOOT_TIMEOUT_MS,
  ServiceStack,
  testInfra,
  uniqueSuffix,
  waitFor,
} from '@core-vault/platform/testing';
import { RATE_LIMITS } from '../security/rate-limit.policy';

const infra = testInfra();
const suffix = uniqueSuffix();
const WEB_ORIGIN = 'http://127.0.0.1:4200';
const stack = new ServiceStack();
let gw = '';

function boot(app: string, env: Record<string, string>): Promise<string> {
  return stack.boot(app, { REDIS_URL: infra.redisUrl, ...env });
}

beforeAll(async () => {
  const identity = await boot('identity', {
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: `cv_test_identity_gw_${suffix}`,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    SMTP_URL: infra.smtpUrl,
    BILLING_EVENTS_GROUP: `identity-gw-test-${suffix}`,
  });
  gw = await boot('gateway', {
    IDENTITY_URL: identity,
    WEB_ORIGIN,
    RATE_LIMIT_NAMESPACE: `rl:test:${suffix}`,
  });
}, 2 * SERVICE_BOOT_TIMEOUT_MS); // two boots one after the other (a hang guard each)

afterAll(async () => {
  await stack.stop();
});

/** What a browser on the app's own origin sends along. */
const sameOrigin = { origin: WEB_ORIGIN, 'sec-fetch-site': 'same-origin' };

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${gw}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...sameOrigin, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

const get = async (path: string, token?: string) => {
  const res = await fetch(`${gw}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

async function codeFor(email: string, count: number): Promise<string> {
  const list = await waitFor(
    async () =>
      (await (await fetch(`${infra.mailApiUrl}/api/messages?to=${encodeURIComponent(email)}`)).json()) as {
        text: string;
      }[],
    (l) => l.length > count,
    { what: 'code mail' },
  );
  return /\b(\d{6})\b/.exec(list[0]?.text ?? '')?.[1] ?? '';
}

describe('identity through the gateway', () => {
  const email = `gw-${suffix}@example.com`;
  const password = 'through the front door';

  it('signs up, signs in with the mailed code, restores, refreshes and signs out', async () => {
    const signUp = await post('/api/v1/auth/sign-up', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      password,
      confirmPassword: password,
      planType: 'pro_monthly',
    });
    expect(signUp.status).toBe(201);

    const step1 = await post('/api/v1/auth/sign-in', { email, password });
    expect(step1.body).toMatchObject({
      code: 'VERIFICATION_CODE_REQUIRED',
      message: AUTH_MESSAGES.verificationCodeRequired,
    });
    const step2Res = await fetch(`${gw}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sameOrigin },
      body: JSON.stringify({ email, password: await codeFor(email, 0) }),
    });
    expect(step2Res.status).toBe(200);
    const step2 = (await step2Res.json()) as { token: string; user: { email: string } };
    expect(step2.user.email).toBe(email);
    const setCookie = step2Res.headers.getSetCookie()[0] ?? '';
    expect(setCookie).toMatch(/^cv_rt=.+; .*HttpOnly; Secure; SameSite=Strict/);
    const cookie = setCookie.split(';')[0] ?? '';

    expect((await get('/api/v1/me', step2.token)).body['email']).toBe(email);
    expect((await get('/api/v1/me')).status).toBe(401);

    const refreshed = await post('/api/v1/auth/refresh', {}, { cookie });
    expect(refreshed.status).toBe(200);
    const token = String(refreshed.body['token']);
    expect((await get('/api/v1/me', token)).status).toBe(200);

    const out = await fetch(`${gw}/api/v1/auth/sign-out`, {
      method: 'POST',
      headers: { ...sameOrigin, authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/^cv_rt=;/);
    // The gateway's own guard refuses the revoked session at once.
    expect((await get('/api/v1/me', token)).body['code']).toBe('SESSION_EXPIRED');
  });

  it('refuses cross-site state changes with 403, but not reads or the Stripe webhook', async () => {
    const crossSite = await post(
      '/api/v1/auth/sign-in',
      { email, password },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.body['code']).toBe('CROSS_SITE_REQUEST');
    const foreign = await post('/api/v1/auth/sign-out', {}, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const read = await fetch(`${gw}/api/v1/me`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(read.status).toBe(401);
    const webhook = await post(
      '/webhooks/stripe',
      {},
      { 'sec-fetch-site': 'cross-site', origin: 'https://stripe.com' },
    );
    expect(webhook.body['code']).not.toBe('CROSS_SITE_REQUEST');
  });

  it('rate-limits per e-mail with 429, Retry-After and a clear message', async () => {
    const target = `limited-${suffix}@example.com`;
    const codes: unknown[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await post('/api/v1/auth/resend-code', { email: target })).body['code']);
    expect(codes).not.toContain('RATE_LIMITED');
    const limited = await post('/api/v1/auth/resend-code', { email: target });
    expect(limited.status).toBe(429);
    expect(limited.body['code']).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(limited.body['message']).toBe(`Too many attempts. Please try again in ${retryAfter} seconds.`);
    // Another address is not affected.
    expect((await post('/api/v1/auth/resend-code', { email: `other-${suffix}@example.com` })).status).toBe(
      200,
    );
  });

  it("passes identity's own cooldown through: 429 RESEND_COOLDOWN with its Retry-After", async () => {
    const target = `cooldown-${suffix}@example.com`;
    expect((await post('/api/v1/auth/resend-code', { email: target })).status).toBe(200);
    const cooling = await post('/api/v1/auth/resend-code', { email: target });
    expect(cooling.status).toBe(429);
    expect(cooling.body['code']).toBe('RESEND_COOLDOWN');
    const retryAfter = Number(cooling.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('rate-limits wrong codes per e-mail separately from passwords', async () => {
    const target = `codes-${suffix}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await post('/api/v1/auth/sign-in', { email: target, code: '000000' })).status);
    expect((await post('/api/v1/auth/sign-in', { email: target, password: 'a password guess' })).status).toBe(
      401,
    );
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
  });

  it("limits refresh per session: another session's spent budget leaves this one signed in", async () => {
    /** A new account signed in through the gateway: its refresh cookie (`cv_rt=…`). */
    const signedIn = async (address: string): Promise<string> => {
      const signUp = await post('/api/v1/auth/sign-up', {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: address,
        password,
        confirmPassword: password,
        planType: 'pro_monthly',
      });
      expect(signUp.status).toBe(201);
      await post('/api/v1/auth/sign-in', { email: address, password });
      const step2 = await fetch(`${gw}/api/v1/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...sameOrigin },
        body: JSON.stringify({ email: address, password: await codeFor(address, 0) }),
      });
      expect(step2.status).toBe(200);
      return step2.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    };
    const refresh = async (cookie: string) => {
      const res = await fetch(`${gw}/api/v1/auth/refresh`, {
        method: 'POST',
        headers: { ...sameOrigin, cookie },
      });
      const body = (await res.json()) as Record<string, unknown>;
      const setCookie = res.headers.getSetCookie();
      const next = setCookie[0]?.split(';')[0] ?? '';
      return {
        status: res.status,
        body,
        setCookie,
        next,
        retryAfter: Number(res.headers.get('retry-after')),
      };
    };
    const [spender, bystander] = await Promise.all(
      ['spender', 'bystander'].map((who) => signedIn(`family-${who}-${suffix}@example.com`)),
    );
    const budget = RATE_LIMITS.refresh.session?.limit ?? 0;
    // One session spends its whole budget, ten calls at a time with one cookie, as a browser's
    // tabs do (identity's rotation grace gives each burst one successor)…
    let cookie = spender ?? '';
    for (let spent = 0; spent < budget; spent += 10) {
      const burst = await Promise.all(
        Array.from({ length: Math.min(10, budget - spent) }, () => refresh(cookie)),
      );
      expect(burst.map((r) => r.status)).toEqual(burst.map(() => 200));
      cookie = burst[0]?.next ?? '';
    }
    // …and is refused the next one, with a wait and no cookie change (the browser keeps it).
    const over = await refresh(cookie);
    expect(over.status).toBe(429);
    expect(over.body['code']).toBe('RATE_LIMITED');
    expect(over.retryAfter).toBeGreaterThan(500);
    expect(over.setCookie).toEqual([]);
    // Another session from the same address is untouched, though the address has now made more
    // refreshes than its old budget (120 per IP) allowed.
    const other = await refresh(bystander ?? '');
    expect(other.status).toBe(200);
    expect(other.next).toMatch(/^cv_rt=ses_/);
    expect((await refresh(other.next)).status).toBe(200);
  });

  it('answers bad input with a clear 4xx', async () => {
    expect((await post('/api/v1/auth/sign-in', '{"email":')).status).toBe(400);
    const long = await post('/api/v1/auth/sign-up', { email: `${'a'.repeat(10_000)}@example.com` });
    expect(long.status).toBe(400);
    expect(long.body['message']).toBe('"email" is too long (at most 254 characters).');
  });

  it('documents every identity call in /api-docs', async () => {
    const doc = (await get('/api-docs/openapi.json')).body as { paths: Record<string, unknown> };
    for (const path of [
      'sign-up',
      'sign-in',
      'resend-code',
      'refresh',
      'sign-out',
      'password-reset/request',
      'password-reset/confirm',
    ]) {
      expect(doc.paths).toHaveProperty([`/api/v1/auth/${path}`]);
    }
    expect(doc.paths).toHaveProperty(['/api/v1/me']);
  });
});
