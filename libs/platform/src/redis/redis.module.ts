import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { Redis } from 'ioredis';
import { type HealthCheckResult, type HealthIndicator, HealthRegistry } from '../health/health.registry';
import { AppException } from '../http/app-exception';

export const REDIS = Symbol('REDIS');

/** Clients of createRedis whose connection closed and has not been ready since. */
const disconnected = new WeakSet<Redis>();

export function createRedis(url: string): Redis {
  // maxRetriesPerRequest null keeps commands queued across a reconnect instead of failing them.
  const redis = new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
  // Between two reconnect attempts the status alone says 'connecting' now and then.
  redis.on('close', () => disconnected.add(redis));
  redis.on('ready', () => disconnected.delete(redis));
  return redis;
}

/** Longest a request waits for Redis before it is answered 503. */
export const REDIS_REQUEST_TIMEOUT_MS = 3_000;
/** Client states of a connection that was lost (as opposed to a first connect still under way). */
const CONNECTION_LOST = new Set(['reconnecting', 'close', 'end']);

export function redisUnavailable(): AppException {
  return new AppException(
    503,
    'SERVICE_UNAVAILABLE',
    'The service is temporarily unavailable. Please try again.',
  );
}

/**
 * A Redis call made while answering a request. The shared client queues commands across a
 * reconnect — consumers rely on that to wait out a Redis restart instead of failing their batch —
 * which would hold a request for as long as Redis is away. Here a client that has lost its
 * connection refuses at once and a call without an answer in time gives up, both as a 503 the
 * caller can retry. (A command already queued still runs once Redis is back.)
 */
export async function redisForRequest<T>(
  redis: Redis,
  call: (redis: Redis) => Promise<T>,
  timeoutMs = REDIS_REQUEST_TIMEOUT_MS,
): Promise<T> {
  if (disconnected.has(redis) || CONNECTION_LOST.has(redis.status)) throw redisUnavailable();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(redisUnavailable()), timeoutMs);
  });
  try {
    return await Promise.race([call(redis), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

@Injectable()
export class RedisLifecycle implements HealthIndicator, OnModuleInit, OnApplicationShutdown {
  readonly name = 'redis';

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly registry: HealthRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async check(): Promise<HealthCheckResult> {
    if (this.redis.status !== 'ready') return { status: 'down', details: { state: this.redis.status } };
    return { status: (await this.redis.ping()) === 'PONG' ? 'up' : 'down' };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

@Global()
@Module({})
export class RedisModule {
  static forRoot(options: { url: string }): DynamicModule {
    return {
      module: RedisModule,
      providers: [{ provide: REDIS, useFactory: () => createRedis(options.url) }, RedisLifecycle],
      exports: [REDIS],
    };
  }
}
