import { type Artifact, type SessionUser } from '@core-vault/contracts';
import { type SaveItem } from '../shared/artifact';
import { type StoredState } from '../shared/settings';
import { connect, handle, NOT_CONNECTED, save } from './service';

const VAULT = 'https://vault.test';
const TOKEN = `cvpat_${'k'.repeat(43)}`;
const at = '2026-01-01T00:00:00.000Z';

function artifact(id: string, title: string): Artifact {
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

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const item = (n: number): SaveItem => ({
  key: `k${n}`,
  artifact: { title: `T${n}`, type: 'HTML', content: `<p>${n}</p>` },
});

/** chrome.storage.local in memory (what the service reads and writes), fresh per test. */
function fakeStorage(initial: StoredState = {}) {
  const data: Record<string, unknown> = { ...initial };
  const local = {
    get: (keys: string[]) =>
      Promise.resolve(Object.fromEntries(keys.filter((k) => k in data).map((k) => [k, data[k]]))),
    set: (values: Record<string, unknown>) => Promise.resolve(void Object.assign(data, values)),
    remove: (keys: string[]) => Promise.resolve(keys.forEach((k) => delete data[k])),
  };
  Object.assign(globalThis, { chrome: { storage: { local } } });
  return data as StoredState;
}

const urlOf = (input: Parameters<typeof fetch>[0] | undefined): string =>
  input instanceof Request ? input.url : (input?.toString() ?? '');

let fetchMock: jest.SpyInstance<Promise<Response>, Parameters<typeof fetch>>;
beforeEach(() => {
  fetchMock = jest.spyOn(globalThis, 'fetch');
});
afterEach(() => fetchMock.mockRestore());

describe('save', () => {
  it('signed out: uploads nothing and keeps every item for the hand-off', async () => {
    const stored = fakeStorage();
    const results = await save(VAULT, [item(1), item(2)]);
    expect(results).toEqual([
      { key: 'k1', status: 'queued', reason: NOT_CONNECTED },
      { key: 'k2', status: 'queued', reason: NOT_CONNECTED },
    ]);
    expect(stored.queue?.map((q) => q.key)).toEqual(['k1', 'k2']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a key: an unreachable vault keeps the items; the retry saves them and empties the queue', async () => {
    const stored = fakeStorage({ token: TOKEN });
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    const first = await save(VAULT, [item(1)]);
    expect(first).toEqual([{ key: 'k1', status: 'queued', reason: 'The vault could not be reached.' }]);
    expect(stored.queue?.map((q) => q.key)).toEqual(['k1']);

    fetchMock.mockResolvedValueOnce(json(201, { artifacts: [artifact('a1', 'T1')] }));
    const retry = await save(VAULT, [item(1)]);
    expect(retry).toEqual([{ key: 'k1', status: 'saved', id: 'a1', title: 'T1', url: `${VAULT}/view/a1` }]);
    expect(stored.queue).toEqual([]);
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(urlOf(url)).toBe(`${VAULT}/api/v1/artifacts/batch`);
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
  });
});

describe('connect', () => {
  const user: SessionUser = {
    id: 'u1',
    email: 'ann@example.com',
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

  it('keeps a key only after GET /api/v1/me accepted it, with its e-mail', async () => {
    const stored = fakeStorage();
    fetchMock.mockResolvedValueOnce(
      json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' }),
    );
    expect(await connect(VAULT, TOKEN)).toEqual({
      ok: false,
      error: 'The vault did not accept this key (revoked, expired or mistyped).',
    });
    expect(stored.token).toBeUndefined();
    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toBe(`${VAULT}/api/v1/me`);

    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    expect(await connect(VAULT, TOKEN)).toEqual({
      ok: false,
      error: `The vault at ${VAULT} could not be reached.`,
    });
    expect(stored.token).toBeUndefined();

    fetchMock.mockResolvedValueOnce(json(200, user));
    expect(await connect(VAULT, TOKEN)).toEqual({ ok: true, email: 'ann@example.com' });
    expect(stored).toMatchObject({ token: TOKEN, email: 'ann@example.com' });
  });

  it('forgets the key and its e-mail on request; status says so', async () => {
    const stored = fakeStorage({ token: TOKEN, email: 'ann@example.com', queue: [] });
    expect(await handle(VAULT, { type: 'status' })).toMatchObject({
      signedIn: true,
      email: 'ann@example.com',
      queued: 0,
    });
    await handle(VAULT, { type: 'forget-token' });
    expect(stored.token).toBeUndefined();
    expect(await handle(VAULT, { type: 'status' })).toMatchObject({
      signedIn: false,
      email: null,
      includePageUrl: false,
    });
  });
});
