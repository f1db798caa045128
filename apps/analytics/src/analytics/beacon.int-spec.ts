/**
 * The cookie-less view beacon against the real broker, database and Redis: a beacon becomes one
 * view through the same topic and consumer as consented tracking; bots and prefetches count
 * nothing; uniques are per day under a salt that rotates; and neither Redis nor MongoDB nor the
 * topic ever holds the visitor's address.
 */
import { type Admin, type Kafka } from 'kafkajs';
import mongoose from 'mongoose';
import { type Redis } from 'ioredis';
import { type ArtifactStats, Topic, utcDay } from '@core-vault/contracts';
import { APP_CONFIG, KafkaConnection, REDIS, toKafkaMessage } from '@core-vault/platform';
import { testInfra, uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import {
  type TestApp,
  getJson,
  make,
  startAnalyticsApp,
  tailTopic,
  testEnv,
  testKafka,
  tokenFor,
} from '../testing';
import { BeaconService, DAILY_SALT_TTL_SECONDS } from './beacon.service';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IP = '203.0.113.77';
const OTHER_IP = '198.51.100.23';

let kafka: Kafka;
let admin: Admin;
let env: Record<string, string>;
let svc: TestApp;
const s = uniqueSuffix();
const owner = `owner-b-${s}`;
const business = tokenFor(owner, { plan: 'Business', sts: 'ACTIVE' });

interface Beacon {
  artifactId: string;
  embed?: boolean;
  referrer?: string;
  ip?: string;
  userAgent?: string;
  headers?: Record<string, string>;
}

function beacon(b: Beacon): Promise<Response> {
  return fetch(`${svc.url}/api/v1/analytics/beacon`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': b.ip ?? IP,
      'user-agent': b.userAgent ?? CHROME,
      ...b.headers,
    },
    body: JSON.stringify({
      artifactId: b.artifactId,
      embed: b.embed ?? true,
      ...(b.referrer ? { referrer: b.referrer } : {}),
    }),
  });
}

async function stats(id: string) {
  return (await getJson<ArtifactStats>(`${svc.url}/api/v1/analytics/artifacts/${id}`, business)).body;
}

async function created(id: string): Promise<void> {
  const producer = kafka.producer();
  await producer.connect();
  await producer.send({
    topic: Topic.ArtifactCreated,
    acks: -1,
    messages: [toKafkaMessage(make.created(id, owner).envelope)],
  });
  await producer.disconnect();
}

beforeAll(async () => {
  kafka = testKafka();
  admin = kafka.admin();
  await admin.connect();
  // A small daily allowance per visitor, so the cap is reached with a few beacons.
  env = { ...(await testEnv(admin)), TRACK_VIEWS_PER_VISITOR_DAY: '5' };
  svc = await startAnalyticsApp(env);
}, 60_000);

afterAll(async () => {
  await svc.stop();
  const conn = await mongoose.createConnection(testInfra().mongoUrl, { dbName: env['MONGO_DB'] }).asPromise();
  await conn.dropDatabase();
  await conn.close();
  await admin.disconnect();
});

describe('view beacon', () => {
  it('counts a view once, embed and referrer origin included, and sets no cookie', async () => {
    const a = `art-beacon-${s}`;
    await created(a);
    const res = await beacon({ artifactId: a, referrer: 'https://blog.example.org/post/1?u=me' });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.text()).toBe('');
    const got = await waitFor(
      () => stats(a),
      (x) => x.views === 1,
      { what: 'one beacon view', timeoutMs: 30_000 },
    );
    expect(got).toMatchObject({
      views: 1,
      embedViews: 1,
      directViews: 0,
      ownerViews: 0,
      uniqueVisitors30Days: 1,
      referrers: [{ domain: 'blog.example.org', visitors: 1 }],
    });
  }, 60_000);

  it('ignores bots, prefetches and prerenders; counts the owner apart', async () => {
    const a = `art-filter-${s}`;
    await created(a);
    const ignored = await Promise.all([
      beacon({
        artifactId: a,
        userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      }),
      beacon({ artifactId: a, userAgent: '' }),
      beacon({ artifactId: a, headers: { 'sec-purpose': 'prefetch;prerender' } }),
      beacon({ artifactId: a, headers: { 'sec-purpose': 'prefetch' } }),
      beacon({ artifactId: a, headers: { purpose: 'prefetch' } }),
      beacon({ artifactId: a, headers: { 'x-moz': 'prefetch' } }),
    ]);
    // A filtered beacon answers like a counted one: a page learns nothing from it.
    expect(ignored.map((r) => r.status)).toEqual([204, 204, 204, 204, 204, 204]);
    const own = await fetch(`${svc.url}/api/v1/analytics/beacon`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${business}`,
        'x-forwarded-for': IP,
        'user-agent': CHROME,
      },
      body: JSON.stringify({ artifactId: a, embed: false }),
    });
    expect(own.status).toBe(204);
    // The marker: one real view after all of the above (same key, same partition, in order).
    expect((await beacon({ artifactId: a, embed: false })).status).toBe(204);
    const got = await waitFor(
      () => stats(a),
      (x) => x.views + x.ownerViews === 2,
      { what: 'marker and owner view', timeoutMs: 30_000 },
    );
    expect(got).toMatchObject({ views: 1, ownerViews: 1, directViews: 1, embedViews: 0 });
  }, 60_000);

  it('counts uniques per visitor and day; the next day the same visitor is someone new', async () => {
    const a = `art-uniq-${s}`;
    await created(a);
    await beacon({ artifactId: a });
    await beacon({ artifactId: a });
    await beacon({ artifactId: a, ip: OTHER_IP });
    // Another browser on the same address is the same visitor: the User-Agent names nobody.
    await beacon({ artifactId: a, userAgent: FIREFOX });
    // Yesterday's view of the first visitor, hashed under yesterday's salt.
    const service = svc.app.get(BeaconService);
    const now = new Date();
    const yesterday = new Date(now.getTime() - 86_400_000);
    await service.count(
      { artifactId: a, embed: true },
      { ip: IP, userAgent: CHROME, secPurpose: undefined, purpose: undefined, xMoz: undefined },
      null,
      yesterday,
    );
    const got = await waitFor(
      () => stats(a),
      (x) => x.views === 5,
      { what: 'five views', timeoutMs: 30_000 },
    );
    const day = (d: Date) => got.series.find((p) => p.day === utcDay(d));
    expect(day(now)).toMatchObject({ views: 4, uniqueVisitors: 2 });
    expect(day(yesterday)).toMatchObject({ views: 1, uniqueVisitors: 1 });
    // 2 today + yesterday's, which no longer links to today's hash of the same visitor.
    expect(got.uniqueVisitors30Days).toBe(3);
  }, 60_000);

  it('counts one visitor at most TRACK_VIEWS_PER_VISITOR_DAY times a day per artifact, answering alike', async () => {
    const a = `art-cap-${s}`;
    await created(a);
    const agents = Array.from({ length: 8 }, (_, i) => `${CHROME} Variant/${i}`);
    // Eight beacons from one address with eight User-Agents, over this suite's allowance of 5.
    const answers = await Promise.all(agents.map((userAgent) => beacon({ artifactId: a, userAgent })));
    expect(answers.map((r) => r.status)).toEqual(agents.map(() => 204));
    // The marker: another visitor's view, after the others on the same partition.
    expect((await beacon({ artifactId: a, ip: OTHER_IP })).status).toBe(204);
    const got = await waitFor(
      () => stats(a),
      (x) => x.views === 6,
      { what: 'five capped views and the marker', timeoutMs: 30_000 },
    );
    expect(got.uniqueVisitors30Days).toBe(2);
    // The counters are named by the visitor's hash: no key names the address.
    const redis = svc.app.get<Redis>(REDIS);
    const keys = await redis.keys(`${env['ANALYTICS_REDIS_PREFIX']}:beacon-views:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join('\n')).not.toMatch(/203\.0\.113|198\.51\.100/);
    expect(await redis.ttl(keys[0]!)).toBeGreaterThan(24 * 3600);
  }, 60_000);

  it('keeps one random salt per UTC day in Redis for 48 h, shared by every instance', async () => {
    const redis = svc.app.get<Redis>(REDIS);
    const service = svc.app.get(BeaconService);
    const [d1, d2] = ['2026-01-01', '2026-01-02'];
    const first = await service.dailySalt(d1);
    const next = await service.dailySalt(d2);
    expect(first).not.toBe(next);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Another instance (restart, replica) finds the same salt of the day: SET NX.
    const key = `${env['ANALYTICS_REDIS_PREFIX']}:beacon-salt:${d1}`;
    expect(await redis.get(key)).toBe(first);
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(DAILY_SALT_TTL_SECONDS - 60);
    expect(ttl).toBeLessThanOrEqual(DAILY_SALT_TTL_SECONDS);
    const replica = new BeaconService(svc.app.get(KafkaConnection), redis, svc.app.get(APP_CONFIG));
    expect(await replica.dailySalt(d1)).toBe(first);
    expect(await replica.dailySalt(d2)).toBe(next);
  }, 60_000);

  it('stores the address nowhere: not on the topic, in Redis or in MongoDB', async () => {
    const a = `art-noip-${s}`;
    await created(a);
    const tail = await tailTopic(kafka, Topic.ArtifactViewed);
    try {
      await beacon({ artifactId: a, referrer: 'https://host.example/page' });
      await beacon({ artifactId: a, ip: OTHER_IP });
      const messages = await tail.waitFor(
        (m) => m.filter((x) => x.key?.toString() === a).length === 2,
        'two beacon events',
      );
      const events = messages.filter((x) => x.key?.toString() === a).map((x) => x.value?.toString() ?? '');
      for (const e of events) {
        expect(e).not.toContain(OTHER_IP);
        expect(e).not.toContain('203.0.113');
      }
      await waitFor(
        () => stats(a),
        (x) => x.views === 2,
        { what: 'two views', timeoutMs: 30_000 },
      );
    } finally {
      await tail.stop();
    }

    const redis = svc.app.get<Redis>(REDIS);
    const dump: string[] = [];
    for await (const keys of redis.scanStream({ match: `${env['ANALYTICS_REDIS_PREFIX']}*`, count: 500 }))
      for (const key of keys as string[]) {
        const type = await redis.type(key);
        dump.push(key);
        if (type === 'set') dump.push(...(await redis.smembers(key)));
        else if (type === 'string') dump.push((await redis.get(key)) ?? '');
        else if (type === 'hash') dump.push(JSON.stringify(await redis.hgetall(key)));
      }
    expect(dump.length).toBeGreaterThan(0);
    expect(dump.filter((x) => x.includes('203.0.113') || x.includes(OTHER_IP))).toEqual([]);

    const conn = await mongoose
      .createConnection(testInfra().mongoUrl, { dbName: env['MONGO_DB'] })
      .asPromise();
    try {
      const db = conn.db;
      if (!db) throw new Error('no database');
      const texts: string[] = [];
      for (const c of await db.listCollections().toArray())
        texts.push(JSON.stringify(await db.collection(c.name).find().toArray()));
      expect(texts.join('\n')).toContain(a);
      expect(texts.join('\n')).not.toContain('203.0.113');
      expect(texts.join('\n')).not.toContain(OTHER_IP);
    } finally {
      await conn.close();
    }
  }, 90_000);

  it('refuses a body that is not a beacon with a 400 naming the field', async () => {
    const res = await fetch(`${svc.url}/api/v1/analytics/beacon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': CHROME },
      body: JSON.stringify({ artifactId: 'x', embed: 'yes' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/embed/);
  });
});
