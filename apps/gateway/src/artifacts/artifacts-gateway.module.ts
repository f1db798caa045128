import { Module } from '@nestjs/common';

/** Public routes of the artifacts context (/api/v1/artifacts/*), forwarded to artifacts. */
@Module({})
export class ArtifactsGatewayModule {}
