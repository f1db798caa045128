/**
 * Tracking and statistics through the public entry: the real gateway, analytics and artifacts
 * services, each from its own entry point on a free port, against the real infrastructure.
 */
import { randomUUID } from 'node:crypto';
import { Topic } from '@core-vault/contracts';
import { createKafka } from '@core-vault/platform';
import {
  ServiceStack,
  devTokenFor,
  startGroupsAtEnd,
  testInfra,
  testLogger,
  uniqueSuffix,
  waitFor,
} from '@core-vault/platform/testing';

const infra = testInfra();
const suffix = uniqueSuffix();
const WEB_ORIGIN = 'http://127.0.0.1:4200';
const stack = new ServiceStack();
let gw = '';

function boot(app: string, env: Record<string, string>): Promise<string> {
  return stack.boot(app, {
    REDIS_URL: infra.redisUrl,
    MONGO_URL: infra.mongoUrl,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    ...env,
  });
}

/** New test consumer groups start at the end of the shared topics, not at earlier runs' events. */
async function groupsAtEnd(groups: Record<string, readonly string[]>): Promise<void> {
  const admin = createKafka({
    clientId: 'gw-test',
    brokers: infra.kafkaBrokers,
    logger: testLogger(),
  }).admin();
  await admin.connect();
  await startGroupsAtEnd(admin, groups);
  await admin.disconnect();
}

beforeAll(async () => {
  const views = `an-views-gw-${suffix}`;
  const arts = `an-arts-gw-${suffix}`;
  await groupsAtEnd({
    [views]: [Topic.ArtifactViewed],
    [arts]: [
      Topic.ArtifactCreated,
      Topic.ArtifactVisibilityChanged,
      Topic.ArtifactShared,
      Topic.ArtifactDeleted,
    ],
    [`artifacts-angw-${suffix}`]: [Topic.ViewCountChanged],
  });
  const [analytics, artifacts] = await Promise.all([
    boot('analytics', {
      MONGO_DB: `cv_test_analytics_gw_${suffix}`,
      VIEWS_CONSUMER_GROUP: views,
      ARTIFACTS_CONSUMER_GROUP: arts,
      ANALYTICS_REDIS_PREFIX: `an-gw-${suffix}`,
    }),
    boot('artifacts', {
      MONGO_DB: `cv_test_artifacts_angw_${suffix}`,
      VIEW_COUNT_CONSUMER_GROUP: `artifacts-angw-${suffix}`,
      WEB_ORIGIN,
    }),
  ]);
  gw = await boot('gateway', {
    ANALYTICS_URL: analytics,
    ARTIFACTS_URL: artifacts,
    WEB_ORIGIN,
    RATE_LIMIT_NAMESPACE: `rl:test:${suffix}`,
    // Client IPs from X-Forwarded-For, so each test is its own client for the rate limit.
    TRUST_PROXY_HOPS: '1',
    TRACK_RATE_LIMIT: '5',
  });
}, 240_000);

afterAll(async () => {
  await stack.stop();
});

const token = (sub: string, over: Parameters<typeof devTokenFor>[1] = {}) =>
  devTokenFor(sub, { plan: 'Business', sts: 'ACTIVE', ...over });
const owner = `owner-${suffix}`;

let ipSeq = 0;
async function api(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; raw?: string; ip?: string } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = {
    'x-forwarded-for': opts.ip ?? `10.0.${suffix.length}.${++ipSeq}`,
  };
  if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
  const body = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${gw}${path}`, { method, headers, body });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: res.headers,
  };
}

const view = (artifactId: string, over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  artifactId,
  viewedAt: new Date().toISOString(),
  userAgent: 'Mozilla/5.0 jest',
  ...over,
});

async function createArtifact(title: string): Promise<string> {
  const res = await api('POST', '/api/v1/artifacts', {
    token: token(owner),
    body: { title, type: 'HTML', content: `<p>${title}</p>`, isPublic: true },
  });
  expect(res.status).toBe(201);
  return (res.body['artifact'] as { id: string }).id;
}

async function statsOf(id: string, tok = token(owner)) {
  return api('GET', `/api/v1/analytics/artifacts/${id}`, { token: tok });
}

describe('tracking through the gateway', () => {
  it('accepts a consented view at once (202) and it is counted; a signed-in owner counts apart', async () => {
    const id = await createArtifact('tracked');
    // Analytics must know the artifact (its created event) before the owner's view arrives: a
    // view that overtakes that event cannot be told apart from a visitor's and is counted as one
    // (a known limit, docs/reference/analytics.md "Known limits").
    await waitFor(
      () => statsOf(id),
      (r) => r.status === 200,
      { what: 'analytics knows the artifact', timeoutMs: 30_000 },
    );
    const anon = await api('POST', '/api/v1/analytics/track-view', {
      body: view(id, { sessionId: 'sess-1' }),
    });
    expect(anon.status).toBe(202);
    expect(anon.body).toEqual({ accepted: 1 });
    await api('POST', '/api/v1/analytics/track-view', { body: view(id), token: token(owner) });
    const batch = await api('POST', '/api/v1/analytics/track-views', {
      body: { events: [view(id, { embed: true, referrer: 'https://blog.example/a' }), view(id)] },
    });
    expect(batch.status).toBe(202);
    expect(batch.body).toEqual({ accepted: 2 });
    const r = await waitFor(
      () => statsOf(id),
      (x) => x.body['views'] === 3 && x.body['ownerViews'] === 1,
      { what: 'views counted', timeoutMs: 30_000 },
    );
    // Two visitors: the anonymous ones from two addresses (the owner is none), whatever session
    // id each sent.
    expect(r.body).toMatchObject({ embedViews: 1, directViews: 2, uniqueVisitors30Days: 2 });
    // The product's own view count follows (analytics → Kafka → artifacts).
    await waitFor(
      async () => (await api('GET', `/api/v1/artifacts/${id}`, { token: token(owner) })).body['artifact'],
      (a) => (a as { viewCount?: number } | undefined)?.viewCount === 3,
      { what: 'viewCount on the artifact', timeoutMs: 30_000 },
    );
  }, 60_000);

  it.each([
    ['a missing field', { artifactId: 'a', viewedAt: new Date().toISOString(), userAgent: 'x' }, 'required'],
    ['an unknown field', { ...view('a'), userId: 'someone' }, 'Unknown field "userId"'],
    ['a malformed date', view('a', { viewedAt: 'yesterday' }), 'viewedAt'],
    [
      'a view from the future',
      view('a', { viewedAt: new Date(Date.now() + 3_600_000).toISOString() }),
      'future',
    ],
    ['a 1 MB user agent', view('a', { userAgent: 'x'.repeat(1_000_000) }), 'userAgent'],
  ])('refuses %s with a clear 400', async (_what, body, message) => {
    const res = await api('POST', '/api/v1/analytics/track-view', { body });
    expect(res.status).toBe(400);
    expect(String(res.body['message'])).toContain(message);
  });

  it('refuses malformed JSON, too large bodies and oversized batches', async () => {
    expect((await api('POST', '/api/v1/analytics/track-view', { raw: '{"id":' })).status).toBe(400);
    expect(
      (
        await api('POST', '/api/v1/analytics/track-view', {
          raw: JSON.stringify(view('a', { userAgent: 'x'.repeat(3_000_000) })),
        })
      ).status,
    ).toBe(413);
    const many = await api('POST', '/api/v1/analytics/track-views', {
      body: { events: Array.from({ length: 101 }, () => view('a')) },
    });
    expect(many.status).toBe(400);
    expect(String(many.body['message'])).toContain('at most 100');
    // The gateway's own batch size (TRACK_BATCH_MAX_EVENTS, 20 by default) is the one clients meet.
    const over = await api('POST', '/api/v1/analytics/track-views', {
      body: { events: Array.from({ length: 21 }, () => view('a')) },
    });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '"events" has too many items (at most 20).',
    });
  });

  it('reproduces the measured attack: one address, chosen session ids, agents and referrers count as one visitor', async () => {
    const id = await createArtifact('attacked');
    await waitFor(
      () => statsOf(id),
      (r) => r.status === 200,
      { what: 'analytics knows the artifact', timeoutMs: 30_000 },
    );
    const ip = '198.51.100.66';
    // Every view a new session id, one of eight User-Agents, one of nine referrer domains.
    const attack = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) =>
        view(id, {
          sessionId: `chosen-${from + i}`,
          userAgent: `Mozilla/5.0 agent-${i % 8}`,
          referrer: `https://spam${(i % 9) + 1}.example/`,
          embed: true,
        }),
      );
    // The request measured in #32: 100 views at once is refused as a whole.
    const hundred = await api('POST', '/api/v1/analytics/track-views', {
      body: { events: attack(100, 0) },
      ip,
    });
    expect(hundred.status).toBe(400);
    expect(String(hundred.body['message'])).toContain('at most 20');
    // Within the batch size it is accepted — and counted within one visitor's daily allowance (20).
    for (const from of [100, 120]) {
      const sent = await api('POST', '/api/v1/analytics/track-views', {
        body: { events: attack(20, from) },
        ip,
      });
      expect([sent.status, sent.body]).toEqual([202, { accepted: 20 }]);
    }
    // Three people came from a real blog.
    for (const n of [1, 2, 3])
      expect(
        (
          await api('POST', '/api/v1/analytics/track-view', {
            body: view(id, { referrer: 'https://real.example/post' }),
            ip: `192.0.2.${n}`,
          })
        ).status,
      ).toBe(202);
    const r = await waitFor(
      () => statsOf(id),
      (x) => x.body['views'] === 23,
      { what: '20 + 3 views', timeoutMs: 30_000 },
    );
    expect(r.body['uniqueVisitors30Days']).toBe(4);
    // Nine domains from one visitor: one credit, to the first; the real one leads.
    expect(r.body['referrers']).toEqual([
      { domain: 'real.example', visitors: 3 },
      { domain: 'spam1.example', visitors: 1 },
    ]);
  }, 60_000);

  it('rate-limits a flood from one client with 429 and Retry-After, other clients unaffected', async () => {
    const ip = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await api('POST', '/api/v1/analytics/track-view', { body: { nope: 1 }, ip })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    const limited = await api('POST', '/api/v1/analytics/track-view', { body: view('a'), ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api('POST', '/api/v1/analytics/track-view', { body: view('a') })).status).toBe(202);
  });
});

describe('statistics through the gateway', () => {
  it('gates by plan at the edge: Pro reaches the per-artifact statistics, a canceled account does not', async () => {
    const pro = token(owner, { plan: 'Pro', sts: 'TRIAL' });
    expect((await api('GET', '/api/v1/analytics/artifacts', { token: pro })).status).toBe(200);
    // Past the edge's gate: the analytics service answers for an artifact it does not know.
    expect((await statsOf('anything', pro)).status).toBe(404);
    const canceled = await statsOf('anything', token(owner, { plan: 'Pro', sts: 'CANCELED' }));
    expect(canceled.status).toBe(403);
    expect(canceled.body['message']).toBe('Analytics are available with the Pro plan and higher.');
    expect((await api('GET', '/api/v1/analytics/artifacts')).status).toBe(401);
  });

  it("rolls up a collection's artifacts, composing artifacts' list with analytics' statistics", async () => {
    const [a, b] = [await createArtifact('one'), await createArtifact('two')];
    const col = await api('POST', '/api/v1/collections', {
      token: token(owner),
      body: { name: `c-${suffix}` },
    });
    expect(col.status).toBe(201);
    const colId = (col.body['collection'] as { id: string }).id;
    for (const id of [a, b])
      expect(
        (await api('PUT', `/api/v1/collections/${colId}/artifacts/${id}`, { token: token(owner) })).status,
      ).toBeLessThan(300);
    await api('POST', '/api/v1/analytics/track-views', {
      body: {
        events: [view(a, { sessionId: 'x' }), view(b, { sessionId: 'x' }), view(b, { sessionId: 'y' })],
      },
    });
    const r = await waitFor(
      () => api('GET', `/api/v1/analytics/collections/${colId}`, { token: token(owner) }),
      (x) => x.body['views'] === 3,
      { what: 'collection roll-up', timeoutMs: 30_000 },
    );
    expect(r.body).toMatchObject({ uniqueVisitors30Days: 2, skipped: 0 });
    expect((r.body['artifactIds'] as string[]).sort()).toEqual([a, b].sort());
    const foreign = await api('GET', `/api/v1/analytics/collections/${colId}`, {
      token: token(`intruder-${suffix}`),
    });
    expect(foreign.status).toBe(404);
  }, 60_000);
});
