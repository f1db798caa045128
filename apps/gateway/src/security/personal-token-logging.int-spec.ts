/**
 * "Tokens are never logged": the real gateway and artifacts service, each from its own entry point
 * at log level trace, with their stdout and stderr captured, serve requests made with personal
 * access tokens — accepted, refused (scope, unknown, expired, deleted owner, over the per-key
 * limit) and sent the wrong way (a malformed header, the query string, the path, other headers,
 * bodies, percent-encoded once, twice or byte by byte). Neither the secret, nor its random part,
 * nor its SHA-256 (the Redis key of its record) may appear in any line; nor a session token's
 * signature or a refresh cookie's token. Error codes stay readable. A token in the query string is
 * refused with 400 TOKEN_IN_URL before anything else.
 * The keys are projected into Redis as identity does (docs/reference/identity.md); identity's address is a
 * closed port, so a call for it is the gateway's logged 503 SERVICE_UNAVAILABLE.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { PERSONAL_TOKEN_MESSAGES } from '@core-vault/contracts';
import {
  type PersonalTokenOwner,
  type PersonalTokenRecord,
  hashPersonalToken,
  personalTokenKey,
  personalTokenOwnerKey,
} from '@core-vault/platform';
import {
  type SpawnedProcess,
  answersOk,
  deleteIsolatedIndexes,
  devTokenFor,
  freePort,
  isolateService,
  SERVICE_BOOT_TIMEOUT_MS,
  spawnTs,
  stopProcesses,
  testInfra,
  uniqueSuffix,
  waitFor,
  workspaceRoot,
} from '@core-vault/platform/testing';

const infra = testInfra();
const suffix = uniqueSuffix();
const WEB_ORIGIN = 'http://127.0.0.1:4200';
const KEY_LIMIT = 3;
const procs: SpawnedProcess[] = [];
const redis = new Redis(infra.redisUrl);
let gw = '';

/** Like ServiceStack.boot, but keeping the process so its output can be read. */
async function boot(app: string, env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const proc = spawnTs(`${workspaceRoot}/apps/${app}/src/main.ts`, {
    NODE_ENV: 'test',
    PORT: String(port),
    // Everything a service can write: a secret in a debug line is still a leak.
    LOG_LEVEL: 'trace',
    REDIS_URL: infra.redisUrl,
    ...env,
  });
  procs.push(proc);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + SERVICE_BOOT_TIMEOUT_MS;
  while (!(await answersOk(`${url}/health/ready`))) {
    if (proc.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${app} did not become ready (stderr: ${proc.stderr().slice(-500)})`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return url;
}

beforeAll(async () => {
  const artifacts = await boot('artifacts', {
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: `cv_test_artifacts_patlog_${suffix}`,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    ...(await isolateService(infra.kafkaBrokers, `patlog-${suffix}`, 'artifacts')),
    WEB_ORIGIN,
  });
  gw = await boot('gateway', {
    ARTIFACTS_URL: artifacts,
    // Nothing listens there: a call for identity is a 503 the gateway logs with its error.
    IDENTITY_URL: 'http://127.0.0.1:9',
    WEB_ORIGIN,
    RATE_LIMIT_NAMESPACE: `rl:test:${suffix}`,
    TOKEN_RATE_LIMIT: String(KEY_LIMIT),
  });
}, 2 * SERVICE_BOOT_TIMEOUT_MS); // two boots one after the other (a hang guard each)

afterAll(async () => {
  await stopProcesses(procs);
  await deleteIsolatedIndexes(infra.opensearchUrl, `patlog-${suffix}`);
  redis.disconnect();
});

const owner: PersonalTokenOwner = {
  email: `patlog-${suffix}@example.com`,
  adm: false,
  act: true,
  plan: 'Pro',
  sts: 'TRIAL',
};

/** A key as identity projects it: record by hash, owner facts by user id. */
async function key(
  name: string,
  over: {
    scopes?: PersonalTokenRecord['scp'];
    exp?: number | null;
    projected?: boolean;
    owner?: boolean;
  } = {},
): Promise<string> {
  const secret = `cvpat_${randomBytes(32).toString('base64url')}`;
  const sub = `u-patlog-${name}-${suffix}`;
  if (over.projected === false) return secret;
  const record: PersonalTokenRecord = {
    tid: `pat_${name}${suffix}`,
    sub,
    scp: over.scopes ?? ['artifacts:read', 'artifacts:write'],
    exp: over.exp ?? null,
  };
  await redis.set(personalTokenKey(hashPersonalToken(secret)), JSON.stringify(record), 'EX', 600);
  if (over.owner !== false) await redis.set(personalTokenOwnerKey(sub), JSON.stringify(owner), 'EX', 600);
  return secret;
}

async function call(path: string, init: { method?: string; authorization?: string; body?: unknown } = {}) {
  return (await answer(path, init)).status;
}

async function answer(
  path: string,
  init: {
    method?: string;
    authorization?: string;
    body?: unknown;
    raw?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.authorization) headers['authorization'] = init.authorization;
  if (init.body !== undefined || init.raw !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${gw}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: the status says enough
  }
  return { status: res.status, body };
}

/** Every byte as %XX: what no shape check could see without decoding. */
const percentAll = (text: string) =>
  [...text].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`).join('');

/** Every line both services wrote so far. */
const output = () => procs.map((p) => p.stdout() + p.stderr()).join('\n');

describe('personal access tokens in the logs', () => {
  it('never writes a secret, its random part or its SHA-256, whatever happens to the request', async () => {
    const writer = await key('writer');
    const reader = await key('reader', { scopes: ['artifacts:read'] });
    const expired = await key('expired', { exp: Date.now() - 1000 });
    const orphan = await key('orphan', { owner: false });
    const unknown = await key('unknown', { projected: false });
    const limited = await key('limited', { scopes: ['artifacts:read'] });
    const bearer = (secret: string) => `Bearer ${secret}`;

    const created = await fetch(`${gw}/api/v1/artifacts`, {
      method: 'POST',
      headers: { authorization: bearer(writer), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'logged?', type: 'MARKDOWN', content: '# no secrets here' }),
    });
    expect(created.status).toBe(201);
    const { artifact } = (await created.json()) as { artifact: { id: string } };
    const statuses = [
      await call('/api/v1/artifacts', { authorization: bearer(writer) }),
      await call(`/api/v1/artifacts/${artifact.id}`, { authorization: bearer(writer) }),
      await call('/api/v1/artifacts', { authorization: bearer(reader) }),
      await call('/api/v1/artifacts', {
        method: 'POST',
        authorization: bearer(reader),
        body: { title: 'x' },
      }),
      await call('/api/v1/billing/trial', { method: 'POST', authorization: bearer(writer), body: {} }),
      await call('/api/v1/artifacts', { authorization: bearer(expired) }),
      await call('/api/v1/artifacts', { authorization: bearer(orphan) }),
      await call('/api/v1/artifacts', { authorization: bearer(unknown) }),
      await call('/api/v1/artifacts', { authorization: `Token ${writer}` }),
      await call('/api/v1/artifacts', { authorization: `Bearer ${writer} extra` }),
    ];
    expect(statuses).toEqual([200, 200, 200, 403, 403, 401, 401, 401, 401, 401]);
    // A client's mistake: the key in the address, refused before anything reads it.
    expect(await call(`/api/v1/artifacts?access_token=${writer}&token=${reader}`)).toBe(400);
    for (let i = 0; i < KEY_LIMIT; i++)
      expect(await call('/api/v1/artifacts', { authorization: bearer(limited) })).toBe(200);
    expect(await call('/api/v1/artifacts', { authorization: bearer(limited) })).toBe(429);

    // The capture works: the access lines of these very requests are there (pino writes each
    // when its response has finished, so wait for the last one).
    const logs = await waitFor(
      () => output(),
      (l) => l.includes('"statusCode":429') && l.includes('access_token=[REDACTED]'),
      { what: 'the access log of the requests above' },
    );
    expect(logs).toContain(`/api/v1/artifacts/${artifact.id}`);
    expect(logs).toMatch(/"statusCode":401/);
    for (const secret of [writer, reader, expired, orphan, unknown, limited]) {
      const random = secret.slice('cvpat_'.length);
      const hash = hashPersonalToken(secret);
      expect([logs.includes(secret), logs.includes(random), logs.includes(hash)]).toEqual([
        false,
        false,
        false,
      ]);
    }
  });

  it('never writes a key, token or cookie sent in the address, a header or a body, however encoded; error codes stay', async () => {
    // Each key stays under the per-key limit of this gateway (KEY_LIMIT requests a window).
    const valid = await key('everywhere');
    const lister = await key('lister', { scopes: ['artifacts:read'] });
    const sender = await key('sender', { scopes: ['artifacts:read'] });
    const unknown = await key('nowhere', { projected: false });
    const older = `cvp_${randomBytes(32).toString('base64url')}`;
    const session = devTokenFor(`u-patlog-session-${suffix}`);
    const refresh = `ses_${randomBytes(16).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
    const created = await answer('/api/v1/artifacts', {
      method: 'POST',
      authorization: `Bearer ${valid}`,
      body: { title: 'public', type: 'MARKDOWN', content: '# shared', isPublic: true },
    });
    expect(created.status).toBe(201);
    const id = (created.body['artifact'] as { id: string }).id;

    // In the query string, in any encoding and under any name: 400 TOKEN_IN_URL, before the
    // edge cache, the guard or the route.
    for (const path of [
      `/api/v1/artifacts?t=${valid}`,
      `/api/v1/artifacts?t=${valid.replace('_', '%5F')}`,
      `/api/v1/artifacts?t=${valid.replace('_', '%255F')}`,
      `/api/v1/artifacts?limit=5&q=${percentAll(older)}`,
      `/api/v1/artifacts?access_token=${unknown}`,
      `/api/v1/artifacts/${id}?v=1&key=Bearer%20${valid}`,
      `/api/v1/me?jwt=${session}`,
    ]) {
      const refused = await answer(path, { authorization: `Bearer ${valid}` });
      expect([path.slice(0, 40), refused.status, refused.body]).toEqual([
        path.slice(0, 40),
        400,
        { statusCode: 400, code: 'TOKEN_IN_URL', message: PERSONAL_TOKEN_MESSAGES.inAddress },
      ]);
    }
    // Legitimate parameters still work.
    expect(await call(`/api/v1/artifacts/${id}?v=1`)).toBe(200);
    expect(await call('/api/v1/artifacts?limit=5&sort=title', { authorization: `Bearer ${lister}` })).toBe(
      200,
    );

    // In the path (a 404 or 400, logged with its URL), plain and percent-encoded.
    for (const path of [`/api/v1/artifacts/${valid}`, `/api/v1/artifacts/${percentAll(older)}/versions`])
      expect(await call(path, { authorization: `Bearer ${lister}` })).toBeGreaterThanOrEqual(400);

    // In headers: the bearer itself, a request id (the gateway takes plain ones, logs them on
    // every line and passes them on — a credential it replaces by an id of its own), cookies, an
    // API-key header, a referrer.
    const headers = {
      'x-request-id': valid,
      cookie: `cv_rt=${refresh}; note=${unknown}`,
      'x-api-key': older,
      referer: `https://elsewhere.example/?t=${encodeURIComponent(valid)}`,
    };
    expect((await answer('/api/v1/artifacts', { authorization: `Bearer ${sender}`, headers })).status).toBe(
      200,
    );
    expect((await answer('/api/v1/artifacts', { authorization: `Bearer ${session}`, headers })).status).toBe(
      200,
    );

    // In bodies: as content, as fields named like credentials, in malformed JSON, and in a call
    // that fails on the way (identity is down: a logged 503).
    expect(
      (
        await answer('/api/v1/artifacts', {
          method: 'POST',
          authorization: `Bearer ${valid}`,
          body: { title: `key ${unknown}`, type: 'MARKDOWN', content: `token=${older}\n${session}` },
        })
      ).status,
    ).toBe(201);
    const malformed = await answer('/api/v1/artifacts', {
      method: 'POST',
      authorization: `Bearer ${valid}`,
      raw: `{"title": "${valid}", "content": ${older}}`,
    });
    expect([malformed.status, malformed.body['code']]).toEqual([400, 'MALFORMED_JSON']);
    const down = await answer('/api/v1/auth/sign-in', {
      method: 'POST',
      body: { email: `patlog-${suffix}@example.com`, password: valid, code: '123456' },
      headers: { 'x-request-id': older },
    });
    expect([down.status, down.body['code']]).toEqual([503, 'SERVICE_UNAVAILABLE']);

    const logs = await waitFor(
      () => output(),
      (l) => l.includes('"code":"SERVICE_UNAVAILABLE"') && l.includes('"statusCode":503'),
      { what: 'the logged 503 and its error code' },
    );
    // The capture works: the refused and the accepted requests are there, their secrets masked.
    expect(logs).toContain('?t=[REDACTED]');
    expect(logs).toContain('access_token=[REDACTED]');
    expect(logs).toContain('"code":"TOKEN_IN_URL"');
    // A key sent as the request id was replaced, not logged masked on every line.
    expect(logs).not.toContain('"requestId":"[REDACTED]"');
    expect(logs).toContain(`/api/v1/artifacts/${id}?v=1`);
    for (const secret of [valid, lister, sender, unknown, older]) {
      const random = secret.slice(secret.indexOf('_') + 1);
      expect([secret.slice(0, 8), logs.includes(random), logs.includes(hashPersonalToken(secret))]).toEqual([
        secret.slice(0, 8),
        false,
        false,
      ]);
    }
    const [, , signature] = session.split('.');
    expect(logs.includes(session) || logs.includes(signature ?? session)).toBe(false);
    expect(logs.includes(refresh.split('.')[1] ?? refresh)).toBe(false);
    // What is no secret stays readable: the error codes of what failed.
    expect(logs).toContain('"code":"SERVICE_UNAVAILABLE"');
  });
});
