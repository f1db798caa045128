import { type ThrottlerStorage } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { type Redis } from 'ioredis';
import { redisForRequest } from '../redis/redis.module';

/**
 * Request rate limits are `@nestjs/throttler` (RedisThrottlerStorage). What stays here is not a
 * request limit but a domain lock: "one mail per address per cooldown", claimed only when a mail
 * is about to go out, shared by two routes, and lifted again when the send fails — decisions the
 * throttler (which counts requests before the handler runs) cannot make.
 * Keys are `<namespace>:<bucket>:<id>`; callers pass ids that are safe to store (hash e-mail addresses).
 * Used while answering requests: with Redis away, every call is a prompt 503 (redisForRequest).
 */
export class RedisRateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly namespace = 'rl',
  ) {}

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

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * `@nestjs/throttler` counters in Redis (`@nest-lab/throttler-storage-redis`, one atomic script
 * per hit), shared by every instance of a service. Each hit goes through redisForRequest: the
 * shared client queues commands while Redis is away, and a request must be a prompt 503 instead.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly storage: ThrottlerStorageRedisService;

  constructor(private readonly redis: Redis) {
    this.storage = new ThrottlerStorageRedisService(redis);
  }

  increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    return redisForRequest(this.redis, () =>
      this.storage.increment(key, ttl, limit, blockDuration, throttlerName),
    );
  }
}
