import { Module } from '@nestjs/common';
import { SecurityModule } from '../security/security.module';
import { AnalyticsForwarders } from './analytics-forwarders.controller';
import { AnalyticsGatewayController } from './analytics-gateway.controller';
import { CollectionRollup } from './collection-rollup';
import { OnboardingGatewayController } from './onboarding-gateway.controller';
import { ViewBeaconPreflightController } from './view-beacon-preflight.controller';
import { ViewTracker } from './view-tracker';

/**
 * Public routes of the analytics context (/api/v1/analytics/*: tracking and statistics) and of
 * onboarding (/api/v1/onboarding/*, forwarded), the two asynchronous contexts.
 */
@Module({
  imports: [SecurityModule],
  controllers: [
    AnalyticsGatewayController,
    AnalyticsForwarders,
    ViewBeaconPreflightController,
    OnboardingGatewayController,
  ],
  providers: [ViewTracker, CollectionRollup],
})
export class AnalyticsGatewayModule {}
