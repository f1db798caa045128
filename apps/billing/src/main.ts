import 'reflect-metadata';
import { runService } from '@core-vault/platform';
import { AppModule } from './app.module';
import { billingConfigSchema } from './config';

void runService({
  name: 'billing',
  schema: billingConfigSchema,
  module: (config, logger) => AppModule.register(config, logger),
  // Stripe signs the exact bytes of a webhook; the signature check needs them.
  rawBody: true,
});
