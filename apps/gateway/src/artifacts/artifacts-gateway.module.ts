import { Module } from '@nestjs/common';
import { ArtifactsGatewayController } from './artifacts-gateway.controller';
import { PublicReadForwarder } from './public-read.forwarder';

/** Public routes of the artifacts context (/api/v1/artifacts/*, /api/v1/collections/*), forwarded to artifacts. */
@Module({ controllers: [ArtifactsGatewayController], providers: [PublicReadForwarder] })
export class ArtifactsGatewayModule {}
