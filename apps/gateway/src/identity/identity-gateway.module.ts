import { Module } from '@nestjs/common';

/** Public routes of the identity context (/api/v1/auth/*, /api/v1/me), forwarded to identity. */
@Module({})
export class IdentityGatewayModule {}
