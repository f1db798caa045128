import 'reflect-metadata';
import { runService } from '@core-vault/platform';
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
});
