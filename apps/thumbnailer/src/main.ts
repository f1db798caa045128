// First: OpenTelemetry must patch Express, kafkajs, mongoose and ioredis before they load.
import '@core-vault/platform/tracing';
import 'reflect-metadata';
import { runService } from '@core-vault/platform';
import { AppModule } from './app.module';
import { thumbnailerConfigSchema } from './config';

void runService({
  name: 'thumbnailer',
  schema: thumbnailerConfigSchema,
  module: (config, logger) => AppModule.register(config, logger),
});
