import { ARTIFACT_LIMITS, type Artifact, type SessionUser } from '@core-vault/contracts';
import { CoreVaultClient } from './client';
import { CoreVaultApiError, parseRetryAfter } from './errors';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records each request and answers with the next scripted response. */
function fakeFetch(answers: Array<Response | (() => Response)>) {
  const seen: Seen[] = [];
  const impl: typeof fetch = (input, init) => {
    seen.push({
      url: input instanceof Request ? input.url : input.toString(),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const next = answers.shift();
    if (!next) return Promise.reject(new Error('unexpected request'));
    return Promise.resolve(typeof next === 'function' ? next() : next);
  };
  return { impl, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const at = '2026-01-01T00:00:00.000Z';
function artifact(id: string, title = `Title ${id}`): Artifact {
  return {
    id,
    title,
    description: '',
    type: 'HTML',
    content: '<p>x</p>',
    rendered: '<p>x</p>',
    renderError: null,
    securityWarning: null,
    metadata: { claudeVersion: 'claude-sonnet-4', extractedAt: at, size: 8 },
    isPublic: false,
    allowNetwork: false,
    tags: [],
    version: 1,
    latestVersion: 1,
    revision: 1,
    indexable: false,
    createdAt: at,
    updatedAt: at,
    owner: 'u1',
    viewCount: 0,
    shareCount: 0,
    downloadCount: 0,
    remixCount: 0,
    allowRemix: true,
    remixedFrom: null,
  };
}
const user: SessionUser = {
  id: 'u1',
  email: 'ada@example.com',
  subscriptionStatus: 'TRIAL',
  planType: 'Pro',
  isActive: true,
  createdAt: at,
  updatedAt: at,
  lastLoginAt: null,
  trialEnd: at,
  currentPeriodEnd: null,
  stripeCustomerId: null,
};
const TOKEN = `cvpat_${'a'.repeat(43)}`;
const client = (impl: typeof fetch) =>
  new CoreVaultClient({ baseUrl: 'https://vault.test/', token: TOKEN, fetch: impl });

describe('CoreVaultClient', () => {
  it('sends the token, builds the path from the contract and parses the answer', async () => {
    const f = fakeFetch([json(200, user), json(200, { artifact: artifact('a1') })]);
    const c = client(f.impl);

    await expect(c.me()).resolves.toEqual(user);
    await expect(c.getArtifact('a/1', 3)).resolves.toMatchObject({ id: 'a1', owner: 'u1' });

    expect(f.seen[0]).toMatchObject({
      url: 'https://vault.test/api/v1/me',
      method: 'GET',
      headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json' },
      body: undefined,
    });
    expect(f.seen[0]?.headers['Content-Type']).toBeUndefined();
    expect(f.seen[1]?.url).toBe('https://vault.test/api/v1/artifacts/a%2F1?v=3');
  });

  it('posts a JSON body and returns the created artifact', async () => {
    const f = fakeFetch([json(201, { artifact: artifact('n1', 'Chart') })]);
    const created = await client(f.impl).createArtifact({ title: 'Chart', type: 'AUTO', content: '<svg/>' });

    expect(created.title).toBe('Chart');
    expect(f.seen[0]).toMatchObject({
      url: 'https://vault.test/api/v1/artifacts',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: { title: 'Chart', type: 'AUTO', content: '<svg/>' },
    });
  });

  it('sends list queries, leaving out what was not given', async () => {
    const page = { artifacts: [], page: 2, limit: 50, total: 0, hasMore: false, nextCursor: null };
    const f = fakeFetch([json(200, page), json(200, page)]);
    const c = client(f.impl);

    await expect(c.listArtifacts({ page: 2, limit: 50, sort: 'title' })).resolves.toEqual(page);
    await c.listArtifacts();

    expect(f.seen[0]?.url).toBe('https://vault.test/api/v1/artifacts?page=2&limit=50&sort=title');
    expect(f.seen[1]?.url).toBe('https://vault.test/api/v1/artifacts');
  });

  it("maps the gateway's error body to a CoreVaultApiError", async () => {
    const body = { statusCode: 403, code: 'INSUFFICIENT_SCOPE', message: 'No scope', details: { need: 'x' } };
    const f = fakeFetch([json(403, body)]);

    const err = await client(f.impl)
      .me()
      .catch((e: unknown) => e);

    expect(err).toBeInstanceOf(CoreVaultApiError);
    expect(err).toMatchObject({
      status: 403,
      code: 'INSUFFICIENT_SCOPE',
      message: 'No scope',
      details: { need: 'x' },
    });
    expect(err).toMatchObject({ retryAfterSeconds: undefined, isNetwork: false });
  });

  it('says the status of an error answer that is not the error shape', async () => {
    const f = fakeFetch([new Response('<html>Bad gateway</html>', { status: 502 })]);

    await expect(client(f.impl).me()).rejects.toMatchObject({ status: 502, code: 'HTTP_ERROR' });
  });

  it('carries Retry-After of a 429 as seconds', async () => {
    const limited = { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many requests' };
    const f = fakeFetch([json(429, limited, { 'retry-after': '42' })]);

    await expect(client(f.impl).listArtifacts()).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfterSeconds: 42,
    });
  });

  it('reads Retry-After as seconds or an HTTP date, and ignores anything else', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter(' 7 ', now)).toBe(7);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('turns a failed fetch into status 0 NETWORK_ERROR, but lets a cancel through', async () => {
    const offline = client(() => Promise.reject(new TypeError('fetch failed')));
    await expect(offline.me()).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR', isNetwork: true });

    const controller = new AbortController();
    controller.abort();
    const cancelled = new CoreVaultClient({
      baseUrl: 'https://vault.test',
      token: TOKEN,
      signal: controller.signal,
      fetch: (_input, init) => {
        if (init?.signal?.aborted) return Promise.reject(new DOMException('aborted', 'AbortError'));
        return Promise.resolve(json(200, user));
      },
    });
    await expect(cancelled.me()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses an answer that does not match the contract', async () => {
    const f = fakeFetch([json(200, { id: 'u1' })]);

    await expect(client(f.impl).me()).rejects.toMatchObject({ status: 200, code: 'BAD_RESPONSE' });
  });

  it(`creates many artifacts in batches of ${ARTIFACT_LIMITS.batchMax}, in order, reporting each batch`, async () => {
    const total = ARTIFACT_LIMITS.batchMax * 2 + 5;
    const bodies = Array.from({ length: total }, (_, i) => ({
      title: `t${i}`,
      type: 'AUTO' as const,
      content: `c${i}`,
    }));
    const echo = (): Response => {
      const sent = f.seen.at(-1)?.body as { artifacts: Array<{ title: string }> };
      return json(201, { artifacts: sent.artifacts.map((a) => artifact(a.title, a.title)) });
    };
    const f = fakeFetch([echo, echo, echo]);
    const progress: Array<[number, number, number]> = [];

    const created = await client(f.impl).createArtifacts(bodies, (p) =>
      progress.push([p.saved.length, p.done, p.total]),
    );

    expect(created.map((a) => a.title)).toEqual(bodies.map((b) => b.title));
    expect(f.seen.map((s) => s.url)).toEqual(Array(3).fill('https://vault.test/api/v1/artifacts/batch'));
    expect(f.seen.map((s) => (s.body as { artifacts: unknown[] }).artifacts.length)).toEqual([20, 20, 5]);
    expect(progress).toEqual([
      [20, 20, total],
      [20, 40, total],
      [5, total, total],
    ]);
  });

  it('stops at the first failing batch, after reporting the saved ones', async () => {
    const bodies = Array.from({ length: ARTIFACT_LIMITS.batchMax + 1 }, (_, i) => ({
      title: `t${i}`,
      type: 'AUTO' as const,
      content: 'c',
    }));
    const saved = Array.from({ length: ARTIFACT_LIMITS.batchMax }, (_, i) => artifact(`a${i}`));
    const f = fakeFetch([
      json(201, { artifacts: saved }),
      json(400, { statusCode: 400, code: 'VALIDATION_ERROR', message: 'Content is required.' }),
    ]);
    const reported: number[] = [];

    await expect(client(f.impl).createArtifacts(bodies, (p) => reported.push(p.done))).rejects.toMatchObject({
      status: 400,
      message: 'Content is required.',
    });
    expect(reported).toEqual([ARTIFACT_LIMITS.batchMax]);
  });

  it('makes no request for an empty list', async () => {
    const f = fakeFetch([]);
    await expect(client(f.impl).createArtifacts([])).resolves.toEqual([]);
    expect(f.seen).toHaveLength(0);
  });
});
