/**
 * The cookie-less view beacon through the public entry (the real gateway and analytics services,
 * each from its own entry point, against the real infrastructure): what an embed on another site
 * sends — a cross-site text/plain POST — is answered for any origin and becomes one
 * artifact-viewed event whose visitor hash follows the client address the gateway trusted; filtered
 * beacons produce nothing; the per-IP budget applies; no cookie either way.
 */
import { Redis } from 'ioredis';
import { type Consumer, type KafkaMessage } from 'kafkajs';
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
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const stack = new ServiceStack();
/** Beacons one address may send a minute here: the measured twelve, and not one more. */
const RATE_LIMIT = 12;
const kafka = createKafka({ clientId: 'gw-beacon-test', brokers: infra.kafkaBrokers, logger: testLogger() });
let gw = '';
let tail: Consumer;
const seen: KafkaMessage[] = [];

function boot(app: string, env: Record<string, string>): Promise<string> {
  return stack.boot(app, {
    REDIS_URL: infra.redisUrl,
    MONGO_URL: infra.mongoUrl,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    ...env,
  });
}

beforeAll(async () => {
  const views = `an-views-beacon-${suffix}`;
  const arts = `an-arts-beacon-${suffix}`;
  const tailGroup = `tail-beacon-${suffix}`;
  const admin = kafka.admin();
  await admin.connect();
  await startGroupsAtEnd(admin, {
    [views]: [Topic.ArtifactViewed],
    [tailGroup]: [Topic.ArtifactViewed],
    [arts]: [
      Topic.ArtifactCreated,
      Topic.ArtifactVisibilityChanged,
      Topic.ArtifactShared,
      Topic.ArtifactDeleted,
    ],
    [`artifacts-beacon-${suffix}`]: [Topic.ViewCountChanged],
  });
  await admin.disconnect();
  tail = kafka.consumer({ groupId: tailGroup });
  await tail.connect();
  await tail.subscribe({ topics: [Topic.ArtifactViewed], fromBeginning: false });
  await tail.run({ eachMessage: ({ message }) => Promise.resolve(void seen.push(message)) });
  const [analytics, artifacts] = await Promise.all([
    boot('analytics', {
      MONGO_DB: `cv_test_analytics_beacon_${suffix}`,
      VIEWS_CONSUMER_GROUP: views,
      ARTIFACTS_CONSUMER_GROUP: arts,
      ANALYTICS_REDIS_PREFIX: `an-beacon-${suffix}`,
    }),
    boot('artifacts', {
      MONGO_DB: `cv_test_artifacts_beacon_${suffix}`,
      VIEW_COUNT_CONSUMER_GROUP: `artifacts-beacon-${suffix}`,
      WEB_ORIGIN,
    }),
  ]);
  gw = await boot('gateway', {
    ANALYTICS_URL: analytics,
    ARTIFACTS_URL: artifacts,
    WEB_ORIGIN,
    RATE_LIMIT_NAMESPACE: `rl:test:beacon:${suffix}`,
    // Client IPs from X-Forwarded-For, as behind the ingress.
    TRUST_PROXY_HOPS: '1',
    TRACK_RATE_LIMIT: String(RATE_LIMIT),
  });
}, 240_000);

afterAll(async () => {
  await tail?.disconnect();
  await stack.stop();
});

/** A beacon as an embed on another site sends it (navigator.sendBeacon / fetch with text/plain). */
function beacon(artifactId: string, ip: string, headers: Record<string, string> = {}, body?: string) {
  return fetch(`${gw}/api/v1/analytics/beacon`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: 'https://blog.example.org',
      'sec-fetch-site': 'cross-site',
      'x-forwarded-for': ip,
      'user-agent': CHROME,
      ...headers,
    },
    body: body ?? JSON.stringify({ artifactId, embed: true, referrer: 'https://blog.example.org/post?me=1' }),
  });
}

const eventsOf = (artifactId: string) =>
  seen
    .filter((m) => m.key?.toString() === artifactId)
    .map(
      (m) => JSON.parse(m.value?.toString() ?? '{}') as { producer: string; data: Record<string, unknown> },
    );

describe('the view beacon through the gateway', () => {
  it('takes a cross-site text/plain beacon for any origin, sets no cookie, hashes the trusted client address', async () => {
    const a = `beacon-${suffix}`;
    const first = await beacon(a, '203.0.113.10');
    expect(first.status).toBe(204);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(first.headers.get('access-control-allow-credentials')).toBeNull();
    expect(first.headers.get('set-cookie')).toBeNull();
    expect((await beacon(a, '203.0.113.10')).status).toBe(204);
    expect((await beacon(a, '198.51.100.20')).status).toBe(204);
    // Filtered at analytics, answered alike.
    expect((await beacon(a, '203.0.113.11', { 'sec-purpose': 'prefetch;prerender' })).status).toBe(204);
    expect(
      (await beacon(a, '203.0.113.12', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }))
        .status,
    ).toBe(204);
    // A marker after the filtered ones: when it is on the topic, they would be too.
    expect((await beacon(a, '203.0.113.13')).status).toBe(204);
    const events = await waitFor(
      () => Promise.resolve(eventsOf(a)),
      (e) => e.length >= 4,
      { what: 'four beacon events', timeoutMs: 30_000 },
    );
    expect(events).toHaveLength(4);
    const [one, again, other, marker] = events.map((e) => e.data);
    expect(events.every((e) => e.producer === 'analytics')).toBe(true);
    expect(one).toMatchObject({
      artifactId: a,
      embed: true,
      referrer: 'https://blog.example.org',
      userAgent: CHROME,
    });
    expect(one?.['sessionId']).toBe(again?.['sessionId']);
    expect(other?.['sessionId']).not.toBe(one?.['sessionId']);
    expect(marker?.['sessionId']).not.toBe(one?.['sessionId']);
    const raw = seen.map((m) => m.value?.toString() ?? '').join('\n');
    expect(raw).not.toContain('203.0.113');
    expect(raw).not.toContain('198.51.100');
  }, 60_000);

  it('counts twelve beacons from one address with eight User-Agents as one unique visitor', async () => {
    const owner = devTokenFor(`owner-beacon-${suffix}`, { plan: 'Business', sts: 'ACTIVE' });
    const created = await fetch(`${gw}/api/v1/artifacts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'embedded', type: 'HTML', content: '<p>hi</p>', isPublic: true }),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { artifact: { id: string } }).artifact.id;
    const stats = async () => {
      const res = await fetch(`${gw}/api/v1/analytics/artifacts/${id}`, {
        headers: { authorization: `Bearer ${owner}` },
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    await waitFor(stats, (r) => r.status === 200, {
      what: 'analytics knows the artifact',
      timeoutMs: 30_000,
    });
    const agents = Array.from({ length: 8 }, (_, i) => CHROME.replace('131.0.0.0', `13${i}.0.0.0`));
    for (let i = 0; i < 12; i++)
      expect((await beacon(id, '203.0.113.99', { 'user-agent': agents[i % 8]! })).status).toBe(204);
    const r = await waitFor(stats, (x) => x.body['views'] === 12, {
      what: 'twelve views',
      timeoutMs: 30_000,
    });
    expect(r.body['uniqueVisitors30Days']).toBe(1);
    expect(r.body['referrers']).toEqual([{ domain: 'blog.example.org', visitors: 1 }]);
    expect(new Set(eventsOf(id).map((e) => e.data['sessionId'])).size).toBe(1);
  }, 60_000);

  it('refuses what is not a beacon (400), a body over 4 KB (413), and limits each client address (429, readable cross-origin)', async () => {
    const bad = await beacon('x', '192.0.2.1', {}, JSON.stringify({ artifactId: 'x', embed: 'yes' }));
    expect(bad.status).toBe(400);
    const big = await beacon(
      'x',
      '192.0.2.2',
      {},
      JSON.stringify({ artifactId: 'x', embed: true, referrer: 'x'.repeat(5000) }),
    );
    expect(big.status).toBe(413);
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++)
      statuses.push((await beacon(`limited-${suffix}`, '192.0.2.3')).status);
    expect(statuses).toEqual([...Array.from({ length: RATE_LIMIT }, () => 204), 429]);
    const limited = await beacon(`limited-${suffix}`, '192.0.2.3');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is another client.
    expect((await beacon(`limited-${suffix}`, '192.0.2.4')).status).toBe(204);
    // The counters are there, under pseudonyms: no Redis key names an address.
    const redis = new Redis(infra.redisUrl);
    try {
      const keys = await redis.keys(`*rl:test:beacon:${suffix}:*`);
      expect(keys.filter((k) => k.includes(':track-view:')).length).toBeGreaterThan(1);
      expect(keys.join('\n')).not.toMatch(/192\.0\.2|203\.0\.113|198\.51\.100/);
    } finally {
      redis.disconnect();
    }
  }, 60_000);

  it('answers the preflight of a JSON beacon for any origin, and then counts the JSON beacon', async () => {
    const preflight = await fetch(`${gw}/api/v1/analytics/beacon`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://blog.example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'cors',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toBe('content-type');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    expect(preflight.headers.get('set-cookie')).toBeNull();
    // Only the beacon: no other route answers another origin's preflight.
    const elsewhere = await fetch(`${gw}/api/v1/analytics/track-view`, {
      method: 'OPTIONS',
      headers: { origin: 'https://blog.example.org', 'access-control-request-method': 'POST' },
    });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    const a = `beacon-json-${suffix}`;
    const sent = await beacon(a, '203.0.113.40', { 'content-type': 'application/json' });
    expect(sent.status).toBe(204);
    expect(sent.headers.get('access-control-allow-origin')).toBe('*');
    await waitFor(
      () => Promise.resolve(eventsOf(a)),
      (e) => e.length === 1,
      { what: 'the JSON beacon on the topic', timeoutMs: 30_000 },
    );
  }, 60_000);
});
