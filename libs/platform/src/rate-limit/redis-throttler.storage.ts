import { type ThrottlerStorage } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { type Redis } from 'ioredis';
import { redisForRequest } from '../redis/redis.module';

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
