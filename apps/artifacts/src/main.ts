// First: OpenTelemetry must patch Express, kafkajs, mongoose and ioredis before they load.
import '@core-vault/platform/tracing';
import 'reflect-metadata';
import { runService } from '@core-vault/platform';
import { AppModule } from './app.module';
import { artifactsConfigSchema } from './config';

void runService({
  name: 'artifacts',
  schema: artifactsConfigSchema,
  module: (config, logger) => AppModule.register(config, logger),
  // 500,000 characters of content, JSON-escaped and possibly multi-byte (as the gateway).
  bodyLimit: '2.5mb',
});
