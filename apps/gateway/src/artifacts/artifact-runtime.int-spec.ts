/**
 * The artifact runtime (window.storage, window.claude.complete) end to end: the real artifacts
 * service and gateway from their entry points, real MongoDB, Redis and Kafka, and a local fake
 * model server speaking both provider protocols. Three artifacts instances share one database:
 * Anthropic wire (A), OpenAI wire (B), AI not configured (C), each behind its own gateway.
 */
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import { RUNTIME_MESSAGES, Topic } from '@core-vault/contracts';
import {
  FAKE_MODEL_SECRET_ERROR,
  type FakeModelServer,
  SERVICE_BOOT_TIMEOUT_MS,
  ServiceStack,
  devTokenFor,
  startFakeModelServer,
  testInfra,
  uniqueSuffix,
  waitFor,
} from '@core-vault/platform/testing';

const infra = testInfra();
const suffix = uniqueSuffix();
const WEB_ORIGIN = 'http://127.0.0.1:4200';
const EMBED_ORIGIN = 'http://abc.localhost:4300';
const API_KEY = `sk-test-${uniqueSuffix(8)}`;
const MONGO_DB = `cv_test_runtime_${suffix}`;
const STORAGE_PER_MINUTE = 40;
const stack = new ServiceStack();
let model: FakeModelServer;
const gw = { anthropic: '', openai: '', none: '' };

beforeAll(async () => {
  model = await startFakeModelServer();
  const common = {
    REDIS_URL: infra.redisUrl,
    MONGO_URL: infra.mongoUrl,
    MONGO_DB,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    WEB_ORIGIN,
    RUNTIME_STORAGE_CALLS_PER_MINUTE: String(STORAGE_PER_MINUTE),
    AI_CALLS_PER_ARTIFACT_PER_DAY: '4',
    AI_TIMEOUT_MS: '1500',
  };
  // One after the other: the first boot creates the database's indexes and the test groups.
  const a = await stack.boot('artifacts', {
    ...common,
    AI_PROVIDER: 'anthropic',
    AI_BASE_URL: model.url,
    AI_API_KEY: API_KEY,
    AI_MODEL: 'claude-test',
  });
  const [b, c] = await Promise.all([
    stack.boot('artifacts', {
      ...common,
      AI_PROVIDER: 'openai',
      AI_BASE_URL: `${model.url}/`,
      AI_MODEL: 'llama',
    }),
    stack.boot('artifacts', { ...common, AI_PROVIDER: 'none' }),
  ]);
  const gateway = (artifacts: string) =>
    stack.boot('gateway', {
      REDIS_URL: infra.redisUrl,
      ARTIFACTS_URL: artifacts,
      WEB_ORIGIN,
      RATE_LIMIT_NAMESPACE: `rl:test:${suffix}`,
    });
  [gw.anthropic, gw.openai, gw.none] = await Promise.all([gateway(a), gateway(b), gateway(c)]);
}, 3 * SERVICE_BOOT_TIMEOUT_MS);

afterAll(async () => {
  await stack.stop();
  await model?.close();
  const conn = await mongoose.createConnection(infra.mongoUrl, { dbName: MONGO_DB }).asPromise();
  await conn.dropDatabase();
  await conn.close();
});

const owner = `rt-owner-${suffix}`;
const viewer = `rt-viewer-${suffix}`;
const A = devTokenFor(owner);
const B = devTokenFor(viewer);

interface Res {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

async function call(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; base?: string } = {},
): Promise<Res> {
  const headers: Record<string, string> = {
    origin: WEB_ORIGIN,
    'sec-fetch-site': 'same-origin',
    ...opts.headers,
  };
  if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${opts.base ?? gw.anthropic}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = {};
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** As an embed on its own origin calls: anonymous, cross-origin, no credentials. */
const embedHeaders = { origin: EMBED_ORIGIN, 'sec-fetch-site': 'cross-site' };

async function artifact(isPublic = true, token = A): Promise<string> {
  const res = await call('POST', '/api/v1/artifacts', {
    token,
    body: { title: 'runtime test', type: 'HTML', content: '<p>app</p>', isPublic },
  });
  expect(res.status).toBe(201);
  return res.body.artifact.id as string;
}

const storage = (id: string, scope: string, key?: string) =>
  `/api/v1/artifacts/${id}/storage/${scope}${key === undefined ? '' : `/${encodeURIComponent(key)}`}`;

async function db() {
  return mongoose.createConnection(infra.mongoUrl, { dbName: MONGO_DB }).asPromise();
}

async function publish(topic: Topic, key: string, data: Record<string, unknown>): Promise<void> {
  const kafka = new Kafka({
    clientId: 'runtime-test',
    brokers: infra.kafkaBrokers,
    logLevel: logLevel.NOTHING,
  });
  const producer = kafka.producer();
  await producer.connect();
  const envelope = {
    id: randomUUID(),
    type: topic.replace(/\.v1$/, ''),
    version: 1,
    occurredAt: new Date().toISOString(),
    producer: 'identity',
    key,
    data,
  };
  await producer.send({ topic, messages: [{ key, value: JSON.stringify(envelope) }] });
  await producer.disconnect();
}

describe('window.storage', () => {
  it('keeps personal data per (artifact, user): the viewer’s own, not even the owner sees it', async () => {
    const id = await artifact();
    const put = await call('PUT', storage(id, 'personal', 'draft'), { token: B, body: { value: 'mine' } });
    expect([put.status, put.body]).toEqual([200, { key: 'draft', value: 'mine', shared: false }]);
    expect((await call('GET', storage(id, 'personal', 'draft'), { token: B })).body.value).toBe('mine');
    const ownerRead = await call('GET', storage(id, 'personal', 'draft'), { token: A });
    expect([ownerRead.status, ownerRead.body.code]).toEqual([404, 'STORAGE_KEY_NOT_FOUND']);
    expect((await call('GET', storage(id, 'personal'), { token: A })).body).toEqual({
      keys: [],
      prefix: null,
      shared: false,
    });
    const anon = await call('GET', storage(id, 'personal', 'draft'), { headers: embedHeaders });
    expect([anon.status, anon.body.code, anon.body.message]).toEqual([
      401,
      'STORAGE_SIGN_IN_REQUIRED',
      RUNTIME_MESSAGES.signInRequired,
    ]);
    const del = await call('DELETE', storage(id, 'personal', 'draft'), { token: B });
    expect(del.body).toEqual({ key: 'draft', deleted: true, shared: false });
    expect((await call('DELETE', storage(id, 'personal', 'draft'), { token: B })).body.deleted).toBe(false);
  });

  it('shares one store per artifact; anonymous writes only when the owner allows them', async () => {
    const id = await artifact();
    await call('PUT', storage(id, 'shared', 'votes:a'), { token: B, body: { value: '1' } });
    await call('PUT', storage(id, 'shared', 'votes:b'), { token: A, body: { value: '2' } });
    await call('PUT', storage(id, 'shared', 'other'), { token: A, body: { value: 'x' } });
    const listed = await call('GET', `${storage(id, 'shared')}?prefix=votes:`, { headers: embedHeaders });
    expect(listed.body).toEqual({ keys: ['votes:a', 'votes:b'], prefix: 'votes:', shared: true });
    expect(listed.headers.get('access-control-allow-origin')).toBe('*');

    const refused = await call('PUT', storage(id, 'shared', 'votes:c'), {
      headers: embedHeaders,
      body: { value: '3' },
    });
    expect([refused.status, refused.body.code]).toEqual([403, 'STORAGE_ANONYMOUS_WRITES_OFF']);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect((await call('GET', `/api/v1/artifacts/${id}/runtime`, { token: B })).status).toBe(404);
    const patched = await call('PATCH', `/api/v1/artifacts/${id}/runtime`, {
      token: A,
      body: { anonymousSharedWrites: true },
    });
    expect(patched.body.settings).toEqual({ anonymousSharedWrites: true, aiCalls: true });
    const allowed = await call('PUT', storage(id, 'shared', 'votes:c'), {
      headers: embedHeaders,
      body: { value: '3' },
    });
    expect([allowed.status, allowed.body]).toEqual([200, { key: 'votes:c', value: '3', shared: true }]);
    // Last write wins.
    await call('PUT', storage(id, 'shared', 'votes:c'), { token: B, body: { value: '4' } });
    expect((await call('GET', storage(id, 'shared', 'votes:c'), { headers: embedHeaders })).body.value).toBe(
      '4',
    );

    await call('PUT', storage(id, 'personal', 'p'), { token: B, body: { value: 'abc' } });
    const overview = await call('GET', `/api/v1/artifacts/${id}/runtime`, { token: A });
    expect(overview.body).toEqual({
      settings: { anonymousSharedWrites: true, aiCalls: true },
      // Bytes: keys and values in UTF-8 (votes:a+1, votes:b+2, other+x, votes:c+4).
      storage: { sharedKeys: 4, sharedBytes: 8 + 8 + 6 + 8, personalViewers: 1, personalBytes: 4 },
      ai: { configured: true, callsToday: 0 },
    });
    expect((await call('DELETE', storage(id, 'shared'), { token: B })).status).toBe(404);
    expect((await call('DELETE', storage(id, 'shared'), { token: A })).status).toBe(204);
    expect((await call('GET', storage(id, 'shared'), { token: A })).body.keys).toEqual([]);
  });

  it('refuses a private artifact to everyone but its owner, as the artifact read does', async () => {
    const id = await artifact(false);
    expect((await call('PUT', storage(id, 'shared', 'k'), { token: A, body: { value: 'v' } })).status).toBe(
      200,
    );
    for (const opts of [{ token: B }, { headers: embedHeaders }]) {
      const res = await call('GET', storage(id, 'shared', 'k'), opts);
      expect([res.status, res.body.code]).toEqual([403, 'ARTIFACT_PRIVATE']);
    }
    const unknown = await call('GET', storage('a'.repeat(24), 'shared', 'k'), { token: B });
    expect(unknown.status).toBe(404);
    expect((await call('GET', storage(id, 'elsewhere', 'k'), { token: A })).status).toBe(400);
  });

  it('applies Claude’s limits: key rules, 5 MB per value, 20 MB per store', async () => {
    const id = await artifact();
    for (const [key, message] of [
      ['has space', RUNTIME_MESSAGES.keyWhitespace],
      ['quote"d', RUNTIME_MESSAGES.keyForbidden],
      ['k'.repeat(200), RUNTIME_MESSAGES.keyTooLong],
    ] as const) {
      const res = await call('PUT', storage(id, 'shared', key), { token: A, body: { value: 'v' } });
      expect([res.status, res.body.code, res.body.message]).toEqual([400, 'STORAGE_KEY_INVALID', message]);
    }
    expect((await call('PUT', storage(id, 'shared', 'k'), { token: A, body: { value: 1 } })).status).toBe(
      400,
    );

    const fiveMb = 'x'.repeat(5 * 1024 * 1024);
    const over = await call('PUT', storage(id, 'shared', 'big'), { token: A, body: { value: `${fiveMb}y` } });
    expect([over.status, over.body.code]).toEqual([413, 'STORAGE_VALUE_TOO_LARGE']);
    // Multi-byte text counts in UTF-8 bytes: 2 bytes each, over 5 MB in fewer characters.
    const wide = await call('PUT', storage(id, 'shared', 'wide'), {
      token: A,
      body: { value: 'é'.repeat(3 * 1024 * 1024) },
    });
    expect(wide.body.code).toBe('STORAGE_VALUE_TOO_LARGE');
    for (const key of ['b1', 'b2', 'b3']) {
      const ok = await call('PUT', storage(id, 'shared', key), { token: A, body: { value: fiveMb } });
      expect(ok.status).toBe(200);
    }
    // 15 MB + keys stored: a fourth 5 MB value would pass 20 MB.
    const full = await call('PUT', storage(id, 'shared', 'b4'), { token: A, body: { value: fiveMb } });
    expect([full.status, full.body.code, full.body.message]).toEqual([
      413,
      'STORAGE_QUOTA_EXCEEDED',
      RUNTIME_MESSAGES.quotaExceeded,
    ]);
    // Overwriting in place and shrinking are allowed; freed space can be used again.
    expect(
      (await call('PUT', storage(id, 'shared', 'b3'), { token: A, body: { value: 'small' } })).status,
    ).toBe(200);
    expect(
      (await call('PUT', storage(id, 'shared', 'b4'), { token: A, body: { value: fiveMb } })).status,
    ).toBe(200);
    const got = await call('GET', storage(id, 'shared', 'b4'), { headers: embedHeaders });
    expect(got.body.value.length).toBe(fiveMb.length);
    const usage = (await call('GET', `/api/v1/artifacts/${id}/runtime`, { token: A })).body.storage;
    // b1, b2, b4 of 5 MB and b3 = 'small', keys included: the counter follows every overwrite.
    expect(usage.sharedBytes).toBe(3 * (fiveMb.length + 2) + 'b3small'.length);
  });

  it('rate-limits storage calls per viewer and artifact with 429 and Retry-After', async () => {
    const id = await artifact();
    const statuses: number[] = [];
    for (let i = 0; i < STORAGE_PER_MINUTE; i++)
      statuses.push((await call('GET', storage(id, 'shared'), { headers: embedHeaders })).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const limited = await call('GET', storage(id, 'shared'), { headers: embedHeaders });
    expect([limited.status, limited.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
    // Another viewer (signed in) has a budget of their own.
    expect((await call('GET', storage(id, 'shared'), { token: B })).status).toBe(200);
  });

  it('answers CORS preflights from embed origins on the viewer calls only', async () => {
    const id = await artifact();
    const preflight = await fetch(`${gw.anthropic}${storage(id, 'shared', 'k')}`, {
      method: 'OPTIONS',
      headers: {
        origin: EMBED_ORIGIN,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const complete = await fetch(`${gw.anthropic}/api/v1/artifacts/${id}/complete`, {
      method: 'OPTIONS',
      headers: { origin: EMBED_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(complete.headers.get('access-control-allow-origin')).toBe('*');
    // The owner's calls stay same-origin only.
    const owners = await call('GET', `/api/v1/artifacts/${id}/runtime`, { token: A, headers: embedHeaders });
    expect(owners.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('is deleted with its artifact', async () => {
    const id = await artifact();
    await call('PUT', storage(id, 'shared', 'k'), { token: A, body: { value: 'v' } });
    await call('PUT', storage(id, 'personal', 'k'), { token: B, body: { value: 'v' } });
    await call('PATCH', `/api/v1/artifacts/${id}/runtime`, { token: A, body: { aiCalls: false } });
    const usage = (await call('GET', `/api/v1/artifacts/${id}/runtime`, { token: A })).body;
    expect([usage.storage.sharedKeys, usage.storage.personalViewers, usage.settings.aiCalls]).toEqual([
      1,
      1,
      false,
    ]);
    expect((await call('DELETE', `/api/v1/artifacts/${id}`, { token: A })).status).toBe(200);
    expect((await call('GET', storage(id, 'shared', 'k'))).status).toBe(404);
    // Kept while in the trash (a restore brings it back); deleted for good, it goes.
    expect((await call('DELETE', `/api/v1/artifacts/trash/${id}`, { token: A })).status).toBe(200);
    const conn = await db();
    try {
      const left = () =>
        Promise.all(
          ['artifact_runtime_entries', 'artifact_runtime_stores'].map((c) =>
            conn.collection(c).countDocuments({ artifactId: id }),
          ),
        ).then(
          async (n) =>
            n[0]! +
            n[1]! +
            (await conn.collection('artifact_runtime_settings').countDocuments({ _id: id as never })),
        );
      await waitFor(left, (n) => n === 0, {
        timeoutMs: 20_000,
        what: 'runtime data of the deleted artifact gone',
      });
    } finally {
      await conn.close();
    }
  });

  it('is erased with the account: personal data in other people’s artifacts, everything of their own', async () => {
    const erased = `rt-erased-${suffix}`;
    const E = devTokenFor(erased);
    const others = await artifact();
    const own = await artifact(true, E);
    await call('PUT', storage(others, 'personal', 'mine'), { token: E, body: { value: 'e' } });
    await call('PUT', storage(others, 'personal', 'mine'), { token: B, body: { value: 'b' } });
    await call('PUT', storage(own, 'shared', 's'), { token: B, body: { value: 'b' } });
    await call('PUT', storage(own, 'personal', 'p'), { token: B, body: { value: 'b' } });
    const conn = await db();
    const traces = () =>
      conn
        .collection('artifact_runtime_entries')
        .countDocuments({ $or: [{ userId: erased }, { owner: erased }, { artifactId: own }] });
    expect(await traces()).toBe(3);
    await publish(Topic.UserDeleted, erased, {
      userId: erased,
      email: `${erased}@example.test`,
      deletedAt: new Date().toISOString(),
    });
    // Entries and store totals go in two deletes: wait for both (checking the stores once the
    // entries were gone raced the second delete).
    const storesLeft = () =>
      conn
        .collection('artifact_runtime_stores')
        .countDocuments({ $or: [{ userId: erased }, { owner: erased }] });
    try {
      await waitFor(
        async () => [await traces(), await storesLeft()] as const,
        ([entries, stores]) => entries === 0 && stores === 0,
        { timeoutMs: 20_000, what: 'runtime data of the erased user gone' },
      );
    } finally {
      await conn.close();
    }
    // Other users' data in other artifacts stays.
    expect((await call('GET', storage(others, 'personal', 'mine'), { token: B })).body.value).toBe('b');
  });

  it('travels in the owner’s export and comes back on import', async () => {
    const exporter = `rt-export-${suffix}`;
    const X = devTokenFor(exporter);
    const id = await artifact(true, X);
    await call('PUT', storage(id, 'shared', 'board'), { token: B, body: { value: '{"n":1}' } });
    await call('PUT', storage(id, 'personal', 'prefs'), { token: X, body: { value: 'dark' } });
    await call('PUT', storage(id, 'personal', 'prefs'), { token: B, body: { value: 'not in X’s export' } });
    await call('PATCH', `/api/v1/artifacts/${id}/runtime`, {
      token: X,
      body: { anonymousSharedWrites: true },
    });
    const exported = await call('GET', '/api/v1/artifacts/export', { token: X });
    expect(exported.status).toBe(200);
    const lines = exported.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id?: string; runtime?: unknown });
    const line = lines.find((l) => l.id === id)!;
    expect(line.runtime).toEqual({
      settings: { anonymousSharedWrites: true, aiCalls: true },
      shared: [{ key: 'board', value: '{"n":1}' }],
      personal: [{ key: 'prefs', value: 'dark' }],
    });
    expect(exported.text).not.toContain('not in X’s export');

    const importer = devTokenFor(`rt-import-${suffix}`);
    const imported = await call('POST', '/api/v1/artifacts/import', {
      token: importer,
      body: { artifacts: [line] },
    });
    expect(imported.body.results[0]).toMatchObject({ status: 'imported' });
    const newId = imported.body.results[0].id as string;
    expect((await call('GET', storage(newId, 'shared', 'board'))).body.value).toBe('{"n":1}');
    expect((await call('GET', storage(newId, 'personal', 'prefs'), { token: importer })).body.value).toBe(
      'dark',
    );
    expect(
      (await call('GET', `/api/v1/artifacts/${newId}/runtime`, { token: importer })).body.settings,
    ).toEqual({
      anonymousSharedWrites: true,
      aiCalls: true,
    });
    // An older export (no runtime field) still imports.
    const { runtime: _dropped, ...older } = line;
    const old = await call('POST', '/api/v1/artifacts/import', {
      token: importer,
      body: { artifacts: [older] },
    });
    expect(old.body.results[0].status).toBe('imported');
  });
});

describe('window.claude.complete', () => {
  const complete = (id: string, body: unknown, base = gw.anthropic, opts: { token?: string } = {}) =>
    call('POST', `/api/v1/artifacts/${id}/complete`, { body, base, headers: embedHeaders, ...opts });

  it('answers through an Anthropic Messages provider; the key goes to the provider only', async () => {
    const id = await artifact();
    const before = model.requests.length;
    const res = await complete(id, { prompt: 'hello there', model: 'ignored' });
    expect([res.status, res.body]).toEqual([
      200,
      {
        text: 'echo: hello there',
        model: 'fake-model-1',
        stopReason: 'end_turn',
        usage: { inputTokens: 11, outputTokens: 7 },
      },
    ]);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const sent = model.requests[before]!;
    expect(sent.protocol).toBe('anthropic');
    expect(sent.headers['x-api-key']).toBe(API_KEY);
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.body).toEqual({
      model: 'claude-test',
      max_tokens: 1024,
      messages: [{ role: 'user', content: 'hello there' }],
    });
    expect(res.text).not.toContain(API_KEY);

    const chat = await complete(id, {
      system: 'be brief',
      max_tokens: 50,
      messages: [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
        { role: 'user', content: [{ type: 'text', text: 'second' }] },
      ],
    });
    expect(chat.body.text).toBe('echo: second');
    expect(model.requests.at(-1)!.body).toMatchObject({ system: 'be brief', max_tokens: 50 });
    expect((await call('GET', `/api/v1/artifacts/${id}/runtime`, { token: A })).body.ai).toEqual({
      configured: true,
      callsToday: 2,
    });
    expect((await complete(id, {})).status).toBe(400);
    expect((await complete(id, { prompt: 'x'.repeat(200_001) })).status).toBe(400);
  });

  it('answers through an OpenAI-compatible provider (no key: no Authorization)', async () => {
    const id = await artifact();
    const res = await complete(id, { prompt: 'hola', system: 'sys' }, gw.openai);
    expect([res.status, res.body]).toEqual([
      200,
      {
        text: 'echo: hola',
        model: 'fake-model-1',
        stopReason: 'end_turn',
        usage: { inputTokens: 11, outputTokens: 7 },
      },
    ]);
    const sent = model.requests.at(-1)!;
    expect(sent.protocol).toBe('openai');
    expect(sent.headers['authorization']).toBeUndefined();
    expect(sent.body).toMatchObject({
      model: 'llama',
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'hola' },
      ],
    });
  });

  it('is 503 when not configured, 403 when the owner turned it off', async () => {
    const id = await artifact();
    const off = await complete(id, { prompt: 'hi' }, gw.none);
    expect([off.status, off.body.code, off.body.message]).toEqual([
      503,
      'AI_NOT_CONFIGURED',
      'AI calls are not configured on this vault.',
    ]);
    await call('PATCH', `/api/v1/artifacts/${id}/runtime`, { token: A, body: { aiCalls: false } });
    const switched = await complete(id, { prompt: 'hi' });
    expect([switched.status, switched.body.code, switched.body.message]).toEqual([
      403,
      'AI_CALLS_OFF',
      'The owner of this artifact has turned AI calls off.',
    ]);
  });

  it('is 502 when the provider fails or times out, never leaking its answer', async () => {
    const id = await artifact();
    try {
      for (const mode of [
        { kind: 'status', status: 500 },
        { kind: 'status', status: 401 },
        { kind: 'garbage' },
        { kind: 'hang' },
      ] as const) {
        model.respondWith(mode);
        const res = await complete(id, { prompt: 'hi' }, gw.openai);
        expect([res.status, res.body.code]).toEqual([502, 'AI_PROVIDER_FAILED']);
        expect(res.text).not.toContain(FAKE_MODEL_SECRET_ERROR);
      }
    } finally {
      model.respondWith({ kind: 'reply' });
    }
  });

  it('stops at the artifact’s daily quota with 429', async () => {
    const id = await artifact();
    for (let i = 0; i < 4; i++)
      expect((await complete(id, { prompt: `n${i}` }, gw.anthropic, { token: B })).status).toBe(200);
    const res = await complete(id, { prompt: 'one more' }, gw.anthropic, { token: B });
    expect([res.status, res.body.code, res.body.message]).toEqual([
      429,
      'AI_QUOTA_EXCEEDED',
      RUNTIME_MESSAGES.aiQuotaArtifact,
    ]);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
