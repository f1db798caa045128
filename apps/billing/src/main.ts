// First: OpenTelemetry must patch Express, kafkajs, mongoose and ioredis before they load.
import '@core-vault/platform/tracing';
import 'reflect-metadata';
import { STRIPE_WEBHOOK_MAX_BYTES, STRIPE_WEBHOOK_PATH } from '@core-vault/contracts';
import { runService } from '@core-vault/platform';
import { AppModule } from './app.module';
import { billingConfigSchema } from './config';

void runService({
  name: 'billing',
  schema: billingConfigSchema,
  module: (config, logger) => AppModule.register(config, logger),
  // Stripe events can be several hundred KB; the gateway forwards up to the same limit.
  routeBodyLimits: { [STRIPE_WEBHOOK_PATH]: STRIPE_WEBHOOK_MAX_BYTES },
  // Stripe signs the exact bytes of a webhook; the signature check needs them.
  rawBody: true,
});
