import { type DynamicModule, type Type } from '@nestjs/common';
import { type Logger } from 'pino';
import { ConfigModule } from '../config/config.module';
import { HealthModule } from '../health/health.module';
import { LoggingModule } from '../logging/logging.module';

/** What every service imports first: its typed config, its logger and the health routes. */
export function platformModules(config: object, logger: Logger): (DynamicModule | Type)[] {
  return [ConfigModule.forRoot(config), LoggingModule.forRoot(logger), HealthModule];
}
