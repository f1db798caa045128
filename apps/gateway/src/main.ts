// First: OpenTelemetry must patch Express, kafkajs, mongoose and ioredis before they load.
import '@core-vault/platform/tracing';
import 'reflect-metadata';
import { type Redis } from 'ioredis';
import { type Logger } from 'pino';
import {
  STRIPE_WEBHOOK_MAX_BYTES,
  RUNTIME_STORAGE_BODY_MAX_BYTES,
  STRIPE_WEBHOOK_PATH,
  VIEW_BEACON_MAX_BYTES,
  IMPORT_SOURCE_LIMITS,
  analyticsRoute,
  portabilityRoute,
  runtimeRoute,
} from '@core-vault/contracts';
import { LOGGER, METRICS, REDIS, type ServiceMetrics, runService } from '@core-vault/platform';
import { prependRequestHandler, publicEdgeCache } from './artifacts/public-edge-cache';
import { AppModule } from './app.module';
import { gatewayConfigSchema } from './config';
import { securityHeaders, withSecurityHeaders } from './security/security-headers';

void runService({
  name: 'gateway',
  schema: gatewayConfigSchema,
  module: (config, logger) => AppModule.register(config, logger),
  // Artifact content may be 500,000 characters of multi-byte text.
  bodyLimit: '2.5mb',
  // Stripe events: the very limit billing applies behind the gateway (a 413 here beyond it).
  routeBodyLimits: {
    [STRIPE_WEBHOOK_PATH]: STRIPE_WEBHOOK_MAX_BYTES,
    [analyticsRoute.viewBeacon.path]: VIEW_BEACON_MAX_BYTES,
    // A window.storage value may be 5 MB (Claude's limit); the path has parameters (request-guards.ts).
    [runtimeRoute.setStorage.path]: RUNTIME_STORAGE_BODY_MAX_BYTES,
  },
  // Imports from other sources: the file's bytes, streamed to disk by the route (never JSON).
  uploadBodyLimits: {
    [portabilityRoute.previewSourceImport.path]: IMPORT_SOURCE_LIMITS.uploadMaxBytes,
    [portabilityRoute.runSourceImport.path]: IMPORT_SOURCE_LIMITS.uploadMaxBytes,
  },
  // The view beacon's navigator.sendBeacon body is text/plain (no CORS preflight from embeds).
  textJsonPaths: [analyticsRoute.viewBeacon.path],
  // Stripe webhooks are forwarded byte for byte: their signature covers the raw body.
  rawBody: true,
  // Ahead of Express itself: the security headers on every answer (docs/reference/gateway.md), then
  // anonymous public reads answered from the artifacts cache.
  configure: (app, config) => {
    const edge = publicEdgeCache(
      app.get<Redis>(REDIS),
      config.PUBLIC_ARTIFACT_MAX_AGE_SECONDS,
      app.get<Logger>(LOGGER),
      app.get<ServiceMetrics>(METRICS),
    );
    prependRequestHandler(app.getHttpServer(), withSecurityHeaders(securityHeaders(config.WEB_ORIGIN), edge));
  },
});
