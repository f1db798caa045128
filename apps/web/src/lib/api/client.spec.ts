import { artifactRoute, meRoute, refreshRoute } from '@core-vault/contracts';
import { ApiClient } from './client';
import { ApiError } from './errors';
import { type ChannelLike, type LockManagerLike, SessionSync } from './session-sync';

const user = {
  id: 'usr_1',
  email: 'a@example.com',
  subscriptionStatus: 'TRIAL',
  planType: 'Pro',
  isActive: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  lastLoginAt: null,
  trialEnd: null,
  currentPeriodEnd: null,
  stripeCustomerId: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fakeFetch(answers: ((url: string, init: RequestInit) => Response)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init: init ?? {} });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected call ${url}`);
    return Promise.resolve(next(url, init ?? {}));
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

const authHeader = (init: RequestInit) => (init.headers as Record<string, string>)['Authorization'];

describe('ApiClient', () => {
  it('builds the path from the contract, sends the token and parses the answer', async () => {
    const { impl, calls } = fakeFetch([() => json(200, user)]);
    const client = new ApiClient(impl);
    client.setToken('t1');
    const me = await client.call(meRoute);
    expect(me.email).toBe('a@example.com');
    expect(calls[0]?.url).toBe('/api/v1/me');
    expect(authHeader(calls[0]!.init)).toBe('Bearer t1');
  });

  it('on a 401 refreshes once, then retries with the new token', async () => {
    const { impl, calls } = fakeFetch([
      () => json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'expired' }),
      () => json(200, { success: true, user, token: 't2' }),
      () => json(200, user),
    ]);
    const client = new ApiClient(impl);
    client.setToken('t1');
    const sessions: unknown[] = [];
    client.onSession((s) => sessions.push(s?.token ?? null));
    await expect(client.call(meRoute)).resolves.toMatchObject({ id: 'usr_1' });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/me', refreshRoute.path, '/api/v1/me']);
    expect(authHeader(calls[2]!.init)).toBe('Bearer t2');
    expect(sessions).toEqual(['t2']);
    expect(client.accessToken).toBe('t2');
  });

  it('gives up after one refresh: a failed refresh ends the session and rethrows the 401', async () => {
    const { impl, calls } = fakeFetch([
      () => json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'expired' }),
      () => json(401, { statusCode: 401, code: 'SESSION_EXPIRED', message: 'gone' }),
    ]);
    const client = new ApiClient(impl);
    client.setToken('t1');
    const sessions: unknown[] = [];
    client.onSession((s) => sessions.push(s));
    await expect(client.call(meRoute)).rejects.toMatchObject({ status: 401, message: 'expired' });
    expect(calls).toHaveLength(2);
    expect(sessions).toEqual([null]);
    expect(client.accessToken).toBeNull();
  });

  it('shares one refresh between concurrent callers (a reused cookie would revoke the session)', async () => {
    const { impl, calls } = fakeFetch([() => json(200, { success: true, user, token: 't9' })]);
    const client = new ApiClient(impl);
    const [a, b] = await Promise.all([client.refresh(), client.refresh()]);
    expect(a?.token).toBe('t9');
    expect(b).toBe(a);
    expect(calls).toHaveLength(1);
  });

  it('signs this tab out when another tab signs out, and tells the other tabs when it does', () => {
    const posted: unknown[] = [];
    const listeners: ((event: MessageEvent) => void)[] = [];
    const channel = {
      postMessage: (m: unknown) => void posted.push(m),
      addEventListener: (_t: 'message', l: (event: MessageEvent) => void) => void listeners.push(l),
      close: () => undefined,
    };
    const client = new ApiClient(fakeFetch([]).impl, '', new SessionSync(undefined, channel));
    client.setToken('t1');
    const sessions: unknown[] = [];
    client.onSession((s) => sessions.push(s));
    for (const l of listeners) l({ data: { type: 'signed-out' } } as MessageEvent);
    expect(client.accessToken).toBeNull();
    expect(sessions).toEqual([null]);
    client.setToken('t2');
    client.signedOut();
    expect(client.accessToken).toBeNull();
    expect(posted).toEqual([{ type: 'signed-out' }]);
  });

  it('turns a fetch failure into the catalogue network error', async () => {
    const client = new ApiClient(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.call(meRoute)).rejects.toEqual(
      new ApiError(0, 'NETWORK_ERROR', 'Network error. Please try again.'),
    );
  });

  it('puts query values in the URL and the body as JSON', async () => {
    const { impl, calls } = fakeFetch([
      () => json(200, { artifacts: [], page: 1, limit: 20, total: 0, hasMore: false, nextCursor: null }),
      () => json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Artifact not found' }),
    ]);
    const client = new ApiClient(impl);
    client.setToken('t');
    await client.call(artifactRoute.listMine, { query: { sort: 'views', limit: 50 } });
    expect(calls[0]?.url).toBe('/api/v1/artifacts?sort=views&limit=50');
    await expect(
      client.call(artifactRoute.update, { params: { id: 'a 1' }, body: { isPublic: true } }),
    ).rejects.toMatchObject({ status: 404, message: 'Artifact not found' });
    expect(calls[1]?.url).toBe('/api/v1/artifacts/a%201');
    expect(calls[1]?.init.method).toBe('PATCH');
    expect(calls[1]?.init.body).toBe('{"isPublic":true}');
  });

  it('says the status when the answer is not the gateway error shape', async () => {
    const { impl } = fakeFetch([() => new Response('<html>bad gateway</html>', { status: 502 })]);
    await expect(new ApiClient(impl).call(meRoute)).rejects.toMatchObject({
      status: 502,
      message: 'HTTP error! status: 502',
    });
  });

  describe('when a refresh fails without a 401', () => {
    const limited = (seconds: number) => () =>
      new Response(JSON.stringify({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many attempts.' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': String(seconds) },
      });
    const down = () => json(503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'away' });
    const refreshed = (token: string) => () => json(200, { success: true, user, token });
    const noWait = () => {
      const waits: number[] = [];
      return { waits, sleep: (ms: number) => (waits.push(ms), Promise.resolve()), random: () => 0 };
    };

    it("waits out a 429's Retry-After (capped) and tries again: signed in throughout, never signed out", async () => {
      const { impl, calls } = fakeFetch([limited(580), limited(7), refreshed('t2')]);
      const timing = noWait();
      const client = new ApiClient(impl, '', undefined, timing);
      client.setToken('t1');
      const sessions: unknown[] = [];
      client.onSession((s) => sessions.push(s?.token ?? null));
      await expect(client.refresh()).resolves.toMatchObject({ token: 't2' });
      expect(calls).toHaveLength(3);
      // 580 s capped to a minute, then the 7 s the gateway asked for.
      expect(timing.waits).toEqual([60_000, 7_000]);
      expect(sessions).toEqual(['t2']);
    });

    it('backs off on 5xx and network failures; after its attempts a call fails but the session stays', async () => {
      const { impl, calls } = fakeFetch([
        () => json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'expired' }),
        down,
        () => {
          throw new TypeError('Failed to fetch');
        },
        down,
        down,
      ]);
      const timing = noWait();
      const client = new ApiClient(impl, '', undefined, timing);
      client.setToken('t1');
      const sessions: unknown[] = [];
      client.onSession((s) => sessions.push(s));
      await expect(client.call(meRoute)).rejects.toMatchObject({ status: 503 });
      expect(calls.map((c) => c.url)).toEqual(['/api/v1/me', ...Array(4).fill(refreshRoute.path)]);
      expect(timing.waits).toEqual([500, 1_000, 2_000]);
      expect(sessions).toEqual([]);
      expect(client.accessToken).toBe('t1');
    });

    it('the restore on page load tries until the server answers, and a 401 then still signs out', async () => {
      const { impl, calls } = fakeFetch([
        down,
        down,
        down,
        down,
        down,
        down,
        () => json(401, { statusCode: 401, code: 'SESSION_EXPIRED', message: 'gone' }),
      ]);
      const timing = noWait();
      const client = new ApiClient(impl, '', undefined, timing);
      await expect(client.refresh({ attempts: Infinity })).resolves.toBeNull();
      expect(calls).toHaveLength(7);
      expect(timing.waits).toEqual([500, 1_000, 2_000, 4_000, 8_000, 15_000]);
    });

    it("keeps the browser's tabs on one refresh: the others wait for the retrying one and reuse its session", async () => {
      // One browser: a Web Lock its tabs share (a promise chain) and a bus between them.
      let tail: Promise<unknown> = Promise.resolve();
      const locks: LockManagerLike = {
        request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
          const run = tail.then(callback);
          tail = run.catch(() => undefined);
          return run;
        },
      };
      const buses: ((event: MessageEvent) => void)[][] = [];
      let clock = 0;
      const { impl, calls } = fakeFetch([limited(3), down, refreshed('shared')]);
      const timing = noWait();
      const tabs = Array.from({ length: 6 }, () => {
        const listeners: ((event: MessageEvent) => void)[] = [];
        buses.push(listeners);
        const channel: ChannelLike = {
          postMessage: (data) => {
            for (const other of buses)
              if (other !== listeners) for (const l of other) l({ data } as MessageEvent);
          },
          addEventListener: (_t, l) => void listeners.push(l as (event: MessageEvent) => void),
          close: () => undefined,
        };
        return new ApiClient(impl, '', new SessionSync(locks, channel, () => ++clock), timing);
      });
      const signedOut: number[] = [];
      tabs.forEach((tab, i) => tab.onSession((s) => void (s === null && signedOut.push(i))));
      const results = await Promise.all(tabs.map((tab) => tab.refresh({ attempts: Infinity })));
      expect(results.map((r) => r?.token)).toEqual(Array(6).fill('shared'));
      expect(calls).toHaveLength(3);
      expect(timing.waits).toEqual([3_000, 1_000]);
      expect(signedOut).toEqual([]);
    });
  });

  describe('the session hint', () => {
    it('without the hint or a token there is no session to ask for: a signed-in call fails without a refresh', async () => {
      const { impl, calls } = fakeFetch([
        () => json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Authentication required' }),
      ]);
      const client = new ApiClient(impl, '', undefined, { cookies: () => 'other=1' });
      expect(client.mayHaveSession()).toBe(false);
      await expect(client.call(meRoute)).rejects.toMatchObject({ status: 401 });
      expect(calls).toHaveLength(1);
    });

    it('the hint, or a token in this tab, is reason enough to ask', () => {
      expect(
        new ApiClient(undefined, '', undefined, { cookies: () => 'cv_has_session=1' }).mayHaveSession(),
      ).toBe(true);
      const client = new ApiClient(undefined, '', undefined, { cookies: () => '' });
      client.setToken('t1');
      expect(client.mayHaveSession()).toBe(true);
    });
  });
});
