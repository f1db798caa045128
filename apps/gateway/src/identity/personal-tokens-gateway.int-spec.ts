/**
 * Personal access tokens end to end: the real identity, artifacts, analytics and gateway services,
 * each from its own entry point, on the real infrastructure. A key made with a browser session
 * uploads and lists artifacts through the public entry with no session at all, is refused outside
 * its scopes (Business ones included), is limited on its own, and stops working everywhere the
 * moment it is revoked. From another site, only a valid key that reaches its route passes the
 * cross-site check (never the refresh).
 */
import { type CreatedPersonalToken, type PersonalTokenList, Topic } from '@core-vault/contracts';
import { createKafka } from '@core-vault/platform';
import {
  SERVICE_BOOT_TIMEOUT_MS,
  ServiceStack,
  startGroupsAtEnd,
  testInfra,
  testLogger,
  uniqueSuffix,
  waitFor,
} from '@core-vault/platform/testing';
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';

const infra = testInfra();
const suffix = uniqueSuffix();
const WEB_ORIGIN = 'http://127.0.0.1:4200';
const stack = new ServiceStack();
const IDENTITY_DB = `cv_test_identity_pat_${suffix}`;
let gw = '';
const KEY_LIMIT = 5;

function boot(app: string, env: Record<string, string>): Promise<string> {
  return stack.boot(app, { REDIS_URL: infra.redisUrl, ...env });
}

beforeAll(async () => {
  // Analytics' consumers start at the end of the shared topics (earlier runs' events are not ours).
  const groups = { views: `an-views-pat-${suffix}`, arts: `an-arts-pat-${suffix}` };
  const admin = createKafka({
    clientId: 'pat-test',
    brokers: infra.kafkaBrokers,
    logger: testLogger(),
  }).admin();
  await admin.connect();
  await startGroupsAtEnd(admin, {
    [groups.views]: [Topic.ArtifactViewed],
    [groups.arts]: [
      Topic.ArtifactCreated,
      Topic.ArtifactVisibilityChanged,
      Topic.ArtifactShared,
      Topic.ArtifactDeleted,
    ],
  });
  await admin.disconnect();
  const [identity, artifacts, analytics] = await Promise.all([
    boot('identity', {
      MONGO_URL: infra.mongoUrl,
      MONGO_DB: IDENTITY_DB,
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      SMTP_URL: infra.smtpUrl,
      BILLING_EVENTS_GROUP: `identity-pat-test-${suffix}`,
    }),
    boot('artifacts', {
      MONGO_URL: infra.mongoUrl,
      MONGO_DB: `cv_test_artifacts_pat_${suffix}`,
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      VIEW_COUNT_CONSUMER_GROUP: `artifacts-pat-test-${suffix}`,
      WEB_ORIGIN,
    }),
    boot('analytics', {
      MONGO_URL: infra.mongoUrl,
      MONGO_DB: `cv_test_analytics_pat_${suffix}`,
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      VIEWS_CONSUMER_GROUP: groups.views,
      ARTIFACTS_CONSUMER_GROUP: groups.arts,
      ANALYTICS_REDIS_PREFIX: `an-pat-${suffix}`,
    }),
  ]);
  gw = await boot('gateway', {
    IDENTITY_URL: identity,
    ARTIFACTS_URL: artifacts,
    ANALYTICS_URL: analytics,
    WEB_ORIGIN,
    RATE_LIMIT_NAMESPACE: `rl:test:${suffix}`,
    // Small per-key budgets, so a key reaches its limit in a handful of requests; the other
    // tests here stay well below them (requests the auth guard refuses are not counted).
    TOKEN_RATE_LIMIT: String(KEY_LIMIT),
    TOKEN_RATE_LIMIT_BUSINESS: String(KEY_LIMIT * 2),
  });
}, 2 * SERVICE_BOOT_TIMEOUT_MS); // two boots one after the other (a hang guard each)

afterAll(async () => {
  await stack.stop();
});

/** What a browser on the app's own origin sends along. */
const sameOrigin = { origin: WEB_ORIGIN, 'sec-fetch-site': 'same-origin' };
const emailOf = (who: string) => `${who}-${suffix}@example.com`;
/** The cookies each signed-in user's browser holds (`name=value; …`), by who. */
const cookies = new Map<string, string>();

async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${gw}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** What billing's events leave on the user (uploads need an active plan; Business adds api_access). */
async function setPlan(email: string, planType: 'Pro' | 'Business' = 'Pro'): Promise<void> {
  const client = await MongoClient.connect(infra.mongoUrl);
  try {
    await client
      .db(IDENTITY_DB)
      .collection('users')
      .updateOne({ email }, { $set: { subscriptionStatus: 'TRIAL', planType, isActive: true } });
  } finally {
    await client.close();
  }
}

async function signedIn(who = 'pat'): Promise<string> {
  const email = emailOf(who);
  const password = 'keys for the extension';
  const signUp = await call('POST', '/api/v1/auth/sign-up', {
    headers: sameOrigin,
    body: {
      firstName: 'Ada',
      lastName: 'Key',
      email,
      password,
      confirmPassword: password,
      planType: 'pro_monthly',
    },
  });
  expect(signUp.status).toBe(201);
  await setPlan(email);
  await call('POST', '/api/v1/auth/sign-in', { headers: sameOrigin, body: { email, password } });
  const mails = await waitFor(
    async () =>
      (await (await fetch(`${infra.mailApiUrl}/api/messages?to=${encodeURIComponent(email)}`)).json()) as {
        text: string;
      }[],
    (l) => l.length > 0,
    { what: 'code mail' },
  );
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1] ?? '';
  const signIn = await fetch(`${gw}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { ...sameOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: code }),
  });
  expect(signIn.status).toBe(200);
  cookies.set(
    who,
    signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  );
  return ((await signIn.json()) as { token: string }).token;
}

describe('personal access tokens through the gateway', () => {
  it('keeps collections and analytics for Business (api_access) keys with those scopes, refused at once after a downgrade', async () => {
    const email = emailOf('biz');
    const session = await signedIn('biz');
    const create = (scopes: string[]) =>
      call<CreatedPersonalToken & { code?: string; message?: string }>('POST', '/api/v1/personal-tokens', {
        token: session,
        headers: sameOrigin,
        body: { name: 'api', scopes },
      });
    const refused = await create(['artifacts:read', 'collections:read']);
    expect([refused.status, refused.body.code]).toEqual([403, 'FEATURE_NOT_AVAILABLE']);
    expect(refused.body.message).toMatch(/Business plan/);

    await setPlan(email, 'Business');
    const made = await create(['collections:read', 'collections:write', 'analytics:read']);
    expect(made.status).toBe(201);
    const key = made.body.token;
    const collectionsOnly = (await create(['collections:read'])).body.token;
    const collection = await call<{ collection: { id: string } }>('POST', '/api/v1/collections', {
      token: key,
      headers: { origin: 'chrome-extension://abcdefghijklmnop' },
      body: { name: 'From the API' },
    });
    expect(collection.status).toBe(201);
    expect((await call('GET', '/api/v1/collections', { token: key })).status).toBe(200);
    // Collections scopes are not artifacts scopes.
    const artifacts = await call<{ code: string }>('GET', '/api/v1/artifacts', { token: key });
    expect([artifacts.status, artifacts.body.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    // The owner's analytics, with analytics:read only.
    expect((await call('GET', '/api/v1/analytics/artifacts', { token: key })).status).toBe(200);
    const noAnalytics = await call<{ code: string }>('GET', '/api/v1/analytics/artifacts', {
      token: collectionsOnly,
    });
    expect([noAnalytics.status, noAnalytics.body.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);

    // Billing moves the owner back to Pro; any write of the owner facts (a billing event, the
    // 5-minute sync, here a new key) reaches every guard, and the Business key stops at once.
    await setPlan(email, 'Pro');
    expect((await create(['artifacts:read'])).status).toBe(201);
    for (const path of ['/api/v1/collections', '/api/v1/analytics/artifacts']) {
      const lost = await call<{ code: string; message: string }>('GET', path, { token: key });
      expect([path, lost.status, lost.body.code]).toEqual([path, 403, 'FEATURE_NOT_AVAILABLE']);
      expect(lost.body.message).toMatch(/API access/);
    }
  });

  it('upload and list with a key, no session; refused outside its scopes; revoked → 401 everywhere', async () => {
    const session = await signedIn();
    const create = (body: unknown) =>
      call<CreatedPersonalToken>('POST', '/api/v1/personal-tokens', {
        token: session,
        headers: sameOrigin,
        body,
      });
    const writer = await create({ name: 'extension', scopes: ['artifacts:read', 'artifacts:write'] });
    expect(writer.status).toBe(201);
    const key = writer.body.token;
    const reader = (await create({ name: 'read only', scopes: ['artifacts:read'] })).body.token;

    // As the extension calls: a bearer key and its own Origin, no session, no cookie.
    const upload = await call<{ artifact: { id: string } }>('POST', '/api/v1/artifacts', {
      token: key,
      headers: { origin: 'chrome-extension://abcdefghijklmnop' },
      body: { title: 'from the extension', type: 'MARKDOWN', content: '# captured' },
    });
    expect([upload.status, upload.body]).toMatchObject([201, {}]);
    const mine = await call<{ artifacts: { id: string }[] }>('GET', '/api/v1/artifacts', { token: reader });
    expect(mine.status).toBe(200);
    expect(mine.body.artifacts.map((a) => a.id)).toContain(upload.body.artifact.id);

    const readOnlyWrite = await call<{ code: string }>('POST', '/api/v1/artifacts', {
      token: reader,
      body: { title: 'no', type: 'MARKDOWN', content: '# no' },
    });
    expect([readOnlyWrite.status, readOnlyWrite.body.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const billing = await call<{ code: string }>('POST', '/api/v1/billing/trial', { token: key, body: {} });
    expect([billing.status, billing.body.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect((await call('GET', '/api/v1/personal-tokens', { token: key })).status).toBe(403);

    const listed = await call<PersonalTokenList>('GET', '/api/v1/personal-tokens', { token: session });
    const entry = listed.body.tokens.find((t) => t.id === writer.body.personalToken.id);
    expect(entry?.lastUsedAt).not.toBeNull();

    const revoke = await call('DELETE', `/api/v1/personal-tokens/${writer.body.personalToken.id}`, {
      token: session,
      headers: sameOrigin,
    });
    expect(revoke.status).toBe(200);
    const after = await call<{ code: string }>('GET', '/api/v1/artifacts', { token: key });
    expect([after.status, after.body.code]).toEqual([401, 'INVALID_TOKEN']);
    // The other key is untouched.
    expect((await call('GET', '/api/v1/artifacts', { token: reader })).status).toBe(200);
  });

  it('lets a cross-site request through only with a valid key that reaches its route: never the refresh', async () => {
    const session = await signedIn('xsite');
    const cookie = cookies.get('xsite') ?? '';
    expect(cookie).toMatch(/cv_rt=/);
    const create = async (scopes: string[]) =>
      (
        await call<CreatedPersonalToken>('POST', '/api/v1/personal-tokens', {
          token: session,
          headers: sameOrigin,
          body: { name: `cross-site ${scopes.join(' ')}`, scopes },
        })
      ).body.token;
    const writer = await create(['artifacts:read', 'artifacts:write']);
    const reader = await create(['artifacts:read']);
    const fromElsewhere = (key: string) => ({
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      authorization: `Bearer ${key}`,
    });

    // The refresh reads the cookie: a page on another site must never get a token from it, with
    // a junk "key" (the prefix used to be enough) or with a real one (no key reaches the refresh).
    for (const key of ['cvp_junk', `cvpat_${'j'.repeat(43)}`, writer]) {
      const refresh = await call<{ code: string; token?: string }>('POST', '/api/v1/auth/refresh', {
        headers: { ...fromElsewhere(key), cookie },
      });
      expect([key.slice(0, 8), refresh.status, refresh.body.code, refresh.body.token]).toEqual([
        key.slice(0, 8),
        403,
        'CROSS_SITE_REQUEST',
        undefined,
      ]);
    }

    // A valid key on a route its scopes reach passes, as the extension's uploads do.
    const upload = await call<{ artifact: { id: string } }>('POST', '/api/v1/artifacts', {
      headers: fromElsewhere(writer),
      body: { title: 'sent from another origin', type: 'MARKDOWN', content: '# with a key' },
    });
    expect(upload.status).toBe(201);
    // A junk key, or a valid one whose scopes do not reach the route, is refused as cross-site.
    for (const key of ['cvp_junk', reader]) {
      const refused = await call<{ code: string }>('POST', '/api/v1/artifacts', {
        headers: fromElsewhere(key),
        body: { title: 'no', type: 'MARKDOWN', content: '# no' },
      });
      expect([refused.status, refused.body.code]).toEqual([403, 'CROSS_SITE_REQUEST']);
    }

    // The cookie itself was fine all along: from the app's own origin it refreshes.
    const own = await call<{ token: string }>('POST', '/api/v1/auth/refresh', {
      headers: { ...sameOrigin, cookie },
    });
    expect(own.status).toBe(200);
    expect(own.body.token).toBeTruthy();
  });

  it('limits each key on its own: one at its limit gets 429 + Retry-After, another key and the session do not', async () => {
    const session = await signedIn('limits');
    const create = async (name: string) => {
      const made = await call<CreatedPersonalToken>('POST', '/api/v1/personal-tokens', {
        token: session,
        headers: sameOrigin,
        body: { name, scopes: ['artifacts:read'] },
      });
      expect(made.status).toBe(201);
      return made.body;
    };
    const busy = await create('busy');
    const other = await create('other');

    for (let i = 0; i < KEY_LIMIT; i++)
      expect((await call('GET', '/api/v1/artifacts', { token: busy.token })).status).toBe(200);
    const res = await fetch(`${gw}/api/v1/me`, { headers: { authorization: `Bearer ${busy.token}` } });
    const body = (await res.json()) as Record<string, unknown>;
    expect([res.status, body['code'], body['statusCode']]).toEqual([429, 'RATE_LIMITED', 429]);
    expect(body['message']).toMatch(/personal access token has made too many requests/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    expect((await call('GET', '/api/v1/artifacts', { token: other.token })).status).toBe(200);
    expect((await call('GET', '/api/v1/artifacts', { token: session })).status).toBe(200);
    expect((await call('GET', '/api/v1/personal-tokens', { token: session })).status).toBe(200);

    // The counter is keyed by the key's id: neither the secret nor its hash is in Redis's key space.
    const redis = new Redis(infra.redisUrl);
    try {
      const keys = await redis.keys(`*rl:test:${suffix}:token:*`);
      expect(keys.some((k) => k.includes(busy.personalToken.id))).toBe(true);
      const hash = createHash('sha256').update(busy.token).digest('hex');
      for (const k of keys) expect([k.includes(busy.token), k.includes(hash)]).toEqual([false, false]);
    } finally {
      redis.disconnect();
    }
  });
});
