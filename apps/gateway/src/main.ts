import 'reflect-metadata';
import { type Express } from 'express';
import { type Redis } from 'ioredis';
import { type Logger } from 'pino';
import { LOGGER, REDIS, runService } from '@core-vault/platform';
import { publicEdgeCache } from './artifacts/public-edge-cache';
import { AppModule } from './app.module';
import { gatewayConfigSchema } from './config';

void runService({
  name: 'gateway',
  schema: gatewayConfigSchema,
  module: (config, logger) => AppModule.register(config, logger),
  // Artifact content may be 500,000 characters of multi-byte text.
  bodyLimit: '2.5mb',
  // Stripe webhooks are forwarded byte for byte: their signature covers the raw body.
  rawBody: true,
  // Ahead of Nest's router: anonymous public reads answered from the artifacts cache.
  configure: (app, config) => {
    const express: Express = app.getHttpAdapter().getInstance();
    const edge = publicEdgeCache(
      app.get<Redis>(REDIS),
      config.PUBLIC_ARTIFACT_MAX_AGE_SECONDS,
      app.get<Logger>(LOGGER),
    );
    express.get('/api/v1/artifacts/:id', edge);
  },
});
