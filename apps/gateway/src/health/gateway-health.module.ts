import { HttpModule } from '@nestjs/axios';
import { Module } from '@nestjs/common';
import { DownstreamHealthIndicators } from './downstream.indicator';

/** The downstream services in the gateway's readiness report (HttpModule for terminus' HTTP check). */
@Module({
  imports: [HttpModule],
  providers: [DownstreamHealthIndicators],
})
export class GatewayHealthModule {}
