import { type Redis } from 'ioredis';
import { redisForRequest } from '../redis/redis.module';

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Whole seconds until the window resets (at least 1 when refused). */
  retryAfterSeconds: number;
}

// INCR and the expiry in one atomic step, so a crash can never leave a counter without a TTL.
const HIT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/**
 * Fixed-window counters and cooldowns in Redis, shared by every instance of a service. Keys are
 * `<namespace>:<bucket>:<id>`; callers pass ids that are safe to store (hash e-mail addresses).
 * Used while answering requests: with Redis away, every call is a prompt 503 (redisForRequest).
 */
export class RedisRateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly namespace = 'rl',
  ) {}

  async hit(bucket: string, id: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const key = `${this.namespace}:${bucket}:${id}`;
    const [count, ttlMs] = (await redisForRequest(this.redis, (r) =>
      r.eval(HIT, 1, key, String(rule.windowSeconds * 1000)),
    )) as [number, number];
    const allowed = count <= rule.limit;
    return { allowed, count, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(ttlMs / 1000)) };
  }

  /**
   * Claims a cooldown: true the first time, then false (with the seconds left) until it lapses.
   */
  async cooldown(
    bucket: string,
    id: string,
    seconds: number,
  ): Promise<{ ok: boolean; retryAfterSeconds: number }> {
    const key = `${this.namespace}:${bucket}:${id}`;
    return redisForRequest(this.redis, async (r) => {
      if ((await r.set(key, '1', 'EX', seconds, 'NX')) === 'OK') return { ok: true, retryAfterSeconds: 0 };
      const ttl = await r.pttl(key);
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    });
  }

  /** Lifts a cooldown early (e.g. the first send failed, so the user may try again at once). */
  async clear(bucket: string, id: string): Promise<void> {
    await redisForRequest(this.redis, (r) => r.del(`${this.namespace}:${bucket}:${id}`));
  }
}
