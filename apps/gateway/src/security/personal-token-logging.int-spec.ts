/**
 * "Tokens are never logged": the real gateway and artifacts service, each from its own entry point
 * at log level trace, with their stdout and stderr captured, serve requests made with personal
 * access tokens — accepted, refused (scope, unknown, expired, deleted owner, over the per-key
 * limit) and sent the wrong way (a malformed header, the query string). Neither the secret, nor
 * its random part, nor its SHA-256 (the Redis key of its record) may appear in any line.
 * The keys are projected into Redis as identity does (docs/identity.md), so no identity runs here.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
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
  const headers: Record<string, string> = {};
  if (init.authorization) headers['authorization'] = init.authorization;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${gw}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  await res.arrayBuffer();
  return res.status;
}

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
    // A client's mistake: the key in the address (the guard never reads it there).
    await call(`/api/v1/artifacts?access_token=${writer}&token=${reader}`);
    for (let i = 0; i < KEY_LIMIT; i++)
      expect(await call('/api/v1/artifacts', { authorization: bearer(limited) })).toBe(200);
    expect(await call('/api/v1/artifacts', { authorization: bearer(limited) })).toBe(429);

    // The capture works: the access lines of these very requests are there (pino writes each
    // when its response has finished, so wait for the last one).
    const logs = await waitFor(
      () => output(),
      (l) => l.includes('"statusCode":429') && l.includes('access_token='),
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
});
