import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { analyticsRoute } from '@core-vault/contracts';
import { ThreadedEventPublisher } from '@core-vault/platform';
import { SecurityModule } from '../security/security.module';
import { AnalyticsForwarders } from './analytics-forwarders.controller';
import { AnalyticsGatewayController } from './analytics-gateway.controller';
import { CollectionRollup } from './collection-rollup';
import { OnboardingGatewayController } from './onboarding-gateway.controller';
import { ViewBeaconPreflight } from './view-beacon-preflight.middleware';
import { TrackedVisitors } from './tracked-visitors';
import { ViewTracker } from './view-tracker';

/**
 * Public routes of the analytics context (/api/v1/analytics/*: tracking and statistics) and of
 * onboarding (/api/v1/onboarding/*, forwarded), the two asynchronous contexts.
 */
@Module({
  imports: [SecurityModule],
  controllers: [AnalyticsGatewayController, AnalyticsForwarders, OnboardingGatewayController],
  providers: [ThreadedEventPublisher, TrackedVisitors, ViewTracker, CollectionRollup],
})
export class AnalyticsGatewayModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(ViewBeaconPreflight)
      .forRoutes({ path: analyticsRoute.viewBeacon.path, method: RequestMethod.OPTIONS });
  }
}
