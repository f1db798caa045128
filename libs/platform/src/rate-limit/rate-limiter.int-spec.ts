import { createRedis } from '../redis/redis.module';
import { testInfra, uniqueSuffix } from '../testing';
import { RedisRateLimiter } from './rate-limiter';

const redis = createRedis(testInfra().redisUrl);
const namespace = `rl:test:${uniqueSuffix()}`;
const limiter = new RedisRateLimiter(redis, namespace);

afterAll(async () => {
  const keys = await redis.keys(`${namespace}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('RedisRateLimiter', () => {
  it('allows up to the limit per id, then refuses with the seconds left in the window', async () => {
    const rule = { limit: 3, windowSeconds: 120 };
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await limiter.hit('login', 'ip-1', rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results[3]?.retryAfterSeconds).toBeGreaterThan(110);
    expect(results[3]?.retryAfterSeconds).toBeLessThanOrEqual(120);
    expect((await limiter.hit('login', 'ip-2', rule)).allowed).toBe(true);
    expect((await limiter.hit('other', 'ip-1', rule)).allowed).toBe(true);
  });

  it('counts concurrent hits exactly and always leaves the counter with an expiry', async () => {
    const rule = { limit: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.hit('burst', 'ip', rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(await redis.pttl(`${namespace}:burst:ip`)).toBeGreaterThan(0);
  });

  it('grants a cooldown once until it lapses or is cleared', async () => {
    expect(await limiter.cooldown('mail', 'a', 60)).toEqual({ ok: true, retryAfterSeconds: 0 });
    const second = await limiter.cooldown('mail', 'a', 60);
    expect(second.ok).toBe(false);
    expect(second.retryAfterSeconds).toBeGreaterThan(55);
    await limiter.clear('mail', 'a');
    expect((await limiter.cooldown('mail', 'a', 60)).ok).toBe(true);
  });
});
