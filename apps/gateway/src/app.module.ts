import { type DynamicModule, Module } from '@nestjs/common';
import { type Logger } from 'pino';
import { AuthModule, RedisModule, platformModules } from '@core-vault/platform';
import { type GatewayConfig } from './config';
import { DownstreamHealthIndicators } from './health/downstream.indicator';
import { OpenApiController } from './openapi/openapi.controller';
import { DownstreamClient } from './proxy/downstream.client';

@Module({})
export class AppModule {
  static register(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...platformModules(config, logger),
        RedisModule.forRoot({ url: config.REDIS_URL }),
        AuthModule.forRoot({ publicKey: config.AUTH_PUBLIC_KEY }),
      ],
      controllers: [OpenApiController],
      providers: [DownstreamHealthIndicators, DownstreamClient],
    };
  }
}
