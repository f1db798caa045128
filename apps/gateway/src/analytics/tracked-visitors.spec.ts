import { type Redis } from 'ioredis';
import { type GatewayConfig } from '../config';
import { TrackedVisitors } from './tracked-visitors';

/** SET NX / GET of the day's key and INCRBY / EXPIRE of the counters, over maps. */
function fakeRedis() {
  const values = new Map<string, string>();
  const ttls = new Map<string, number>();
  const redis = {
    status: 'ready',
    set(key: string, value: string) {
      if (!values.has(key)) values.set(key, value);
      return Promise.resolve('OK');
    },
    get: (key: string) => Promise.resolve(values.get(key) ?? null),
    pipeline() {
      const ops: (() => [null, unknown])[] = [];
      const p = {
        incrby(key: string, by: number) {
          ops.push(() => {
            const n = Number(values.get(key) ?? 0) + by;
            values.set(key, String(n));
            return [null, n];
          });
          return p;
        },
        expire(key: string, seconds: number) {
          ops.push(() => [null, ttls.set(key, seconds) && 1]);
          return p;
        },
        exec: () => Promise.resolve(ops.map((op) => op())),
      };
      return p;
    },
  };
  return { redis: redis as unknown as Redis, values, ttls };
}

const config = (limit = 3) =>
  ({ RATE_LIMIT_NAMESPACE: 'rl:t', TRACK_VIEWS_PER_VISITOR_DAY: limit }) as GatewayConfig;

describe('TrackedVisitors', () => {
  it('makes one pseudonym per artifact and address, whatever else the client says', async () => {
    const { redis } = fakeRedis();
    const t = new TrackedVisitors(redis, config(100));
    const [a, again, other] = await t.admit(['a1', 'a1', 'a2'], { ip: '203.0.113.7' });
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(again).toBe(a);
    expect(other).not.toBe(a);
    // The same address written as IPv4-mapped IPv6 is the same visitor; a neighbour is not.
    expect((await t.admit(['a1'], { ip: '::ffff:203.0.113.7' }))[0]).toBe(a);
    expect((await t.admit(['a1'], { ip: '203.0.113.8' }))[0]).not.toBe(a);
    // IPv6: one /64 is one visitor.
    const [v6] = await t.admit(['a1'], { ip: '2001:db8:1:2::a' });
    expect((await t.admit(['a1'], { ip: '2001:db8:1:2:ffff::1' }))[0]).toBe(v6);
    expect((await t.admit(['a1'], { ip: '2001:db8:1:3::a' }))[0]).not.toBe(v6);
  });

  it('makes a signed-in viewer one visitor on any address, apart from the anonymous one there', async () => {
    const { redis } = fakeRedis();
    const t = new TrackedVisitors(redis, config(100));
    const [home] = await t.admit(['a1'], { ip: '203.0.113.7', viewerId: 'u1' });
    expect((await t.admit(['a1'], { ip: '198.51.100.1', viewerId: 'u1' }))[0]).toBe(home);
    expect((await t.admit(['a1'], { ip: '203.0.113.7' }))[0]).not.toBe(home);
    expect((await t.admit(['a1'], { ip: '203.0.113.7', viewerId: 'u2' }))[0]).not.toBe(home);
  });

  it("counts at most the daily allowance of one visitor's views of one artifact, across requests", async () => {
    const { redis, values, ttls } = fakeRedis();
    const t = new TrackedVisitors(redis, config(3));
    const first = await t.admit(['a1', 'a1', 'a2', 'a1', 'a1'], { ip: '203.0.113.7' });
    expect(first.map((v) => v !== null)).toEqual([true, true, true, true, false]);
    expect((await t.admit(['a1', 'a2'], { ip: '203.0.113.7' })).map((v) => v !== null)).toEqual([
      false,
      true,
    ]);
    // Another visitor has an allowance of their own.
    expect((await t.admit(['a1'], { ip: '198.51.100.1' }))[0]).not.toBeNull();
    // The counters are named by pseudonyms and expire; no key or value holds the address.
    const counters = [...values.keys()].filter((k) => k.startsWith('rl:t:visitor-views:'));
    expect(counters).toHaveLength(3);
    for (const k of counters) expect(ttls.get(k)).toBe(25 * 3600);
    expect(JSON.stringify([...values])).not.toMatch(/203\.0\.113|198\.51\.100/);
    // The pseudonyms' key of the day is the visitors' own, not the rate limits'.
    expect([...values.keys()].some((k) => k.startsWith('rl:t:visitors:pseudonym-key:'))).toBe(true);
  });
});
