import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { runtimeRoute } from '@core-vault/contracts';
import { ArtifactsGatewayController } from './artifacts-gateway.controller';
import { PublicReadForwarder } from './public-read.forwarder';
import { RuntimeCorsMiddleware } from './runtime-cors.middleware';

/** Public routes of the artifacts context (/api/v1/artifacts/*, /api/v1/collections/*), forwarded to artifacts. */
@Module({ controllers: [ArtifactsGatewayController], providers: [PublicReadForwarder] })
export class ArtifactsGatewayModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // The runtime's viewer calls answer embeds on any origin (the middleware checks the method too).
    consumer.apply(RuntimeCorsMiddleware).forRoutes(
      ...[runtimeRoute.listStorage, runtimeRoute.getStorage, runtimeRoute.complete].map((r) => ({
        path: r.path,
        method: RequestMethod.ALL,
      })),
    );
  }
}
