import { type DynamicModule, type Type } from '@nestjs/common';
import { type Logger } from 'pino';
import { ConfigModule } from '../config/config.module';
import { HealthModule } from '../health/health.module';
import { LoggingModule } from '../logging/logging.module';
import { MetricsModule } from '../metrics/metrics.module';

/** What every service imports first: its typed config, its logger, health routes and metrics. */
export function platformModules(config: object, logger: Logger): (DynamicModule | Type)[] {
  const service = (logger.bindings()['service'] as string | undefined) ?? 'service';
  return [
    ConfigModule.forRoot(config),
    LoggingModule.forRoot(logger),
    HealthModule,
    MetricsModule.forRoot(service),
  ];
}
