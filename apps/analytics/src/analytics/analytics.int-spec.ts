/**
 * The analytics service against the real broker, database and Redis: views produced to Kafka as
 * the gateway does, artifact events as the artifacts service does, statistics read over HTTP.
 */
import { type Admin, type Kafka, type Producer } from 'kafkajs';
import mongoose from 'mongoose';
import {
  type AnalyticsOverview,
  type ArtifactStats,
  Topic,
  deadLetterTopic,
  utcDay,
} from '@core-vault/contracts';
import { type OutboxEntry, toKafkaMessage } from '@core-vault/platform';
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

let kafka: Kafka;
let admin: Admin;
let producer: Producer;
let env: Record<string, string>;
let svc: TestApp;
const s = uniqueSuffix();
const owner = `owner-${s}`;
const pro = tokenFor(owner);
const business = tokenFor(owner, { plan: 'Business', sts: 'ACTIVE' });

async function send(topic: string, entries: OutboxEntry[]): Promise<void> {
  await producer.send({ topic, acks: -1, messages: entries.map((e) => toKafkaMessage(e.envelope)) });
}

async function overview(token = business) {
  return getJson<AnalyticsOverview>(`${svc.url}/api/v1/analytics/artifacts`, token);
}
async function stats(id: string, token = business) {
  return getJson<ArtifactStats>(`${svc.url}/api/v1/analytics/artifacts/${id}`, token);
}
async function viewsOf(id: string): Promise<number | undefined> {
  return (await overview()).body.artifacts?.find((a) => a.artifactId === id)?.views;
}

/**
 * Makes artifact `marker` known, then views it once and waits for that view to count: views sent
 * before it (of unknown ids too) have been applied by then. Returns the marker's id.
 */
async function viewsProcessed(marker: string): Promise<string> {
  await send(Topic.ArtifactCreated, [make.created(marker, owner)]);
  await waitFor(
    () => stats(marker),
    (x) => x.status === 200,
    { what: `${marker} known` },
  );
  await send(Topic.ArtifactViewed, [make.view({ artifactId: marker })]);
  await waitFor(
    () => viewsOf(marker),
    (n) => n === 1,
    { what: `${marker} counted` },
  );
  return marker;
}

beforeAll(async () => {
  kafka = testKafka();
  admin = kafka.admin();
  await admin.connect();
  producer = kafka.producer({ maxInFlightRequests: 1 });
  await producer.connect();
  env = await testEnv(admin);
  svc = await startAnalyticsApp(env);
}, 60_000);

afterAll(async () => {
  await svc.stop();
  const conn = await mongoose.createConnection(testInfra().mongoUrl, { dbName: env['MONGO_DB'] }).asPromise();
  await conn.dropDatabase();
  await conn.close();
  await producer.disconnect();
  await admin.disconnect();
});

describe('view counting', () => {
  it('counts each event id once across duplicates and a consumer restart', async () => {
    const a = `art-dup-${s}`;
    await send(Topic.ArtifactCreated, [make.created(a, owner)]);
    const first = Array.from({ length: 20 }, () => make.view({ artifactId: a }));
    // Every event twice, at different offsets.
    await send(Topic.ArtifactViewed, [...first, ...first]);
    await waitFor(
      () => viewsOf(a),
      (n) => n === 20,
      { what: '20 views', timeoutMs: 30_000 },
    );

    await svc.stop();
    const second = Array.from({ length: 10 }, () => make.view({ artifactId: a }));
    // While it is down: new views plus copies of already counted ones.
    await send(Topic.ArtifactViewed, [...second, ...first.slice(0, 5), ...second.slice(0, 3)]);
    svc = await startAnalyticsApp(env);
    await waitFor(
      () => viewsOf(a),
      (n) => n === 30,
      { what: '30 views after restart', timeoutMs: 30_000 },
    );
    // A marker event after everything else: once it is counted, nothing else is still in flight.
    await send(Topic.ArtifactViewed, [make.view({ artifactId: a })]);
    await waitFor(
      () => viewsOf(a),
      (n) => n === 31,
      { what: 'marker view' },
    );
  }, 90_000);

  it('puts views on the UTC day of viewedAt, across midnight', async () => {
    const a = `art-day-${s}`;
    await send(Topic.ArtifactCreated, [make.created(a, owner)]);
    const now = new Date();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    await send(Topic.ArtifactViewed, [
      make.view({ artifactId: a, viewedAt: new Date(midnight - 1).toISOString(), sessionId: 'night-owl' }),
      make.view({ artifactId: a, viewedAt: new Date(midnight - 1000).toISOString(), sessionId: 'night-owl' }),
      make.view({ artifactId: a, viewedAt: new Date(midnight).toISOString(), sessionId: 'night-owl' }),
      make.view({ artifactId: a, viewedAt: new Date(midnight).toISOString(), sessionId: 'early-bird' }),
    ]);
    const { body } = await waitFor(
      () => stats(a),
      (r) => r.body.views === 4,
      { what: '4 views' },
    );
    const yesterday = utcDay(new Date(midnight - 1));
    const today = utcDay(new Date(midnight));
    expect(body.series).toHaveLength(30);
    expect(body.series.at(-1)).toEqual({ day: today, views: 2, uniqueVisitors: 2 });
    expect(body.series.at(-2)).toEqual({ day: yesterday, views: 2, uniqueVisitors: 1 });
    expect(body.series.slice(0, -2).every((d) => d.views === 0)).toBe(true);
    expect(body.uniqueVisitors30Days).toBe(2);
    expect(body.viewsLast30Days).toBe(4);
  });

  it('splits owner views, embed/direct and referrers; drops private views of others and deleted artifacts', async () => {
    const a = `art-split-${s}`;
    await send(Topic.ArtifactCreated, [make.created(a, owner)]);
    // Created and viewed are different topics with their own consumers: only once analytics
    // knows the artifact (and so its owner) can it tell the owner's view from a visitor's.
    await waitFor(
      () => stats(a),
      (x) => x.status === 200,
      { what: 'artifact known to analytics' },
    );
    await send(Topic.ArtifactViewed, [
      make.view({ artifactId: a, viewerId: owner, sessionId: 'v-owner' }),
      make.view({
        artifactId: a,
        embed: true,
        referrer: 'https://www.partner.example/page',
        sessionId: 'v-1',
      }),
      make.view({ artifactId: a, embed: true, referrer: 'https://partner.example/other', sessionId: 'v-2' }),
      make.view({ artifactId: a, viewerId: 'someone-else', sessionId: 'v-3' }),
    ]);
    let r = await waitFor(
      () => stats(a),
      (x) => x.body.views === 3 && x.body.ownerViews === 1,
      {
        what: 'split counts',
      },
    );
    expect(r.body).toMatchObject({ embedViews: 2, directViews: 1, uniqueVisitors30Days: 3 });
    // Referrers count visitors (the owner is none): two came from the partner, one directly.
    expect(r.body.referrers).toEqual([
      { domain: 'partner.example', visitors: 2 },
      { domain: '(direct)', visitors: 1 },
    ]);

    await send(Topic.ArtifactVisibilityChanged, [make.visibility(a, owner, false)]);
    await send(Topic.ArtifactShared, [make.shared(a, owner)]);
    await waitFor(
      () => stats(a),
      (x) => x.body.shares === 1,
      { what: 'share counted' },
    );
    // Downloads (one event per counted download) and copies saved elsewhere (a created event of
    // someone else's artifact naming this one); a redelivered event counts once.
    const download = make.downloaded(a, owner);
    await send(Topic.ArtifactDownloaded, [download, make.downloaded(a, owner), download]);
    await send(Topic.ArtifactCreated, [make.created(`copy-${s}`, 'someone-else', false, a)]);
    r = await waitFor(
      () => stats(a),
      (x) => x.body.downloads === 2 && x.body.remixes === 1,
      { what: 'downloads and remixes counted' },
    );
    expect((await overview()).body.artifacts?.find((x) => x.artifactId === a)).toMatchObject({
      downloads: 2,
      remixes: 1,
    });
    await send(Topic.ArtifactViewed, [
      make.view({ artifactId: a, viewerId: 'stranger' }),
      make.view({ artifactId: a }),
      make.view({ artifactId: a, viewerId: owner }),
    ]);
    r = await waitFor(
      () => stats(a),
      (x) => x.body.ownerViews === 2,
      { what: 'owner view of private' },
    );
    expect(r.body.views).toBe(3);

    await send(Topic.ArtifactDeleted, [make.deleted(a, owner)]);
    await waitFor(
      () => stats(a),
      (x) => x.status === 404,
      { what: 'deleted artifact gone from stats' },
    );
  });

  it('holds views of an unknown id until its created event, then reports the count to the product', async () => {
    const a = `art-late-${s}`;
    const tail = await tailTopic(kafka, Topic.ViewCountChanged);
    try {
      await send(Topic.ArtifactViewed, [make.view({ artifactId: a }), make.view({ artifactId: a })]);
      const b = await viewsProcessed(`art-known-${s}`);
      expect(await viewsOf(a)).toBeUndefined();

      await send(Topic.ArtifactCreated, [make.created(a, owner)]);
      await waitFor(
        () => viewsOf(a),
        (n) => n === 2,
        { what: 'held views shown' },
      );
      const events = await tail.waitFor(
        (m) => m.some((x) => String(x.key) === a),
        'view-count-changed for the late artifact',
      );
      const mine = events
        .filter((x) => String(x.key) === a)
        .map((x) => JSON.parse(String(x.value)) as { data: unknown });
      expect(mine.at(-1)?.data).toEqual({ artifactId: a, viewCount: 2 });
      expect(events.some((x) => String(x.key) === b)).toBe(true);
    } finally {
      await tail.stop();
    }
  });

  it("sorts signed-in views that overtook the created event: the owner's are the owner's", async () => {
    const a = `art-race-${s}`;
    // The owner opens what they just made before analytics has read its created event; a
    // signed-in visitor and an anonymous one view it too.
    await send(Topic.ArtifactViewed, [
      make.view({ artifactId: a, viewerId: owner }),
      make.view({ artifactId: a, viewerId: owner, embed: true }),
      make.view({ artifactId: a, viewerId: 'someone-else', referrer: 'https://partner.example/p' }),
      make.view({ artifactId: a, sessionId: 'anonymous' }),
    ]);
    await viewsProcessed(`art-race-known-${s}`);

    const created = make.created(a, owner);
    await send(Topic.ArtifactCreated, [created]);
    const { body } = await waitFor(
      () => stats(a),
      (x) => x.status === 200 && x.body.views + x.body.ownerViews === 4,
      { what: 'held views sorted' },
    );
    expect(body).toMatchObject({ views: 2, ownerViews: 2, embedViews: 0, directViews: 2 });
    // Held views add no visitor (one of them may have been the owner), so no referrer either.
    expect(body.referrers).toEqual([{ domain: '(direct)', visitors: 1 }]);
    // A redelivered created event changes nothing.
    await send(Topic.ArtifactCreated, [created]);
    await send(Topic.ArtifactViewed, [make.view({ artifactId: a })]);
    await waitFor(
      () => stats(a),
      (x) => x.body.views === 3,
      { what: 'a later view' },
    );
    expect((await stats(a)).body.ownerViews).toBe(2);
  });

  it('credits one visitor once a day to one referrer: nine spam domains do not displace a real one', async () => {
    const a = `art-spam-${s}`;
    await send(Topic.ArtifactCreated, [make.created(a, owner)]);
    // The measured attack, as the gateway now publishes it: one visitor (one pseudonym, whatever
    // session ids and User-Agents the client sent) with nine referrer domains of its choosing…
    const spam = Array.from({ length: 9 }, (_, i) =>
      make.view({
        artifactId: a,
        sessionId: 'one-visitor',
        userAgent: `agent-${i % 8}`,
        referrer: `https://spam${i + 1}.example/`,
      }),
    );
    // … and a real referrer three visitors came from (one of them twice).
    const real = ['r1', 'r2', 'r3', 'r1'].map((sessionId) =>
      make.view({ artifactId: a, sessionId, referrer: 'https://real.example/post' }),
    );
    await send(Topic.ArtifactViewed, [...spam.slice(0, 4), ...real, ...spam.slice(4)]);
    const first = await waitFor(
      () => stats(a),
      (x) => x.body.views === 13,
      { what: '13 views' },
    );
    expect(first.body.uniqueVisitors30Days).toBe(4);
    expect(first.body.referrers).toEqual([
      { domain: 'real.example', visitors: 3 },
      { domain: 'spam1.example', visitors: 1 },
    ]);
    // Idempotent: the same events again (dropped by id) and new views of the same visitors from
    // other domains (counted as views, credited to nobody new) change no referrer.
    await send(Topic.ArtifactViewed, [
      ...spam,
      make.view({ artifactId: a, sessionId: 'one-visitor', referrer: 'https://spam10.example/' }),
      make.view({ artifactId: a, sessionId: 'r2', referrer: 'https://elsewhere.example/' }),
    ]);
    const later = await waitFor(
      () => stats(a),
      (x) => x.body.views === 15,
      { what: '15 views' },
    );
    expect(later.body.referrers).toEqual(first.body.referrers);
    expect(later.body.uniqueVisitors30Days).toBe(4);
  });

  it('parks a poison message on the dead-letter topic and keeps counting', async () => {
    const a = `art-poison-${s}`;
    const dlq = await tailTopic(kafka, deadLetterTopic(Topic.ArtifactViewed));
    try {
      await send(Topic.ArtifactCreated, [make.created(a, owner)]);
      await producer.send({
        topic: Topic.ArtifactViewed,
        messages: [
          { key: a, value: '{"not": "an envelope"' },
          {
            key: a,
            value: JSON.stringify({ ...make.view({ artifactId: a }).envelope, data: { artifactId: a } }),
          },
        ],
      });
      await send(Topic.ArtifactViewed, [make.view({ artifactId: a })]);
      await waitFor(
        () => viewsOf(a),
        (n) => n === 1,
        { what: 'view after poison' },
      );
      const parked = await dlq.waitFor(
        (m) => m.filter((x) => String(x.key) === a).length >= 2,
        'two parked messages',
      );
      const reasons = parked
        .filter((x) => String(x.key) === a)
        .map((x) => String(x.headers?.['x-dlq-error']));
      expect(reasons.some((r) => r.includes('not valid JSON'))).toBe(true);
      expect(reasons.some((r) => r.includes('invalid payload'))).toBe(true);
    } finally {
      await dlq.stop();
    }
  });
});

describe('statistics access', () => {
  it('gates by plan: Pro and Business get the per-artifact statistics, Free and canceled nothing', async () => {
    const a = `art-gate-${s}`;
    await send(Topic.ArtifactCreated, [make.created(a, owner)]);
    await send(Topic.ArtifactViewed, [make.view({ artifactId: a })]);
    await waitFor(
      () => viewsOf(a),
      (n) => n === 1,
      { what: 'counted' },
    );

    // The pricing card sells Pro with "Advanced analytics" (docs/reference/billing.md).
    const proOverview = await overview(pro);
    expect(proOverview.status).toBe(200);
    expect(proOverview.body.level).toBe('advanced');
    expect(proOverview.body.artifacts.find((x) => x.artifactId === a)?.views).toBe(1);
    const proStats = await stats(a, pro);
    expect(proStats.status).toBe(200);
    expect((await stats(a, business)).status).toBe(200);
    expect((await overview(business)).body.level).toBe('advanced');
    const free = await stats(a, tokenFor(owner, { plan: 'Free', sts: 'NO_SUBSCRIPTION' }));
    expect(free.status).toBe(403);
    expect(free.body).toMatchObject({
      code: 'FEATURE_NOT_AVAILABLE',
      message: 'Analytics are available with the Pro plan and higher.',
    });

    expect((await overview(tokenFor(owner, { plan: 'Free', sts: 'NO_SUBSCRIPTION' }))).status).toBe(403);
    expect((await overview(tokenFor(owner, { sts: 'CANCELED' }))).status).toBe(403);
    expect((await getJson(`${svc.url}/api/v1/analytics/artifacts`)).status).toBe(401);
    // Someone else's artifact does not exist for the caller.
    expect((await stats(a, tokenFor(`other-${s}`, { plan: 'Business' }))).status).toBe(404);
    expect((await overview(tokenFor(`other-${s}`))).body.artifacts).toEqual([]);
  });

  it('leaves an artifact in the trash out of every read and brings it back, counts kept, on a restore', async () => {
    const a = `art-trash-${s}`;
    await send(Topic.ArtifactCreated, [make.created(a, owner)]);
    await send(Topic.ArtifactViewed, [make.view({ artifactId: a, sessionId: 't1' })]);
    await waitFor(
      () => viewsOf(a),
      (n) => n === 1,
      { what: 'counted' },
    );
    await send(Topic.ArtifactTrashChanged, [make.trashChanged(a, owner, true)]);
    await waitFor(
      () => stats(a),
      (x) => x.status === 404,
      { what: 'out of the reads' },
    );
    expect(await viewsOf(a)).toBeUndefined();
    await send(Topic.ArtifactTrashChanged, [make.trashChanged(a, owner, false)]);
    await waitFor(
      () => viewsOf(a),
      (n) => n === 1,
      { what: 'back, with its view' },
    );
  });

  it('rolls up a list of artifact ids, skipping those that are not the caller’s', async () => {
    const [a, b] = [`art-r1-${s}`, `art-r2-${s}`];
    const foreign = `art-r3-${s}`;
    await send(Topic.ArtifactCreated, [make.created(a, owner), make.created(b, owner)]);
    await send(Topic.ArtifactCreated, [make.created(foreign, `other-${s}`)]);
    await send(Topic.ArtifactViewed, [
      make.view({ artifactId: a, sessionId: 'v1' }),
      make.view({ artifactId: b, sessionId: 'v1' }),
      make.view({ artifactId: b, sessionId: 'v2', embed: true }),
      make.view({ artifactId: foreign }),
    ]);
    // a and b are keyed to their own partitions: each is counted on its own schedule.
    await waitFor(
      async () => [await viewsOf(a), await viewsOf(b)],
      ([na, nb]) => na === 1 && nb === 2,
      { what: 'a and b counted' },
    );
    const res = await fetch(`${svc.url}/api/v1/analytics/rollup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${business}`, 'content-type': 'application/json' },
      body: JSON.stringify({ artifactIds: [a, b, foreign, 'nope'] }),
    });
    const body = (await res.json()) as ArtifactStats & { artifactIds: string[]; skipped: number };
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      views: 3,
      embedViews: 1,
      directViews: 2,
      uniqueVisitors30Days: 2,
      skipped: 2,
    });
    expect(body.artifactIds).toEqual([a, b].sort());

    const bad = await fetch(`${svc.url}/api/v1/analytics/rollup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${business}`, 'content-type': 'application/json' },
      body: JSON.stringify({ artifactIds: 'x', extra: 1 }),
    });
    expect(bad.status).toBe(400);
  });
});
