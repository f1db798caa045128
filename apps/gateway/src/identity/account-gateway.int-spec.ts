/**
 * Account settings through the public entry: the real identity service and the real gateway from
 * their entry points, against the real infrastructure. The forwarders come from the contracts;
 * the calls that check the current password are rate-limited per client IP.
 */
import { ACCOUNT_MESSAGES } from '@core-vault/contracts';
import {
  SERVICE_BOOT_TIMEOUT_MS,
  ServiceStack,
  testInfra,
  uniqueSuffix,
  waitFor,
} from '@core-vault/platform/testing';

const infra = testInfra();
const suffix = uniqueSuffix();
const WEB_ORIGIN = 'http://127.0.0.1:4200';
const stack = new ServiceStack();
let gw = '';

beforeAll(async () => {
  const identity = await stack.boot('identity', {
    REDIS_URL: infra.redisUrl,
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: `cv_test_identity_account_gw_${suffix}`,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    SMTP_URL: infra.smtpUrl,
    BILLING_EVENTS_GROUP: `identity-account-gw-test-${suffix}`,
  });
  gw = await stack.boot('gateway', {
    REDIS_URL: infra.redisUrl,
    IDENTITY_URL: identity,
    WEB_ORIGIN,
    RATE_LIMIT_NAMESPACE: `rl:test:account:${suffix}`,
  });
}, 2 * SERVICE_BOOT_TIMEOUT_MS); // two boots one after the other (a hang guard each)

afterAll(async () => {
  await stack.stop();
});

async function send(method: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${gw}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: WEB_ORIGIN,
      'sec-fetch-site': 'same-origin',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

async function signedIn(email: string, password: string): Promise<string> {
  const registration = { firstName: 'Grace', lastName: 'Hopper', email, password, confirmPassword: password };
  expect(
    (await send('POST', '/api/v1/auth/sign-up', { ...registration, planType: 'pro_monthly' })).status,
  ).toBe(201);
  await send('POST', '/api/v1/auth/sign-in', { email, password });
  const mails = await waitFor(
    async () =>
      (await (await fetch(`${infra.mailApiUrl}/api/messages?to=${encodeURIComponent(email)}`)).json()) as {
        text: string;
      }[],
    (l) => l.length > 0,
    { what: 'code mail' },
  );
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1] ?? '';
  const done = await send('POST', '/api/v1/auth/sign-in', { email, password: code });
  return String(done.body['token']);
}

describe('account settings through the gateway', () => {
  it('forwards the settings calls, and limits password guesses per client IP with 429', async () => {
    const password = 'through the front door';
    const token = await signedIn(`acct-gw-${suffix}@example.com`, password);
    const renamed = await send(
      'PUT',
      '/api/v1/account/name',
      { firstName: 'Amazing', lastName: 'Grace' },
      token,
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ firstName: 'Amazing', lastName: 'Grace' });
    expect((await send('PUT', '/api/v1/account/name', { firstName: 'A', lastName: 'B' })).status).toBe(401);

    const guess = (i: number) =>
      send(
        'POST',
        '/api/v1/account/password',
        { currentPassword: `guess ${i}`, newPassword: 'new secret!' },
        token,
      );
    for (let i = 0; i < 20; i++) {
      const res = await guess(i);
      expect(res.body['message']).toBe(ACCOUNT_MESSAGES.wrongPassword);
    }
    const limited = await guess(20);
    expect(limited.status).toBe(429);
    expect(limited.body['code']).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The name change has its own (no) limit.
    expect(
      (await send('PUT', '/api/v1/account/name', { firstName: 'Ada', lastName: 'B' }, token)).status,
    ).toBe(200);
  });
});
