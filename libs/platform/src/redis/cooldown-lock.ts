import { type Redis } from 'ioredis';
import { redisForRequest } from './redis.module';

/**
 * A cooldown shared by every instance of a service: "at most one X per subject per N seconds".
 * Not a request limit (those are `@nestjs/throttler`, RedisThrottlerStorage) but a domain lock —
 * identity's "one code mail per address a minute" — claimed only when the thing is about to
 * happen, shared by several routes, and released again when it failed, decisions a throttler
 * (which counts requests before the handler runs) cannot make.
 * Keys are `<namespace>:<bucket>:<id>`; callers pass ids that are safe to store (hash e-mail addresses).
 * Used while answering requests: with Redis away, every call is a prompt 503 (redisForRequest).
 */
export class CooldownLock {
  constructor(
    private readonly redis: Redis,
    private readonly namespace = 'cooldown',
  ) {}

  /** Claims the cooldown: claimed the first time, then refused with the seconds left until it lapses. */
  async claim(
    bucket: string,
    id: string,
    seconds: number,
  ): Promise<{ claimed: true } | { claimed: false; retryAfterSeconds: number }> {
    const key = this.key(bucket, id);
    return redisForRequest(this.redis, async (r) => {
      if ((await r.set(key, '1', 'EX', seconds, 'NX')) === 'OK') return { claimed: true };
      const ttl = await r.pttl(key);
      return { claimed: false, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    });
  }

  /** Lifts the cooldown early (the send failed, so the user may try again at once). */
  async release(bucket: string, id: string): Promise<void> {
    await redisForRequest(this.redis, (r) => r.del(this.key(bucket, id)));
  }

  private key(bucket: string, id: string): string {
    return `${this.namespace}:${bucket}:${id}`;
  }
}
