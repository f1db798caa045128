import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { HealthRegistry } from './health.registry';

// Terminus logs a failed check as an error: readiness failing while a dependency restarts is
// expected and reported in the response, so its logger stays quiet. Exported so the modules
// that own a connection can inject terminus' built-in indicators (MongooseHealthIndicator,
// HttpHealthIndicator) for it.
@Global()
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [HealthRegistry],
  exports: [HealthRegistry, TerminusModule],
})
export class HealthModule {}
