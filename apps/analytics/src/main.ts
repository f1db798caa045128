// First: OpenTelemetry must patch Express, kafkajs, mongoose and ioredis before they load.
import '@core-vault/platform/tracing';
import 'reflect-metadata';
import { VIEW_BEACON_MAX_BYTES, analyticsRoute } from '@core-vault/contracts';
import { runService } from '@core-vault/platform';
import { AppModule } from './app.module';
import { analyticsConfigSchema } from './config';

void runService({
  name: 'analytics',
  schema: analyticsConfigSchema,
  module: (config, logger) => AppModule.register(config, logger),
  // The view beacon: three short fields, sent as text/plain by navigator.sendBeacon (and passed
  // on as such by the gateway).
  routeBodyLimits: { [analyticsRoute.viewBeacon.path]: VIEW_BEACON_MAX_BYTES },
  textJsonPaths: [analyticsRoute.viewBeacon.path],
});
