import { testInfra, uniqueSuffix } from '../testing';
import { CooldownLock } from './cooldown-lock';
import { createRedis } from './redis.module';

const redis = createRedis(testInfra().redisUrl);
const namespace = `cooldown:test:${uniqueSuffix()}`;
const lock = new CooldownLock(redis, namespace);

afterAll(async () => {
  const keys = await redis.keys(`${namespace}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('CooldownLock', () => {
  it('is claimed once until it lapses or is released', async () => {
    expect(await lock.claim('mail', 'a', 60)).toEqual({ claimed: true });
    const second = await lock.claim('mail', 'a', 60);
    expect(second.claimed).toBe(false);
    expect(second.claimed === false && second.retryAfterSeconds).toBeGreaterThan(55);
    expect((await lock.claim('mail', 'b', 60)).claimed).toBe(true);
    expect((await lock.claim('other', 'a', 60)).claimed).toBe(true);
    await lock.release('mail', 'a');
    expect((await lock.claim('mail', 'a', 60)).claimed).toBe(true);
  });

  it('grants exactly one of many concurrent claims', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => lock.claim('burst', 'x', 60)));
    expect(results.filter((r) => r.claimed)).toHaveLength(1);
  });

  it('lapses after its seconds', async () => {
    expect((await lock.claim('short', 'a', 1)).claimed).toBe(true);
    expect(await redis.pttl(`${namespace}:short:a`)).toBeGreaterThan(0);
    expect(await redis.pttl(`${namespace}:short:a`)).toBeLessThanOrEqual(1000);
  });
});
