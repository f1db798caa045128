import { Inject, type MiddlewareConsumer, Module, type NestModule, type OnModuleInit } from '@nestjs/common';
import { APP_GUARD, HttpAdapterHost, Reflector } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { type Redis } from 'ioredis';
import { APP_CONFIG, REDIS, RedisThrottlerStorage } from '@core-vault/platform';
import { type GatewayConfig } from '../config';
import { CrossSiteMiddleware } from './cross-site.middleware';
import { RateLimitGuard, TokenRateLimitGuard } from './rate-limit.guard';
import { ClientPseudonyms } from './client-pseudonyms';
import { gatewayThrottlers } from './rate-limit.throttlers';

/**
 * Gateway-wide protection: cross-site refusal on every route, Redis rate limits where declared,
 * and the per-key limit on every request made with a personal access token.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, REDIS, Reflector],
      useFactory: (config: GatewayConfig, redis: Redis, reflector: Reflector) =>
        gatewayThrottlers(
          config,
          new RedisThrottlerStorage(redis),
          reflector,
          new ClientPseudonyms(redis, config.RATE_LIMIT_NAMESPACE),
        ),
    }),
  ],
  providers: [RateLimitGuard, { provide: APP_GUARD, useClass: TokenRateLimitGuard }],
  exports: [RateLimitGuard],
})
export class SecurityModule implements NestModule, OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onModuleInit(): void {
    // req.ip is the client only if we trust exactly the proxies in front of us, no more.
    if (this.config.TRUST_PROXY_HOPS > 0) {
      this.adapterHost.httpAdapter
        .getInstance<{ set(k: string, v: unknown): void }>()
        .set('trust proxy', this.config.TRUST_PROXY_HOPS);
    }
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CrossSiteMiddleware).forRoutes('*');
  }
}
