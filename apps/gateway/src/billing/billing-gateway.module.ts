import { Module } from '@nestjs/common';
import { BillingGatewayController } from './billing-gateway.controller';

/** Public routes of the billing context (/api/v1/billing/*, /webhooks/stripe), forwarded to billing. */
@Module({ controllers: [BillingGatewayController] })
export class BillingGatewayModule {}
