// First: OpenTelemetry must patch Express, kafkajs, mongoose and ioredis before they load.
import '@core-vault/platform/tracing';
import 'reflect-metadata';
import { runService } from '@core-vault/platform';
import { AppModule } from './app.module';
import { onboardingConfigSchema } from './config';

void runService({
  name: 'onboarding',
  schema: onboardingConfigSchema,
  module: (config, logger) => AppModule.register(config, logger),
});
