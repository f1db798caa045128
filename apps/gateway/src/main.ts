import 'reflect-metadata';
import { runService } from '@core-vault/platform';
import { AppModule } from './app.module';
import { gatewayConfigSchema } from './config';

void runService({
  name: 'gateway',
  schema: gatewayConfigSchema,
  module: (config, logger) => AppModule.register(config, logger),
});
