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

export const REDIS = Symbol('REDIS');

export function createRedis(url: string): Redis {
  // maxRetriesPerRequest null keeps commands queued across a reconnect instead of failing them.
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
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
