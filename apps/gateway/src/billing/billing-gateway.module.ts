import { Module } from '@nestjs/common';

/** Public routes of the billing context (/api/v1/billing/*, /webhooks/stripe), forwarded to billing. */
@Module({})
export class BillingGatewayModule {}
