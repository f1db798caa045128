import { type DynamicModule, Module } from '@nestjs/common';
import { type Logger } from 'pino';
import { Topic } from '@core-vault/contracts';
import { AuthModule, KafkaModule, RedisModule, platformModules } from '@core-vault/platform';
import { AnalyticsGatewayModule } from './analytics/analytics-gateway.module';
import { type GatewayConfig } from './config';
import { ArtifactsGatewayModule } from './artifacts/artifacts-gateway.module';
import { BillingGatewayModule } from './billing/billing-gateway.module';
import { GatewayHealthModule } from './health/gateway-health.module';
import { IdentityGatewayModule } from './identity/identity-gateway.module';
import { McpModule } from './mcp/mcp.module';
import { OpenApiController } from './openapi/openapi.controller';
import { ProxyModule } from './proxy/proxy.module';
import { SharePageModule } from './share-page/share-page.module';

@Module({})
export class AppModule {
  static register(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...platformModules(config, logger),
        RedisModule.forRoot({ url: config.REDIS_URL }),
        AuthModule.forRoot({ publicKey: config.AUTH_PUBLIC_KEY }),
        KafkaModule.fromConfig(config, 'gateway', {
          produces: [Topic.ArtifactViewed],
        }),
        ProxyModule,
        IdentityGatewayModule,
        ArtifactsGatewayModule,
        BillingGatewayModule,
        AnalyticsGatewayModule,
        GatewayHealthModule,
        SharePageModule,
        McpModule,
      ],
      controllers: [OpenApiController],
    };
  }
}
