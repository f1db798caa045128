/**
 * Faults and scale-out on the real stack: one private set of Kafka, MongoDB and Redis
 * (support/private-infra) and one API-only stack (support/stack) for the whole file, every service
 * from its dist build.
 *
 * 1. Kafka stops and starts again while views stream in through the gateway: answers during the
 *    outage are prompt 503s, none after it is a 5xx, and once the refused batches are resent
 *    (same ids, as a careful client would) the counts are exactly the views sent.
 * 2. Redis stops cleanly, and later dies of SIGKILL, during sign-ins: prompt 503s during the
 *    outage; afterwards a session from before refreshes, a revoked one stays revoked and a code
 *    mailed before still signs in.
 * 3. A second analytics and onboarding instance join their consumer groups; one of each is
 *    SIGKILLed under load and the other takes over its partitions: counts stay exact, each
 *    onboarding event is applied once.
 *
 * Figures are printed as one `durability: {...}` line (docs/reference/infrastructure.md, "Faults and
 * scale-out"). Rerun: JEST_KIND=int npx jest apps/e2e/src/durability/faults --runInBand
 */
import { randomUUID } from 'node:crypto';
import { AssignerProtocol, type Admin, Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import { Topic, productEventCatalog } from '@core-vault/contracts';
import { EventFactory, REDIS_REQUEST_TIMEOUT_MS, toKafkaMessage } from '@core-vault/platform';
import { answersOk, devTokenFor, uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { mailIds, waitForCode } from '../support/mail';
import { type PrivateInfra, startPrivateInfra } from '../support/private-infra';
import { type Stack, startStack } from '../support/stack';

/** No request may take longer than this; a timed-out one is recorded as status 0 (a hang). */
const REQUEST_TIMEOUT_MS = 15_000;
/** The gateway's TRACK_PUBLISH_TIMEOUT_MS: how long a view may wait for Kafka's acknowledgement. */
const TRACK_DEADLINE_MS = 5_000;
/** A refusal during an outage comes within the longer deadline (Kafka's; Redis' is 3 s), plus slack. */
const PROMPT_MS = Math.max(TRACK_DEADLINE_MS, REDIS_REQUEST_TIMEOUT_MS) + 3_000;
const PARTITIONS = 3;
const TRACK = '/api/v1/analytics/track-views';
const PASSWORD = 'correct horse battery';

const suffix = uniqueSuffix(3);
const token = devTokenFor;

let priv: PrivateInfra | undefined;
let stack: Stack | undefined;
const figures: Record<string, Record<string, unknown>> = {};

interface Answer {
  status: number;
  ms: number;
  body: Record<string, unknown>;
  cookie?: string;
}

/** One HTTP call with a time limit; never throws (a network error or timeout is status 0). */
async function api(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; cookie?: string; ip?: string; base?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  const headers: Record<string, string> = {};
  if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
  if (opts.cookie) headers['cookie'] = opts.cookie;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${opts.base ?? stack!.gatewayUrl}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => /^cv_rt=./.test(c));
    return {
      status: res.status,
      ms: Math.round(performance.now() - started),
      body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : { text },
      ...(cookie ? { cookie } : {}),
    };
  } catch (err) {
    return { status: 0, ms: Math.round(performance.now() - started), body: { error: String(err) } };
  }
}

function kafkaAdmin(): Admin {
  return new Kafka({
    clientId: `faults-${suffix}`,
    brokers: priv!.urls.kafkaBrokers,
    logLevel: logLevel.NOTHING,
  }).admin();
}

const group = (name: string) => `e2e-${stack!.runId}.${name}`;

/** Messages of `topics` the group has not committed yet. */
async function lag(admin: Admin, groupId: string, topics: readonly string[]): Promise<number> {
  let behind = 0;
  for (const topic of topics) {
    const [high, committed] = await Promise.all([
      admin.fetchTopicOffsets(topic),
      admin.fetchOffsets({ groupId, topics: [topic] }),
    ]);
    const done = new Map(committed[0]!.partitions.map((p) => [p.partition, Number(p.offset)]));
    for (const { partition, high: h } of high) behind += Number(h) - Math.max(0, done.get(partition) ?? 0);
  }
  return behind;
}

/** How many partitions each member of a stable group owns (empty while it rebalances). */
async function assignment(admin: Admin, groupId: string): Promise<number[]> {
  const { groups } = await admin.describeGroups([groupId]);
  if (groups[0]?.state !== 'Stable') return [];
  return groups[0].members.map((m) =>
    Object.values(AssignerProtocol.MemberAssignment.decode(m.memberAssignment)?.assignment ?? {}).reduce(
      (n, partitions) => n + partitions.length,
      0,
    ),
  );
}

async function createArtifacts(owner: string, n: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await api('POST', '/api/v1/artifacts', {
      token: token(owner),
      body: { title: `${tag} ${i}`, type: 'HTML', content: `<p>${tag} ${i}</p>`, isPublic: true },
    });
    expect(r.status).toBe(201);
    ids.push((r.body['artifact'] as { id: string }).id);
  }
  return ids;
}

type Overview = { artifacts: { artifactId: string; views: number }[]; totalViews: number };
const overview = async (owner: string, base?: string) =>
  (await api('GET', '/api/v1/analytics/artifacts', { token: token(owner), ...(base ? { base } : {}) }))
    .body as unknown as Overview;
const viewsById = (o: Overview) => Object.fromEntries(o.artifacts.map((a) => [a.artifactId, a.views]));
const viewCounts = (owner: string, ids: readonly string[]) =>
  Promise.all(
    ids.map(
      async (id) =>
        (
          (await api('GET', `/api/v1/artifacts/${id}`, { token: token(owner) })).body['artifact'] as {
            viewCount?: number;
          }
        )?.viewCount ?? -1,
    ),
  );

/** `n` consented views of distinct anonymous visitors, spread evenly over `ids`. */
function viewBatches(ids: readonly string[], views: number, batch = 100): { events: object[] }[] {
  return Array.from({ length: views / batch }, (_, b) => ({
    events: Array.from({ length: batch }, (_, i) => ({
      id: randomUUID(),
      artifactId: ids[(b * batch + i) % ids.length],
      viewedAt: new Date().toISOString(),
      userAgent: 'Mozilla/5.0 (durability test)',
      sessionId: randomUUID(),
    })),
  }));
}

/** Waits until the stack answers ready again (its Redis and Kafka clients reconnected). */
async function stackReady(names: ('gateway' | 'identity' | 'analytics' | 'artifacts')[]): Promise<void> {
  await waitFor(
    async () =>
      (await Promise.all(names.map((n) => answersOk(`${stack!.serviceUrl(n)}/health/ready`)))).every(Boolean),
    Boolean,
    { timeoutMs: 60_000, intervalMs: 200, what: `${names.join(', ')} ready again` },
  );
}

beforeAll(async () => {
  priv = await startPrivateInfra(['kafka', 'mongo', 'redis']);
  stack = await startStack({
    infra: priv.urls,
    web: false,
    env: {
      // Several partitions per topic, so a second instance of a consumer has some to own.
      KAFKA_TOPIC_PARTITIONS: String(PARTITIONS),
      // The broker's minimum session: a killed instance's partitions move after ~6 s, not 30 s.
      KAFKA_CONSUMER_SESSION_TIMEOUT_MS: '6000',
      // Client IPs from X-Forwarded-For: each simulated user is its own client for the rate limits.
      TRUST_PROXY_HOPS: '1',
      TRACK_RATE_LIMIT: '100000000',
      TRACK_PUBLISH_TIMEOUT_MS: String(TRACK_DEADLINE_MS),
    },
  });
}, 240_000);

afterAll(async () => {
  console.log(`durability: ${JSON.stringify(figures)}`);
  await stack?.stop();
  await priv?.destroy();
}, 90_000);

describe('Kafka restart during view ingestion', () => {
  const VIEWS = 3_000;
  const ARTIFACTS = 6;

  it('answers 503 while the broker is away, loses nothing acknowledged and counts nothing twice', async () => {
    const owner = `kafka-owner-${suffix}`;
    const ids = await createArtifacts(owner, ARTIFACTS, 'kafka');
    // Analytics knows the artifacts (their views count at once and reach the artifacts' counts).
    await waitFor(
      () => overview(owner),
      (o) => o.artifacts?.length === ARTIFACTS,
      { timeoutMs: 30_000, intervalMs: 250, what: 'analytics to know the artifacts' },
    );
    const batches = viewBatches(ids, VIEWS);
    type Sent = Answer & { batch: number; sentAt: number };
    /** Sends the batches numbered [from, to) three at a time; every answer is kept. */
    const send = async (from: number, to: number, into: Sent[]) => {
      let next = from;
      await Promise.all(
        Array.from({ length: 3 }, async () => {
          while (next < to) {
            const batch = next++;
            const sentAt = Date.now();
            into.push({ ...(await api('POST', TRACK, { body: batches[batch] })), batch, sentAt });
          }
        }),
      );
    };
    const third = batches.length / 3;
    const before: Sent[] = [];
    const during: Sent[] = [];
    const after: Sent[] = [];

    await send(0, third, before);
    const downAt = Date.now();
    await priv!.down(['kafka']);
    const downMs = Date.now() - downAt;
    // The next third goes out while the broker is away and while it starts again.
    const outage = send(third, 2 * third, during);
    await waitFor(
      () => during.filter((a) => a.status !== 202).length,
      (n) => n >= 2,
      { timeoutMs: 60_000, what: 'requests refused during the outage' },
    );
    const upStarted = Date.now();
    await priv!.up(['kafka']);
    const upAt = Date.now();
    await outage;
    await send(2 * third, batches.length, after);
    // A careful client resends what was refused, with the same ids.
    const refused = during.filter((a) => a.status !== 202);
    for (const { batch } of refused)
      after.push({ ...(await api('POST', TRACK, { body: batches[batch] })), batch, sentAt: Date.now() });

    expect(before.filter((a) => a.status !== 202)).toEqual([]);
    // During the outage: only 202 (the broker just back) or a prompt 503, as the contract says.
    expect(during.filter((a) => a.status !== 202 && a.status !== 503)).toEqual([]);
    const refusals = during.filter((a) => a.status === 503);
    expect(refusals.length).toBeGreaterThanOrEqual(2);
    expect(refusals.every((a) => a.body['code'] === 'TRACKING_UNAVAILABLE')).toBe(true);
    expect(Math.max(...refusals.map((a) => a.ms))).toBeLessThan(PROMPT_MS);
    // After the broker is back: no 5xx, no hang.
    expect(after.filter((a) => a.status !== 202)).toEqual([]);

    const perArtifact = VIEWS / ARTIFACTS;
    const counted = await waitFor(
      () => overview(owner),
      (o) => (o.totalViews ?? 0) >= VIEWS,
      { timeoutMs: 90_000, intervalMs: 250, what: 'every view counted by analytics' },
    );
    const countedMs = Date.now() - upAt;
    await waitFor(
      () => viewCounts(owner, ids),
      (counts) => counts.every((c) => c >= perArtifact),
      { timeoutMs: 60_000, intervalMs: 250, what: "the artifacts' view counts" },
    );
    const viewCountsMs = Date.now() - upAt;

    // Nothing left to consume: the counts are final, so they must be exact, not merely enough.
    const admin = kafkaAdmin();
    await admin.connect();
    try {
      await waitFor(
        async () =>
          (await lag(admin, group('analytics.views'), [Topic.ArtifactViewed])) +
          (await lag(admin, group('artifacts.view-counts'), [Topic.ViewCountChanged])),
        (n) => n === 0,
        { timeoutMs: 30_000, intervalMs: 250, what: 'consumers caught up' },
      );
    } finally {
      await admin.disconnect();
    }
    const final = await overview(owner);
    expect(final.totalViews).toBe(VIEWS);
    expect(viewsById(final)).toEqual(Object.fromEntries(ids.map((id) => [id, perArtifact])));
    expect(counted.totalViews).toBe(VIEWS);
    expect(await viewCounts(owner, ids)).toEqual(ids.map(() => perArtifact));

    figures['kafkaRestart'] = {
      views: VIEWS,
      batches: batches.length,
      sentDuringOutage: during.length,
      refusedDuringOutage: refusals.length,
      refusalMsMax: Math.max(...refusals.map((a) => a.ms)),
      resent: refused.length,
      brokerStopMs: downMs,
      brokerStartMs: upAt - upStarted,
      brokerUpToAnalyticsExactMs: countedMs,
      brokerUpToViewCountsExactMs: viewCountsMs,
    };
  }, 240_000);
});

describe('Redis restart during sign-ins', () => {
  interface Account {
    email: string;
    ip: string;
    cookie?: string;
    token?: string;
  }
  let seq = 0;

  async function signUp(tag: string): Promise<Account> {
    const n = ++seq;
    const account = { email: `faults-${tag}-${suffix}@example.com`, ip: `198.51.100.${n}` };
    const r = await api('POST', '/api/v1/auth/sign-up', {
      ip: account.ip,
      body: {
        firstName: 'Fault',
        lastName: `Tester ${n}`,
        email: account.email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        planType: 'pro_monthly',
      },
    });
    expect(r.status).toBe(201);
    return account;
  }
  const passwordStep = (a: Account) =>
    api('POST', '/api/v1/auth/sign-in', { ip: a.ip, body: { email: a.email, password: PASSWORD } });
  async function codeStep(a: Account, code: string): Promise<Answer> {
    const r = await api('POST', '/api/v1/auth/sign-in', { ip: a.ip, body: { email: a.email, code } });
    if (r.status === 200) Object.assign(a, { cookie: r.cookie, token: r.body['token'] });
    return r;
  }
  /** Step 1 and the code it mails; expects the code to be asked for. */
  async function requestCode(a: Account): Promise<string> {
    const seen = await mailIds(stack!.mailApiUrl, a.email);
    const step1 = await passwordStep(a);
    expect([step1.status, step1.body['code']]).toEqual([200, 'VERIFICATION_CODE_REQUIRED']);
    return waitForCode(stack!.mailApiUrl, a.email, seen);
  }
  async function signIn(a: Account): Promise<void> {
    const step2 = await codeStep(a, await requestCode(a));
    expect([step2.status, step2.body['success']]).toEqual([200, true]);
    expect(a.cookie).toBeDefined();
  }
  async function refresh(a: Account): Promise<Answer> {
    const r = await api('POST', '/api/v1/auth/refresh', {
      ip: a.ip,
      ...(a.cookie ? { cookie: a.cookie } : {}),
    });
    if (r.status === 200) Object.assign(a, { cookie: r.cookie, token: r.body['token'] });
    return r;
  }
  const me = (a: Account) => api('GET', '/api/v1/me', { ip: a.ip, token: a.token! });
  async function signOut(a: Account): Promise<void> {
    const r = await api('POST', '/api/v1/auth/sign-out', { ip: a.ip, token: a.token!, cookie: a.cookie! });
    expect(r.status).toBe(200);
  }

  /** Calls during the outage: every one a prompt 503 with the error shape, none a 500 or a hang. */
  function expectCleanRefusals(answers: Answer[]): void {
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 503));
    for (const a of answers) expect(a.body).toMatchObject({ statusCode: 503, code: expect.any(String) });
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(PROMPT_MS);
  }

  /**
   * One outage: a live session, a revoked one and a pending code from before; concurrent sign-ins,
   * refreshes and code checks during it; everything checked again once the services are ready.
   */
  async function outage(tag: string, stop: () => Promise<void>): Promise<Record<string, unknown>> {
    const [live, revoked, pending, ...newcomers] = await Promise.all(
      ['live', 'revoked', 'pending', 'new1', 'new2', 'new3'].map((t) => signUp(`${tag}-${t}`)),
    );
    await Promise.all([signIn(live!), signIn(revoked!)]);
    await signOut(revoked!);
    const revokedCookie = revoked!.cookie;
    expect((await refresh(revoked!)).status).toBe(401);
    expect((await me(revoked!)).status).toBe(401);
    const code = await requestCode(pending!);
    // A shared artifact, read once anonymously so its public read sits in the Redis cache.
    const [shared] = await createArtifacts(`redis-owner-${tag}-${suffix}`, 1, 'shared');
    expect((await api('GET', `/api/v1/artifacts/${shared}`)).status).toBe(200);

    const stoppedAt = Date.now();
    await stop();
    const stopMs = Date.now() - stoppedAt;
    const [publicRead, ...duringOutage] = await Promise.all([
      api('GET', `/api/v1/artifacts/${shared}`),
      ...newcomers.map(passwordStep),
      refresh(live!),
      me(live!),
      codeStep(pending!, code),
      api('POST', TRACK, { body: viewBatches(['x'], 1, 1)[0] }),
    ]);
    expectCleanRefusals(duringOutage);
    // The read cache only costs speed: an anonymous read is answered from the database.
    expect([publicRead.status, publicRead.ms < PROMPT_MS]).toEqual([200, true]);

    const upStarted = Date.now();
    await priv!.up(['redis']);
    const upAt = Date.now();
    await stackReady(['gateway', 'identity']);
    const readyMs = Date.now() - upAt;

    // The session from before still refreshes, and its new token works.
    const refreshed = await refresh(live!);
    expect(refreshed.status).toBe(200);
    expect((await me(live!)).status).toBe(200);
    // The session revoked before is still revoked: its refresh cookie and its access token.
    expect((await refresh({ ...revoked!, cookie: revokedCookie! })).status).toBe(401);
    expect((await me(revoked!)).status).toBe(401);
    // The code mailed before the outage still signs in.
    const verified = await codeStep(pending!, code);
    expect([verified.status, verified.body['success']]).toEqual([200, true]);
    // Those refused during the outage sign in now, concurrently, and refresh.
    await Promise.all(newcomers.map(signIn));
    const refreshes = await Promise.all(newcomers.map(refresh));
    expect(refreshes.map((r) => r.status)).toEqual(newcomers.map(() => 200));
    return {
      refusedDuringOutage: duringOutage.length,
      publicReadDuringOutageMs: publicRead.ms,
      refusalMsMax: Math.max(...duringOutage.map((a) => a.ms)),
      redisStopMs: stopMs,
      redisStartMs: upAt - upStarted,
      redisUpToServicesReadyMs: readyMs,
    };
  }

  it('clean stop: sessions, revocations and pending codes survive; 503s during, no 5xx after', async () => {
    figures['redisRestart'] = await outage('down', () => priv!.down(['redis']));
  }, 120_000);

  it('SIGKILL: the same after Redis is killed and started again (append-only file)', async () => {
    // Requests go out the moment the process is gone, before anyone has noticed.
    figures['redisKill9'] = await outage('kill9', () => Promise.resolve(priv!.kill9('redis')));
  }, 120_000);
});

describe('scale-out: a second instance takes over the partitions of a killed one', () => {
  const VIEWS = 2_000;
  const ARTIFACTS = 4;
  const USERS = 16;
  const UPLOADS = 2;
  const ONBOARDING_TOPICS = [
    Topic.TrialStarted,
    Topic.SubscriptionCanceled,
    Topic.ArtifactCreated,
    Topic.ArtifactShared,
    Topic.ProfileUpdated,
  ];
  const DAY = 86_400_000;
  const billing = new EventFactory(productEventCatalog, 'billing');

  it('counts stay exact and each onboarding event is applied once after one instance is SIGKILLed', async () => {
    const admin = kafkaAdmin();
    const kafka = new Kafka({
      clientId: `faults-p-${suffix}`,
      brokers: priv!.urls.kafkaBrokers,
      logLevel: logLevel.NOTHING,
    });
    const producer = kafka.producer({ maxInFlightRequests: 1 });
    const db = mongoose.createConnection(priv!.urls.mongoUrl, {
      dbName: `cv_e2e_${stack!.runId}_onboarding`,
    });
    await Promise.all([admin.connect(), producer.connect(), db.asPromise()]);
    try {
      // Every topic has several partitions (KAFKA_TOPIC_PARTITIONS), so two instances share them.
      const { topics } = await admin.fetchTopicMetadata({
        topics: [Topic.ArtifactViewed, ...ONBOARDING_TOPICS],
      });
      expect(topics.map((t) => t.partitions.length)).toEqual(topics.map(() => PARTITIONS));

      const owner = `scale-owner-${suffix}`;
      const ids = await createArtifacts(owner, ARTIFACTS, 'scale');
      await waitFor(
        () => overview(owner),
        (o) => o.artifacts?.length === ARTIFACTS,
        { timeoutMs: 30_000, intervalMs: 250, what: 'analytics to know the artifacts' },
      );

      const started = Date.now();
      const [analytics2, onboarding2] = await Promise.all([
        stack!.startInstance('analytics', 'analytics#2'),
        stack!.startInstance('onboarding', 'onboarding#2'),
      ]);
      const groups = { views: group('analytics.views'), onboarding: group('onboarding.events') };
      const spread = (groupId: string) =>
        waitFor(
          () => assignment(admin, groupId),
          (m) => m.length === 2 && m.every((n) => n > 0),
          { timeoutMs: 60_000, intervalMs: 250, what: `${groupId} spread over two instances` },
        );
      await Promise.all([spread(groups.views), spread(groups.onboarding)]);
      const joinMs = Date.now() - started;

      // The load: views through the gateway; per user a trial (as billing publishes it) and two
      // uploads through the API (the artifacts service's events reach onboarding's milestones).
      const batches = viewBatches(ids, VIEWS);
      const users = Array.from({ length: USERS }, (_, i) => `scale-user-${suffix}-${i}`);
      const accepted: number[] = [];
      const load = async (part: 0 | 1) => {
        const mine = <T>(list: T[]) => list.slice((part * list.length) / 2, ((part + 1) * list.length) / 2);
        const now = Date.now();
        await Promise.all([
          (async () => {
            for (const body of mine(batches)) accepted.push((await api('POST', TRACK, { body })).status);
          })(),
          producer.send({
            topic: Topic.TrialStarted,
            acks: -1,
            messages: mine(users).map((u) =>
              toKafkaMessage(
                billing.create(
                  Topic.TrialStarted,
                  {
                    userId: u,
                    email: `${u}@example.test`,
                    stripeCustomerId: `cus_${u}`,
                    subscriptionId: `sub_${u}`,
                    effectiveAt: new Date(now).toISOString(),
                    planType: 'Pro',
                    trialEnd: new Date(now + 90 * DAY).toISOString(),
                  },
                  { key: u },
                ).envelope,
              ),
            ),
          }),
          Promise.all(mine(users).map((u) => createArtifacts(u, UPLOADS, 'upload'))),
        ]);
      };

      await load(0);
      // One instance of each dies of SIGKILL in the middle of the second half, offsets uncommitted.
      let killedAt = 0;
      await Promise.all([
        load(1),
        (async () => {
          await waitFor(
            () => accepted.length,
            (n) => n >= batches.length / 2 + 2,
            { timeoutMs: 30_000, what: 'the second half under way' },
          );
          killedAt = Date.now();
          await Promise.all([stack!.kill('analytics', 'SIGKILL'), stack!.kill('onboarding', 'SIGKILL')]);
        })(),
      ]);
      expect(accepted).toEqual(batches.map(() => 202));

      // The survivor owns every partition once the dead member's session has expired.
      const alone = (groupId: string, partitions: number) =>
        waitFor(
          () => assignment(admin, groupId),
          (m) => m.length === 1 && m[0] === partitions,
          { timeoutMs: 90_000, intervalMs: 250, what: `${groupId} taken over by the survivor` },
        );
      await Promise.all([
        alone(groups.views, PARTITIONS),
        alone(groups.onboarding, PARTITIONS * ONBOARDING_TOPICS.length),
      ]);
      const takeoverMs = Date.now() - killedAt;

      const perArtifact = VIEWS / ARTIFACTS;
      await waitFor(
        () => overview(owner, analytics2),
        (o) => (o.totalViews ?? 0) >= VIEWS,
        { timeoutMs: 60_000, intervalMs: 250, what: 'every view counted by the survivor' },
      );
      await waitFor(
        () => viewCounts(owner, ids),
        (counts) => counts.every((c) => c >= perArtifact),
        { timeoutMs: 60_000, intervalMs: 250, what: "the artifacts' view counts" },
      );
      const countedMs = Date.now() - killedAt;
      await waitFor(
        async () =>
          (await lag(admin, groups.views, [Topic.ArtifactViewed])) +
          (await lag(admin, group('artifacts.view-counts'), [Topic.ViewCountChanged])) +
          (await lag(admin, groups.onboarding, ONBOARDING_TOPICS)),
        (n) => n === 0,
        { timeoutMs: 60_000, intervalMs: 250, what: 'consumers caught up' },
      );
      const final = await overview(owner, analytics2);
      expect(viewsById(final)).toEqual(Object.fromEntries(ids.map((id) => [id, perArtifact])));
      expect(await viewCounts(owner, ids)).toEqual(ids.map(() => perArtifact));

      // Onboarding, through the survivor's API: every first upload reached, every trial scheduled
      // exactly once (4 check-ins each)…
      const progress = await Promise.all(
        users.map(
          async (u) =>
            (await api('GET', '/api/v1/onboarding/milestones', { token: token(u), base: onboarding2 }))
              .body as { milestones?: { key: string; reachedAt: string | null }[] },
        ),
      );
      for (const p of progress)
        expect(p.milestones?.find((m) => m.key === 'first_upload')?.reachedAt).toEqual(expect.any(String));
      const queue = await api('GET', '/api/v1/onboarding/admin/queue', {
        token: token(`admin-${suffix}`, { adm: true }),
        base: onboarding2,
      });
      expect(queue.body['counts']).toMatchObject({ delayed: USERS * 4, failed: 0 });
      // …and in its database each event applied once: one activity entry per upload, the trial
      // dates set, no event id twice.
      const docs = await db
        .collection<{ _id: string }>('onboarding_users')
        .find({ _id: { $in: users } })
        .toArray();
      expect(docs).toHaveLength(USERS);
      for (const doc of docs as unknown as Record<string, unknown[] | string | null>[]) {
        const applied = doc['_appliedEvents'] as string[];
        expect({
          user: doc['_id'],
          email: doc['email'],
          activity: doc['activity']?.length,
          jobs: doc['scheduledJobs']?.length,
          events: applied.length,
          distinct: new Set(applied).size,
        }).toEqual({
          user: doc['_id'],
          email: `${String(doc['_id'])}@example.test`,
          activity: UPLOADS,
          jobs: 4,
          events: 1 + UPLOADS,
          distinct: 1 + UPLOADS,
        });
      }

      figures['scaleOut'] = {
        partitionsPerTopic: PARTITIONS,
        views: VIEWS,
        onboardingEvents: USERS * (1 + UPLOADS),
        secondInstancesJoinedMs: joinMs,
        killToTakeoverMs: takeoverMs,
        killToCountsExactMs: countedMs,
      };
    } finally {
      await Promise.all([admin.disconnect(), producer.disconnect(), db.close()]);
    }
  }, 240_000);
});
