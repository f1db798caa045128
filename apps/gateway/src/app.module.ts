import { type DynamicModule, Module } from '@nestjs/common';
import { type Logger } from 'pino';
import { RedisModule, platformModules } from '@core-vault/platform';
import { type GatewayConfig } from './config';
import { DownstreamHealthIndicators } from './health/downstream.indicator';

@Module({})
export class AppModule {
  static register(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [...platformModules(config, logger), RedisModule.forRoot({ url: config.REDIS_URL })],
      providers: [DownstreamHealthIndicators],
    };
  }
}
