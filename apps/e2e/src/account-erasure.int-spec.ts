/**
 * Account deletion across the services (issue #17 item 5), through the gateway of a real stack
 * (every service from its dist, local Kafka, MongoDB, Redis, mail sink and stripe-mock): a trial
 * user with public and private artifacts, versions, a collection, views and a milestone takes the
 * data export, deletes the account with the e-mailed code (a wrong code first changes nothing),
 * and then no database of the stack and no Redis key holds the user's id or e-mail; the public
 * link answers 404; the event replayed twice (same id, new id) changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { type Redis as RedisClient, Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import { Topic, deadLetterTopic } from '@core-vault/contracts';
import { testInfra, topicEnds, uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { mailIds, waitForCode } from './support/mail';
import { type Stack, startStack } from './support/stack';

const SERVICES = ['identity', 'billing', 'artifacts', 'analytics', 'onboarding'] as const;
const PASSWORD = 'erasure correct horse';
const run = uniqueSuffix(3);
const email = `erase-me-${run}@example.com`;
const VIEWS = 4;

let stack: Stack;
let mongo: MongoClient;
let redis: RedisClient;
const infra = testInfra();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked by the assertions
type Body = any;
interface Answer {
  status: number;
  body: Body;
  setCookie: string[];
}

async function call(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; cookie?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  if (options.cookie) headers['cookie'] = options.cookie;
  const res = await fetch(`${stack.gatewayUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let body: Body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the failure message
  }
  return { status: res.status, body, setCookie: res.headers.getSetCookie() };
}

async function ok(answer: Promise<Answer>, status: number, what: string): Promise<Body> {
  const a = await answer;
  if (a.status !== status)
    throw new Error(`${what}: expected ${status}, got ${a.status} ${JSON.stringify(a.body).slice(0, 500)}`);
  return a.body;
}

const refreshCookie = (a: Answer) =>
  a.setCookie.map((c) => c.split(';')[0] ?? '').find((c) => /^[^=]+=.+/.test(c)) ?? '';

async function signIn(): Promise<{ token: string; cookie: string; userId: string }> {
  const seen = await mailIds(stack.mailApiUrl, email);
  await ok(call('POST', '/api/v1/auth/sign-in', { body: { email, password: PASSWORD } }), 200, 'password');
  const code = await waitForCode(stack.mailApiUrl, email, seen);
  const a = await call('POST', '/api/v1/auth/sign-in', { body: { email, code } });
  if (a.status !== 200) throw new Error(`sign-in code: ${a.status} ${JSON.stringify(a.body)}`);
  return { token: a.body.token, cookie: refreshCookie(a), userId: a.body.user.id };
}

/** Every document of every service database of this stack, and every Redis key, naming the user. */
async function traces(userId: string): Promise<string[]> {
  const found: string[] = [];
  for (const service of SERVICES) {
    const db = mongo.db(`cv_e2e_${stack.runId}_${service}`);
    for (const { name } of await db.listCollections().toArray()) {
      for (const doc of await db.collection(name).find({}).toArray()) {
        const text = JSON.stringify(doc);
        if (text.includes(userId) || text.includes(email))
          found.push(`${service}.${name}: ${text.slice(0, 300)}`);
      }
    }
  }
  for await (const keys of redis.scanStream({ count: 1000 }) as AsyncIterable<string[]>) {
    for (const key of keys) {
      if (key.includes(userId) || key.includes(email)) {
        found.push(`redis key ${key}`);
        continue;
      }
      // Values only under the prefixes of this stack and the services' shared ones.
      if (!/^(auth:|billing:|artifacts:|cooldown:|identity:)/.test(key) && !key.includes(stack.runId))
        continue;
      const type = await redis.type(key);
      const value =
        type === 'string'
          ? await redis.get(key)
          : type === 'hash'
            ? JSON.stringify(await redis.hgetall(key))
            : type === 'set'
              ? JSON.stringify(await redis.smembers(key))
              : type === 'list'
                ? JSON.stringify(await redis.lrange(key, 0, -1))
                : type === 'zset'
                  ? JSON.stringify(await redis.zrange(key, 0, -1))
                  : '';
      if (value && (value.includes(userId) || value.includes(email)))
        found.push(`redis ${key}: ${value.slice(0, 200)}`);
    }
  }
  return found;
}

/** Waits until every erasure group has consumed everything on the topic. */
async function consumed(): Promise<void> {
  const admin = new Kafka({
    clientId: `erasure-${run}`,
    brokers: infra.kafkaBrokers,
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    // The probe names the groups still behind, so a timeout says which service's consumer lagged.
    await waitFor(
      async () => {
        const high = await topicEnds(admin, Topic.UserDeleted);
        const behind: string[] = [];
        for (const service of SERVICES) {
          const [committed] = await admin.fetchOffsets({
            groupId: `e2e-${stack.runId}.${service}.user-deleted`,
            topics: [Topic.UserDeleted],
          });
          for (const p of high) {
            const c = committed?.partitions.find((x) => x.partition === p.partition)?.offset ?? '-1';
            // A partition that never held an event has no committed offset (-1) and nothing to
            // read: on a fresh broker the topic is created by this very stack, so some are empty.
            const empty = p.high === p.low;
            if (!empty && Number(c) < Number(p.high))
              behind.push(`${service} p${p.partition} ${c}/${p.high}`);
          }
        }
        return behind;
      },
      (behind) => behind.length === 0,
      { timeoutMs: 60_000, intervalMs: 250, what: 'every erasure group at the end of the topic' },
    );
  } finally {
    await admin.disconnect();
  }
}

beforeAll(async () => {
  stack = await startStack({ web: false, env: { PASSWORD_SCRYPT_LOG_N: '14' } });
  mongo = await MongoClient.connect(infra.mongoUrl);
  redis = new Redis(infra.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
}, 420_000);

afterAll(async () => {
  redis?.disconnect();
  await mongo?.close();
  await stack?.stop();
});

it('erases the user in every service after the export had everything', async () => {
  // ---- a trial user with everything there is ----
  await ok(
    call('POST', '/api/v1/auth/sign-up', {
      body: {
        firstName: 'Erin',
        lastName: 'Rasure',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        planType: 'pro_monthly',
      },
    }),
    201,
    'sign-up',
  );
  const first = await signIn();
  const { userId } = first;
  await ok(
    call('POST', '/api/v1/billing/trial', {
      token: first.token,
      body: {
        planType: 'pro_monthly',
        paymentMethodId: 'pm_card_visa',
        firstName: 'Erin',
        lastName: 'Rasure',
      },
    }),
    200,
    'trial',
  );
  await waitFor(
    () => call('GET', '/api/v1/me', { token: first.token }),
    (a) => a.body.subscriptionStatus === 'TRIAL',
    { timeoutMs: 30_000, intervalMs: 200, what: 'TRIAL in identity' },
  );
  const refreshed = await ok(call('POST', '/api/v1/auth/refresh', { cookie: first.cookie }), 200, 'refresh');
  const token: string = refreshed.token;

  const create = async (title: string, isPublic: boolean) =>
    (
      await ok(
        call('POST', '/api/v1/artifacts', {
          token,
          body: { title, type: 'MARKDOWN', content: `# ${title} v1 ${run}`, tags: ['erasure'], isPublic },
        }),
        201,
        `create ${title}`,
      )
    ).artifact.id as string;
  const publicId = await create(`Public ${run}`, true);
  const privateId = await create(`Private ${run}`, false);
  await ok(
    call('PATCH', `/api/v1/artifacts/${publicId}`, { token, body: { content: `# v2 ${run}` } }),
    200,
    'version',
  );
  const collection = await ok(
    call('POST', '/api/v1/collections', { token, body: { name: `Mine ${run}` } }),
    201,
    'collection',
  );
  await ok(
    call('PUT', `/api/v1/collections/${collection.collection.id}/artifacts/${privateId}`, { token }),
    200,
    'add',
  );
  await ok(
    call('POST', '/api/v1/onboarding/milestones/profile_customized', { token, body: {} }),
    200,
    'milestone',
  );
  await ok(
    call('POST', '/api/v1/analytics/track-views', {
      body: {
        events: Array.from({ length: VIEWS }, (_, i) => ({
          id: `erasure-${run}-${i}`,
          artifactId: publicId,
          viewedAt: new Date().toISOString(),
          userAgent: 'erasure-test',
          sessionId: `erasure-session-${run}-${i}`,
        })),
      },
    }),
    202,
    'views',
  );
  // The views reach the artifact's count through analytics' event.
  await waitFor(
    () => call('GET', `/api/v1/artifacts/${publicId}`, { token }),
    (a) => a.body.artifact?.viewCount === VIEWS,
    { timeoutMs: 45_000, intervalMs: 250, what: `viewCount ${VIEWS}` },
  );
  expect((await call('GET', `/api/v1/artifacts/${publicId}`)).status).toBe(200);

  // ---- the export has everything ----
  // The document itself is the answer (an attachment).
  const exported = await ok(call('GET', '/api/v1/billing/export', { token }), 200, 'export');
  const text = JSON.stringify(exported);
  expect(text).toContain(email);
  expect(text).toContain(publicId);
  expect(text).toContain(privateId);
  expect(exported.billing.subscriptions.length).toBeGreaterThan(0);
  expect(exported.analytics.totalViews).toBe(VIEWS);
  const onboarding = await ok(call('GET', '/api/v1/onboarding/milestones', { token }), 200, 'milestones');
  expect(JSON.stringify(onboarding)).toContain('profile_customized');

  // The probe sees the user in every service before the deletion (so its empty answer later counts).
  const before = await traces(userId);
  for (const service of SERVICES) expect(before.some((t) => t.startsWith(`${service}.`))).toBe(true);
  expect(before.some((t) => t.startsWith('redis'))).toBe(true);

  // ---- deletion: the code, a wrong one first ----
  const seen = await mailIds(stack.mailApiUrl, email);
  const requested = await ok(call('POST', '/api/v1/account/deletion/request', { token }), 200, 'request');
  expect(requested.cancels).toBe('trial');
  const code = await waitForCode(stack.mailApiUrl, email, seen);
  const wrong = code === '000000' ? '111111' : '000000';
  const refused = await call('POST', '/api/v1/account/deletion/confirm', { token, body: { code: wrong } });
  expect(refused.status).toBe(400);
  expect((await call('GET', '/api/v1/me', { token })).status).toBe(200);
  const done = await call('POST', '/api/v1/account/deletion/confirm', { token, body: { code } });
  expect(done.status).toBe(200);
  expect(done.setCookie.join(';')).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
  expect((await call('GET', '/api/v1/me', { token })).status).toBe(401);
  expect((await call('POST', '/api/v1/auth/sign-in', { body: { email, password: PASSWORD } })).status).toBe(
    401,
  );

  // ---- nothing of the user anywhere ----
  await waitFor(
    () => call('GET', `/api/v1/artifacts/${publicId}`),
    (a) => a.status === 404,
    {
      timeoutMs: 15_000,
      intervalMs: 100,
      what: 'the public link answers 404',
    },
  );
  await consumed();
  await waitFor(
    () => traces(userId),
    (t) => t.length === 0,
    {
      timeoutMs: 20_000,
      intervalMs: 500,
      what: 'no trace of the user',
    },
  );

  // ---- the event again, twice: the same id (dropped) and a new one (finds nothing) ----
  const kafka = new Kafka({
    clientId: `erasure-${run}`,
    brokers: infra.kafkaBrokers,
    logLevel: logLevel.NOTHING,
  });
  const producer = kafka.producer();
  await producer.connect();
  const envelope = (id: string) => ({
    key: userId,
    value: JSON.stringify({
      id,
      type: 'identity.user-deleted',
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'identity',
      key: userId,
      data: { userId, email, deletedAt: new Date().toISOString() },
    }),
  });
  const replayId = randomUUID();
  await producer.send({
    topic: Topic.UserDeleted,
    messages: [envelope(replayId), envelope(replayId), envelope(randomUUID())],
  });
  await producer.disconnect();
  await consumed();
  expect(await traces(userId)).toEqual([]);
  expect((await call('GET', `/api/v1/artifacts/${publicId}`)).status).toBe(404);
  // No handler failed on the replays: nothing of the user reached the dead-letter topic.
  const admin = kafka.admin();
  await admin.connect();
  const dlq = (await admin.listTopics()).includes(deadLetterTopic(Topic.UserDeleted))
    ? await admin.fetchTopicOffsets(deadLetterTopic(Topic.UserDeleted))
    : [];
  await admin.disconnect();
  const dead = await readKeys(kafka, deadLetterTopic(Topic.UserDeleted), dlq);
  expect(dead).not.toContain(userId);
}, 240_000);

/** The keys of every message on a topic up to the given high-water marks. */
async function readKeys(
  kafka: Kafka,
  topic: string,
  high: { partition: number; high: string; low: string }[],
): Promise<string[]> {
  const pending = high.filter((p) => Number(p.high) > Number(p.low));
  if (pending.length === 0) return [];
  const consumer = kafka.consumer({ groupId: `erasure-dlq-${run}-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const keys: string[] = [];
  const left = new Map(pending.map((p) => [p.partition, Number(p.high)]));
  await new Promise<void>((resolve, reject) => {
    consumer
      .run({
        eachMessage: ({ partition, message }) => {
          keys.push(message.key?.toString() ?? '');
          if (Number(message.offset) + 1 >= (left.get(partition) ?? 0)) left.delete(partition);
          if (left.size === 0) resolve();
          return Promise.resolve();
        },
      })
      .catch(reject);
  });
  await consumer.disconnect();
  return keys;
}
