import { type Redis } from 'ioredis';
import { ClientPseudonyms } from './client-pseudonyms';

/** SET NX and GET over a map: what the class asks of Redis, and how often. */
function fakeRedis() {
  const values = new Map<string, string>();
  const calls: string[] = [];
  let failNext = false;
  const redis = {
    status: 'ready',
    set(key: string, value: string, _ex: string, ttl: number, nx: string) {
      calls.push(`set ${key} ${ttl} ${nx}`);
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('connection reset'));
      }
      if (!values.has(key)) values.set(key, value);
      return Promise.resolve('OK');
    },
    get(key: string) {
      calls.push(`get ${key}`);
      return Promise.resolve(values.get(key) ?? null);
    },
  };
  return { redis: redis as unknown as Redis, values, calls, failOnce: () => (failNext = true) };
}

function clockAt(iso: string) {
  const clock = { at: new Date(iso), now: () => clock.at };
  return clock;
}

describe('ClientPseudonyms', () => {
  it('names a client the same way all day, never by the address itself, and apart from others', async () => {
    const { redis, calls } = fakeRedis();
    const pseudonyms = new ClientPseudonyms(redis, 'rl:t', clockAt('2026-11-25T10:00:00Z'));
    const one = await pseudonyms.of('203.0.113.10');
    expect(one).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(one).not.toContain('203');
    expect(await pseudonyms.of('203.0.113.10')).toBe(one);
    expect(await pseudonyms.of('203.0.113.11')).not.toBe(one);
    // The day's key is read once, then kept.
    expect(calls).toEqual([
      'set rl:t:pseudonym-key:2026-11-25 172800 NX',
      'get rl:t:pseudonym-key:2026-11-25',
    ]);
  });

  it('agrees with another instance on the same Redis, whichever set the key first', async () => {
    const { redis } = fakeRedis();
    const clock = clockAt('2026-11-25T10:00:00Z');
    const [a, b] = [new ClientPseudonyms(redis, 'rl:t', clock), new ClientPseudonyms(redis, 'rl:t', clock)];
    expect(await a.of('198.51.100.4')).toBe(await b.of('198.51.100.4'));
  });

  it('takes a new key on a new UTC day, so the same client is another pseudonym', async () => {
    const { redis, values } = fakeRedis();
    const clock = clockAt('2026-11-25T23:59:59Z');
    const pseudonyms = new ClientPseudonyms(redis, 'rl:t', clock);
    const before = await pseudonyms.of('203.0.113.10');
    clock.at = new Date('2026-11-26T00:00:01Z');
    expect(await pseudonyms.of('203.0.113.10')).not.toBe(before);
    expect([...values.keys()]).toEqual(['rl:t:pseudonym-key:2026-11-25', 'rl:t:pseudonym-key:2026-11-26']);
  });

  it('does not keep a failed read: the next request asks Redis again', async () => {
    const { redis, failOnce } = fakeRedis();
    const pseudonyms = new ClientPseudonyms(redis, 'rl:t', clockAt('2026-11-25T10:00:00Z'));
    failOnce();
    await expect(pseudonyms.of('203.0.113.10')).rejects.toThrow('connection reset');
    expect(await pseudonyms.of('203.0.113.10')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
