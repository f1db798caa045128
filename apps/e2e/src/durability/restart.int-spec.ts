/**
 * Restart and crash tests on the real stack (issue 14): every service from its dist build, API
 * only, against a PRIVATE set of Kafka, the MongoDB-compatible server and Redis that this suite
 * may stop, restart and kill.
 *
 * 1. Clean restart: users signed up and signed in with e-mailed codes, trials, artifacts with
 *    versions, collections, counted views, onboarding milestones and the delayed check-in jobs,
 *    a signed-out session: all recorded through the API, then the stack and the infrastructure
 *    are stopped cleanly and started again over the same data; everything must read back exactly.
 * 2. Database crash: 200 concurrent creates while the database gets SIGKILL partway through; every
 *    create answered 201 must be readable afterwards, the rest must fail cleanly, readiness must
 *    go red and green again and the services must reconnect by themselves.
 *
 * The measured figures are printed as one `durability: {json}` line (docs/reference/infrastructure.md).
 * Rerun: JEST_KIND=int npx jest apps/e2e/src/durability/restart --runInBand
 * E2E_KEEP_ON_FAILURE=1 leaves the private broker and database running after a failure; when
 * analytics misses artifacts the suite writes crash-dump.json beside the stack's logs either way.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NotSettledError, uniqueSuffix, waitFor, waitForSettled } from '@core-vault/platform/testing';
import { mailIds, waitForCode } from '../support/mail';
import { dumpMissingArtifacts } from '../support/crash-dump';
import { type PrivateInfra, keepOnFailure, startPrivateInfra } from '../support/private-infra';
import { type Stack, startStack } from '../support/stack';

const SERVICES = ['identity', 'billing', 'artifacts', 'analytics', 'onboarding'] as const;
type Service = (typeof SERVICES)[number];

const PASSWORD = 'durable correct horse';
const run = uniqueSuffix(3);
const adminEmail = `durable-admin-${run}@example.com`;
/** The same for the first and the restarted stack, as a deployment's config would be. */
const STACK_ENV = { ADMIN_EMAILS: adminEmail, PASSWORD_SCRYPT_LOG_N: '14' };
/** Trial users seeded for the restart (each with its own view count); one more for the crash. */
const SEEDED = 3;
const VERSIONS = 3;
const CRASH_CREATES = 200;
const KILL_AFTER_ANSWERS = 50;
const REQUEST_TIMEOUT_MS = 45_000;

let priv: PrivateInfra | undefined;
let stack: Stack | undefined;
const figures: Record<string, unknown> = {};
/** Steps (the setup, each test) begun and those that reached their last line: unequal in afterAll = one failed. */
let begun = 0;
let completed = 0;
beforeEach(() => void begun++);

// ---- HTTP through the gateway ----

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
  options: { token?: string; body?: unknown; cookie?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  if (options.cookie) headers['cookie'] = options.cookie;
  const res = await fetch(`${gateway()}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
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

function gateway(): string {
  if (!stack) throw new Error('the stack is not running');
  return stack.gatewayUrl;
}

/** The answer's body when its status is the expected one; otherwise an error naming both. */
async function expectStatus(answer: Promise<Answer>, status: number, what: string): Promise<Body> {
  const a = await answer;
  if (a.status !== status)
    throw new Error(`${what}: expected ${status}, got ${a.status} ${JSON.stringify(a.body).slice(0, 500)}`);
  return a.body;
}

/** At most `limit` of `fn` at a time, results in input order. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i] as T, i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

// ---- accounts ----

interface Session {
  email: string;
  token: string;
  /** `name=value` of the refresh cookie. */
  cookie: string;
}

function refreshCookie(answer: Answer): string {
  const cookie = answer.setCookie.map((c) => c.split(';')[0] ?? '').find((c) => /^[^=]+=.+/.test(c));
  if (!cookie) throw new Error(`no refresh cookie in ${JSON.stringify(answer.setCookie)}`);
  return cookie;
}

async function signUp(email: string): Promise<void> {
  await expectStatus(
    call('POST', '/api/v1/auth/sign-up', {
      body: {
        firstName: 'Dura',
        lastName: 'Bility',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        planType: 'pro_monthly',
      },
    }),
    201,
    `sign-up ${email}`,
  );
}

/** Password, then the code from the mail sink. */
async function signIn(email: string): Promise<Session> {
  if (!stack) throw new Error('the stack is not running');
  const seen = await mailIds(stack.mailApiUrl, email);
  const step1 = await expectStatus(
    call('POST', '/api/v1/auth/sign-in', { body: { email, password: PASSWORD } }),
    200,
    `sign-in ${email}`,
  );
  expect(step1.code).toBe('VERIFICATION_CODE_REQUIRED');
  const code = await waitForCode(stack.mailApiUrl, email, seen);
  const step2 = await call('POST', '/api/v1/auth/sign-in', { body: { email, code } });
  if (step2.status !== 200)
    throw new Error(`code of ${email}: ${step2.status} ${JSON.stringify(step2.body)}`);
  return { email, token: (step2.body as { token: string }).token, cookie: refreshCookie(step2) };
}

async function refresh(session: Session): Promise<Session> {
  const a = await call('POST', '/api/v1/auth/refresh', { cookie: session.cookie });
  if (a.status !== 200) throw new Error(`refresh of ${session.email}: ${a.status} ${JSON.stringify(a.body)}`);
  return { ...session, token: (a.body as { token: string }).token, cookie: refreshCookie(a) };
}

/** A signed-up user with a trial, and a token that carries it. */
async function trialUser(email: string): Promise<Session> {
  await signUp(email);
  const first = await signIn(email);
  const trial = await expectStatus(
    call('POST', '/api/v1/billing/trial', {
      token: first.token,
      body: {
        planType: 'pro_monthly',
        paymentMethodId: 'pm_card_visa',
        firstName: 'Dura',
        lastName: 'Bility',
      },
    }),
    200,
    `trial of ${email}`,
  );
  expect(trial.subscriptionStatus).toBe('TRIAL');
  // Identity learns of the trial from billing's event; the next token carries it.
  await waitFor(
    () => call('GET', '/api/v1/me', { token: first.token }),
    (a) => (a.body as { subscriptionStatus?: string }).subscriptionStatus === 'TRIAL',
    { timeoutMs: 30_000, intervalMs: 200, what: `${email} in TRIAL` },
  );
  return refresh(first);
}

// ---- the seeded state ----

interface Seeded {
  session: Session;
  artifacts: string[];
  publicId: string;
  views: number;
}

const CONTENT = (user: number, artifact: number, version: number) =>
  `# Note ${user}.${artifact}\n\nVersion ${version} of artifact ${artifact} of user ${user} (${run}).\n`;

async function seed(session: Session, user: number): Promise<Seeded> {
  const { token } = session;
  const artifacts = await Promise.all(
    [0, 1, 2].map(async (a) => {
      const created = await expectStatus(
        call('POST', '/api/v1/artifacts', {
          token,
          body: {
            title: `Durable ${user}.${a}`,
            type: 'MARKDOWN',
            content: CONTENT(user, a, 1),
            tags: ['durable', `user-${user}`],
            isPublic: a === 0,
          },
        }),
        201,
        'create',
      );
      const id = (created as { artifact: { id: string } }).artifact.id;
      // Content updates make versions; in sequence, each from the one before.
      for (let v = 2; v <= VERSIONS; v++)
        await expectStatus(
          call('PATCH', `/api/v1/artifacts/${id}`, { token, body: { content: CONTENT(user, a, v) } }),
          200,
          'update',
        );
      return id;
    }),
  );
  const [publicId, second, third] = artifacts as [string, string, string];
  const collection = await expectStatus(
    call('POST', '/api/v1/collections', { token, body: { name: `Kept ${user}` } }),
    201,
    'collection',
  );
  const collectionId = (collection as { collection: { id: string } }).collection.id;
  for (const id of [second, third])
    await expectStatus(
      call('PUT', `/api/v1/collections/${collectionId}/artifacts/${id}`, { token }),
      200,
      'add to collection',
    );
  await expectStatus(
    call('POST', `/api/v1/artifacts/${publicId}/share`, { token, body: { channel: 'link' } }),
    200,
    'share',
  );
  await expectStatus(
    call('POST', '/api/v1/onboarding/milestones/profile_customized', { token, body: {} }),
    200,
    'milestone',
  );
  // Anonymous consented views of the public artifact, a different number per user.
  const views = 3 + user * 2;
  const now = new Date().toISOString();
  await expectStatus(
    call('POST', '/api/v1/analytics/track-views', {
      body: {
        events: Array.from({ length: views }, (_, i) => ({
          id: `durable-${run}-${user}-${i}`,
          artifactId: publicId,
          viewedAt: now,
          userAgent: 'durability-test',
          sessionId: `session-${run}-${user}-${i}`,
        })),
      },
    }),
    202,
    'track views',
  );
  return { session, artifacts, publicId, views };
}

/** Everything a user can read back about their state, through the API. */
async function snapshot(token: string) {
  const get = (path: string) => expectStatus(call('GET', path, { token }), 200, `GET ${path}`);
  const me = (await get('/api/v1/me')) as Record<string, unknown>;
  // lastLoginAt and updatedAt change with each sign-in, by design.
  const { lastLoginAt: _login, updatedAt: _updated, ...account } = me;
  const list = (await get('/api/v1/artifacts?sort=oldest&limit=100')) as { artifacts: { id: string }[] };
  const artifacts = await Promise.all(
    list.artifacts.map(async ({ id }) => {
      const versions = (await get(`/api/v1/artifacts/${id}/versions`)) as { versions: { version: number }[] };
      return {
        artifact: ((await get(`/api/v1/artifacts/${id}`)) as { artifact: unknown }).artifact,
        versions: versions.versions,
        contents: await Promise.all(
          versions.versions.map((v): Promise<unknown> =>
            get(`/api/v1/artifacts/${id}/versions/${v.version}`),
          ),
        ),
      };
    }),
  );
  const collections = (await get('/api/v1/collections')) as { collections: { id: string }[] };
  return {
    account,
    subscription: await get('/api/v1/billing/subscription'),
    list,
    artifacts,
    collections: await Promise.all(
      collections.collections.map(async (c) => ({
        collection: c,
        artifacts: await get(`/api/v1/collections/${c.id}/artifacts`),
      })),
    ),
    onboarding: await get('/api/v1/onboarding/milestones'),
    analytics: await get('/api/v1/analytics/artifacts'),
  };
}

const queue = (admin: Session) =>
  expectStatus(call('GET', '/api/v1/onboarding/admin/queue', { token: admin.token }), 200, 'check-in queue');

// ---- readiness ----

async function readiness(url: string): Promise<number> {
  try {
    return (await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(3000) })).status;
  } catch {
    return 0;
  }
}

/** When the process behind `url` started (prom-client's default metric): unchanged = not restarted. */
async function processStart(url: string): Promise<string> {
  const text = await (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5000) })).text();
  const value = /^process_start_time_seconds(?:\{[^}]*\})? (\S+)$/m.exec(text)?.[1];
  if (!value) throw new Error(`${url}/metrics has no process_start_time_seconds`);
  return value;
}

/**
 * Waits until every consumer group has committed everything on its topics and every outbox is
 * empty, read from all the services' /metrics in the same round, three rounds in a row
 * (waitForSettled): what the events derive is then final, not in flight. Asking each service on
 * its own until it read quiet passed the crash test's analytics (nothing on its topics yet) long
 * before the artifacts relay, after waiting out its crashed batch's lease, published the last
 * created events; the overview read just after missed them (docs/reference/infrastructure.md, "Durability").
 */
async function settled(): Promise<number> {
  const urls = Object.fromEntries(SERVICES.map((name) => [name, stack?.serviceUrl(name) ?? '']));
  try {
    return (await waitForSettled(urls, { timeoutMs: 60_000 })).rounds;
  } catch (err) {
    // CI keeps only this output: say what the busy services themselves last complained about.
    const busy = err instanceof NotSettledError ? Object.keys(err.busy) : [...SERVICES];
    throw new Error(
      `${err instanceof Error ? err.message : String(err)}\n${busy.map((name) => lastErrors(name)).join('\n')}`,
    );
  }
}

/** The service's last error and warning log lines (its log file under the stack's logDir). */
function lastErrors(name: string): string {
  const file = join(stack?.logDir ?? '', `${name}.log`);
  if (!existsSync(file)) return `(no log at ${file})`;
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /"level":("(error|warn|fatal)"|[456]0)/.test(line))
    .slice(-8)
    .map((line) => line.slice(0, 600));
  return `last errors of ${name}:\n${lines.join('\n') || '(none)'}`;
}

// ---- the suite ----

beforeAll(async () => {
  begun++;
  const t0 = Date.now();
  priv = await startPrivateInfra(['kafka', 'mongo', 'redis']);
  const t1 = Date.now();
  stack = await startStack({ infra: priv.urls, web: false, env: STACK_ENV });
  figures['firstStart'] = { infraMs: t1 - t0, stackMs: Date.now() - t1 };
  completed++;
}, 300_000);

afterAll(async () => {
  console.log(`durability: ${JSON.stringify(figures)}`);
  await stack?.stop();
  if (keepOnFailure && priv && completed < begun) console.log(priv.keep());
  await priv?.destroy();
}, 120_000);

describe('a clean restart of the whole stack and its infrastructure', () => {
  const users: Seeded[] = [];
  let admin: Session;
  let before: Awaited<ReturnType<typeof snapshot>>[] = [];
  let queueBefore: Body;
  let signedOut: Session;

  it('records the seeded state through the API', async () => {
    const t0 = Date.now();
    const emails = Array.from({ length: SEEDED }, (_, i) => `durable-${run}-${i}@example.com`);
    const [sessions, adminSession] = await Promise.all([
      Promise.all(emails.map((email) => trialUser(email))),
      signUp(adminEmail).then(() => signIn(adminEmail)),
    ]);
    admin = adminSession;
    users.push(...(await Promise.all(sessions.map((s, i) => seed(s, i)))));

    // What the pipelines derive must be visible before the snapshot: view counts on both sides,
    // milestones from the artifact events, four delayed check-ins per trial.
    await Promise.all(
      users.map(async ({ session, publicId, views }) => {
        await waitFor(
          () => call('GET', `/api/v1/artifacts/${publicId}`, { token: session.token }),
          (a) => (a.body as { artifact?: { viewCount: number } }).artifact?.viewCount === views,
          { timeoutMs: 60_000, intervalMs: 250, what: `viewCount ${views} of ${publicId}` },
        );
        await waitFor(
          () => call('GET', '/api/v1/analytics/artifacts', { token: session.token }),
          (a) =>
            (a.body as { artifacts?: { artifactId: string; views: number }[] }).artifacts?.find(
              (s) => s.artifactId === publicId,
            )?.views === views,
          { timeoutMs: 30_000, intervalMs: 250, what: `analytics views of ${publicId}` },
        );
        await waitFor(
          () => call('GET', '/api/v1/onboarding/milestones', { token: session.token }),
          (a) =>
            ['first_upload', 'first_share', 'profile_customized'].every((key) =>
              (a.body as { milestones?: { key: string; reachedAt: string | null }[] }).milestones?.find(
                (m) => m.key === key && m.reachedAt,
              ),
            ),
          { timeoutMs: 30_000, intervalMs: 250, what: `milestones of ${session.email}` },
        );
      }),
    );
    queueBefore = await waitFor(
      () => queue(admin),
      (q: { counts?: { delayed?: number } }) => q.counts?.delayed === 4 * SEEDED,
      { timeoutMs: 30_000, intervalMs: 250, what: 'the delayed check-ins' },
    );
    await settled();
    before = await Promise.all(users.map((u) => snapshot(u.session.token)));
    figures['seedMs'] = Date.now() - t0;

    for (const [i, s] of before.entries()) {
      expect(s.account).toMatchObject({ subscriptionStatus: 'TRIAL', planType: 'Pro', isActive: true });
      expect(s.subscription.subscriptions).toEqual([
        expect.objectContaining({ status: 'trialing', plan_id: 'pro_monthly' }),
      ]);
      expect(s.artifacts).toHaveLength(3);
      for (const a of s.artifacts) {
        expect(a.versions).toHaveLength(VERSIONS);
        expect(a.artifact).toMatchObject({ version: VERSIONS });
      }
      expect(s.collections).toEqual([
        expect.objectContaining({ collection: expect.objectContaining({ artifactCount: 2 }) }),
      ]);
      expect(s.analytics.totalViews).toBe(users[i]?.views);
    }

    // One session signed out: its refresh token must stay revoked across the restart.
    const [first] = users as [Seeded];
    signedOut = first.session;
    await expectStatus(
      call('POST', '/api/v1/auth/sign-out', { token: signedOut.token, cookie: signedOut.cookie }),
      200,
      'sign-out',
    );
    expect((await call('POST', '/api/v1/auth/refresh', { cookie: signedOut.cookie })).status).toBe(401);
    expect((await call('GET', '/api/v1/me', { token: signedOut.token })).status).toBe(401);
    completed++;
  }, 240_000);

  it('stops everything cleanly and starts it again over the same data', async () => {
    if (!stack || !priv) throw new Error('no stack');
    const { runId } = stack;
    const t0 = Date.now();
    await stack.stop();
    stack = undefined;
    await priv.down();
    const t1 = Date.now();
    await priv.up();
    const t2 = Date.now();
    stack = await startStack({ infra: priv.urls, web: false, runId, build: false, env: STACK_ENV });
    const t3 = Date.now();
    figures['restart'] = { stopMs: t1 - t0, infraUpMs: t2 - t1, stackReadyMs: t3 - t2, totalMs: t3 - t1 };
    completed++;
  }, 240_000);

  it('keeps every user, session, artifact, version, collection, subscription, milestone, check-in and count', async () => {
    // A session that was live survives; the signed-out one stays revoked.
    const [, live] = users as [Seeded, Seeded];
    await refresh(live.session);
    const revoked = await call('POST', '/api/v1/auth/refresh', { cookie: signedOut.cookie });
    expect(revoked.status).toBe(401);
    expect((await call('GET', '/api/v1/me', { token: signedOut.token })).status).toBe(401);

    // Everyone signs in again with a new e-mailed code.
    const sessions = await Promise.all(users.map((u) => signIn(u.session.email)));
    const adminAgain = await signIn(adminEmail);
    // Whatever the consumers replay after the restart must not change a count.
    await settled();
    const after = await Promise.all(sessions.map((s) => snapshot(s.token)));
    for (const [i, s] of after.entries()) expect(s).toEqual(before[i]);
    expect(await queue(adminAgain)).toEqual(queueBefore);
    completed++;
  }, 120_000);
});

describe('a crash of the database under load', () => {
  interface Outcome {
    title: string;
    content: string;
    /** HTTP status, or what happened instead of an answer. */
    status: number | 'timeout' | 'network';
    id?: string;
    body?: Body;
  }

  it('keeps every acknowledged create, fails the others cleanly and recovers without a restart', async () => {
    if (!stack || !priv) throw new Error('no stack');
    const p = priv;
    const urls = SERVICES.map((name) => [name, stack?.serviceUrl(name) ?? ''] as [Service, string]);
    const { token } = await trialUser(`durable-crash-${run}@example.com`);
    for (const [, url] of urls) expect(await readiness(url)).toBe(200);
    const startedBefore = await Promise.all(urls.map(([, url]) => processStart(url)));

    let answered = 0;
    let killedAt = 0;
    const create = async (i: number): Promise<Outcome> => {
      const title = `Crash ${run} ${i}`;
      const content = `crash ${run} ${i} ${uniqueSuffix(8)}`;
      let outcome: Outcome;
      try {
        const a = await call('POST', '/api/v1/artifacts', {
          token,
          body: { title, type: 'MARKDOWN', content },
          timeoutMs: REQUEST_TIMEOUT_MS,
        });
        const id = (a.body as { artifact?: { id?: string } }).artifact?.id;
        outcome = { title, content, status: a.status, body: a.body, ...(id ? { id } : {}) };
      } catch (err) {
        outcome = { title, content, status: (err as Error).name === 'TimeoutError' ? 'timeout' : 'network' };
      }
      // The crash comes partway through: SIGKILL to the database at the 50th answer.
      if (++answered === KILL_AFTER_ANSWERS) {
        p.kill9('mongo');
        killedAt = Date.now();
      }
      return outcome;
    };
    // Filled as the figures come in, so a failing run still prints what it measured.
    const crash: Record<string, unknown> = { creates: CRASH_CREATES, killAfterAnswers: KILL_AFTER_ANSWERS };
    figures['mongoCrash'] = crash;
    const started = Date.now();
    const creates = Promise.all(Array.from({ length: CRASH_CREATES }, (_, i) => create(i)));

    await waitFor(
      () => killedAt,
      (t) => t > 0,
      { timeoutMs: 60_000, intervalMs: 20, what: `${KILL_AFTER_ANSWERS} answers` },
    );
    // Every service that uses the database says so on /health/ready.
    const redMs = await Promise.all(
      urls.map(([name, url]) =>
        waitFor(
          () => readiness(url),
          (status) => status !== 200,
          { timeoutMs: 20_000, intervalMs: 100, what: `${name} not ready while mongo is down` },
        ).then(() => Date.now() - killedAt),
      ),
    );
    crash['notReadyAfterKillMs'] = Object.fromEntries(urls.map(([name], i) => [name, redMs[i]]));
    // The gateway does not use the database: it stays ready and lists the services as down.
    const gatewayReport = await call('GET', '/health/ready');
    expect(gatewayReport.status).toBe(200);
    expect(gatewayReport.body.checks['service:artifacts']).toMatchObject({ status: 'down', critical: false });

    const upStarted = Date.now();
    await p.up(['mongo']);
    const mongoUp = Date.now();
    const greenMs = await Promise.all(
      urls.map(([name, url]) =>
        waitFor(
          () => readiness(url),
          (status) => status === 200,
          { timeoutMs: 90_000, intervalMs: 100, what: `${name} ready again after mongo is back` },
        ).then(() => Date.now() - mongoUp),
      ),
    );
    Object.assign(crash, {
      mongoDownMs: mongoUp - killedAt,
      mongoStartMs: mongoUp - upStarted,
      readyAfterMongoUpMs: Object.fromEntries(urls.map(([name], i) => [name, greenMs[i]])),
      recoveryMs: Math.max(...greenMs),
    });
    // They reconnected by themselves: the same processes as before the crash.
    expect(await Promise.all(urls.map(([, url]) => processStart(url)))).toEqual(startedBefore);
    const outcomes = await creates;
    const byStatus: Record<string, number> = {};
    for (const o of outcomes) byStatus[String(o.status)] = (byStatus[String(o.status)] ?? 0) + 1;
    Object.assign(crash, {
      killedAfterMs: killedAt - started,
      allAnsweredMs: Date.now() - started,
      byStatus,
    });

    // No hang, and every failure a clean, retryable "unavailable" in the platform's shape: the
    // service's own DATABASE_UNAVAILABLE, or the gateway's SERVICE_UNAVAILABLE when its 15 s
    // downstream limit passed first (a loaded host queues creates behind the outage; such a create
    // may still be stored, which the in-doubt check below covers).
    const failed = outcomes.filter((o) => o.status !== 201);
    expect(outcomes.filter((o) => typeof o.status !== 'number')).toEqual([]);
    const failureCodes: Record<string, number> = {};
    for (const f of failed) {
      const code = String((f.body as { code?: unknown } | undefined)?.code);
      failureCodes[code] = (failureCodes[code] ?? 0) + 1;
    }
    crash['failureCodes'] = failureCodes;
    for (const f of failed) {
      expect(f.body).toEqual(
        expect.objectContaining({
          statusCode: 503,
          code: expect.stringMatching(/^(DATABASE_UNAVAILABLE|SERVICE_UNAVAILABLE)$/),
          message: expect.any(String),
        }),
      );
    }

    // Every acknowledged create is readable with its exact content.
    const acknowledged = outcomes.filter((o) => o.status === 201);
    const reads = await pool(acknowledged, 20, (o) =>
      call('GET', `/api/v1/artifacts/${o.id ?? ''}`, { token }),
    );
    const lost = acknowledged.filter((o, i) => {
      const read = reads[i];
      const artifact = (read?.body as { artifact?: { title: string; content: string } }).artifact;
      return read?.status !== 200 || artifact?.title !== o.title || artifact.content !== o.content;
    });
    Object.assign(crash, {
      acknowledged: acknowledged.length,
      readable: acknowledged.length - lost.length,
      lost: lost.length,
    });
    expect(lost.map((o) => o.title)).toEqual([]);

    // The whole list: each create at most once; the failed ones may or may not have been written.
    const stored: { id: string; title: string }[] = [];
    for (let page = 1; ; page++) {
      const list = (await expectStatus(
        call('GET', `/api/v1/artifacts?sort=oldest&limit=100&page=${page}`, { token }),
        200,
        'list',
      )) as { artifacts: { id: string; title: string }[]; hasMore: boolean };
      stored.push(...list.artifacts);
      if (!list.hasMore) break;
    }
    const titles = stored.map((a) => a.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const o of acknowledged) expect(titles).toContain(o.title);
    // A 5xx whose write committed before the reply was lost: stored whole, or not at all.
    const inDoubt = failed.flatMap((o) => {
      const match = stored.find((a) => a.title === o.title);
      return match ? [{ ...o, id: match.id }] : [];
    });
    crash['failedButStored'] = inDoubt.length;
    expect(stored).toHaveLength(acknowledged.length + inDoubt.length);
    for (const o of inDoubt) {
      const read = await expectStatus(call('GET', `/api/v1/artifacts/${o.id}`, { token }), 200, 'in doubt');
      expect((read as { artifact: { content: string } }).artifact.content).toBe(o.content);
    }

    // After recovery: new creates succeed, none with a 5xx.
    const afterwards = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/api/v1/artifacts', {
          token,
          body: { title: `After ${run} ${i}`, type: 'MARKDOWN', content: `after the crash ${i}` },
        }),
      ),
    );
    crash['createsAfterRecovery'] = {
      sent: afterwards.length,
      created: afterwards.filter((a) => a.status === 201).length,
    };
    expect(afterwards.map((a) => a.status)).toEqual(afterwards.map(() => 201));

    // The outbox relay picked up again (republishing what it had sent but not marked): analytics
    // learns of every stored artifact, each once.
    crash['settleRounds'] = await settled();
    const settledAt = Date.now();
    crash['eventsSettledAfterMongoUpMs'] = settledAt - mongoUp;
    const overview = await expectStatus(
      call('GET', '/api/v1/analytics/artifacts', { token }),
      200,
      'analytics',
    );
    const expected = [
      ...stored.map((a) => a.id),
      ...afterwards.map((a) => (a.body as { artifact: { id: string } }).artifact.id),
    ];
    const known = (overview as { artifacts: { artifactId: string }[] }).artifacts.map((a) => a.artifactId);
    const missing = expected.filter((id) => !known.includes(id));
    if (missing.length > 0) {
      // Written down before anything is torn down: the outbox, the topic, analytics' markers.
      crash['missingInAnalytics'] = missing.length;
      const summary = await dumpMissingArtifacts({
        infra: p.urls,
        runId: stack.runId,
        missing,
        dir: stack.logDir,
        logDir: stack.logDir,
        moments: { settled: settledAt },
      });
      // The same question 5 s later: still missing, or only not yet there when asked?
      await new Promise((r) => setTimeout(r, 5000));
      const later = (
        (await expectStatus(call('GET', '/api/v1/analytics/artifacts', { token }), 200, 'analytics')) as {
          artifacts: { artifactId: string }[];
        }
      ).artifacts.map((a) => a.artifactId);
      crash['missingInAnalytics5sLater'] = missing.filter((id) => !later.includes(id)).length;
      console.error(
        `analytics misses stored artifacts after the crash:\n${summary}\n` +
          `5 s later still missing: ${String(crash['missingInAnalytics5sLater'])}`,
      );
    }
    expect(known.sort()).toEqual(expected.sort());
    completed++;
  }, 180_000);
});
