import { Module } from '@nestjs/common';
import { SecurityModule } from '../security/security.module';
import { IdentityGatewayController } from './identity-gateway.controller';

/**
 * Public routes of the identity context (/api/v1/auth/*, /api/v1/me), forwarded to identity.
 * Also brings in the gateway-wide security middleware (cross-site refusal, rate limits).
 */
@Module({ imports: [SecurityModule], controllers: [IdentityGatewayController] })
export class IdentityGatewayModule {}
