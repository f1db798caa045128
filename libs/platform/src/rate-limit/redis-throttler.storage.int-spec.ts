import { createRedis } from '../redis/redis.module';
import { testInfra, uniqueSuffix } from '../testing';
import { RedisThrottlerStorage } from './redis-throttler.storage';

const redis = createRedis(testInfra().redisUrl);
const namespace = `rl:test:${uniqueSuffix()}`;
const storage = new RedisThrottlerStorage(redis);

afterAll(async () => {
  const keys = [...(await redis.keys(`${namespace}:*`)), ...(await redis.keys(`{${namespace}:*`))];
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('RedisThrottlerStorage (@nestjs/throttler counters in Redis)', () => {
  const hit = (key: string, limit: number, windowMs: number) =>
    storage.increment(`${namespace}:${key}`, windowMs, limit, windowMs, 'ip');

  it('allows up to the limit per key, then blocks with the seconds left', async () => {
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hit('login:ip-1', 3, 120_000));
    expect(results.map((r) => r.isBlocked)).toEqual([false, false, false, true, true]);
    expect(results[3]?.timeToBlockExpire).toBeGreaterThan(110);
    expect(results[4]?.timeToBlockExpire).toBeLessThanOrEqual(120);
    expect((await hit('login:ip-2', 3, 120_000)).isBlocked).toBe(false);
    expect((await hit('other:ip-1', 3, 120_000)).isBlocked).toBe(false);
  });

  it('counts concurrent hits exactly and always leaves the counter with an expiry', async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => hit('burst:ip', 10, 60_000)));
    expect(results.filter((r) => !r.isBlocked)).toHaveLength(10);
    expect(await redis.pttl(`{${namespace}:burst:ip:ip}:hits`)).toBeGreaterThan(0);
  });
});
