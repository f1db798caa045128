// First: OpenTelemetry must patch Express, kafkajs, mongoose and ioredis before they load.
import '@core-vault/platform/tracing';
import 'reflect-metadata';
import {
  IMPORT_SOURCE_LIMITS,
  RUNTIME_STORAGE_BODY_MAX_BYTES,
  portabilityRoute,
  runtimeRoute,
} from '@core-vault/contracts';
import { runService } from '@core-vault/platform';
import { AppModule } from './app.module';
import { artifactsConfigSchema } from './config';

void runService({
  name: 'artifacts',
  schema: artifactsConfigSchema,
  module: (config, logger) => AppModule.register(config, logger),
  // 500,000 characters of content, JSON-escaped and possibly multi-byte (as the gateway).
  bodyLimit: '2.5mb',
  // A storage value may be 5 MB (Claude's limit): on the storage write route only.
  routeBodyLimits: { [runtimeRoute.setStorage.path]: RUNTIME_STORAGE_BODY_MAX_BYTES },
  // Imports from other sources: the file's bytes, streamed to disk by the route (never JSON).
  uploadBodyLimits: {
    [portabilityRoute.previewSourceImport.path]: IMPORT_SOURCE_LIMITS.uploadMaxBytes,
    [portabilityRoute.runSourceImport.path]: IMPORT_SOURCE_LIMITS.uploadMaxBytes,
  },
});
