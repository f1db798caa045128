import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { type Response } from 'express';
import { Public } from '../http/public.decorator';
import { HealthRegistry, type ReadinessReport } from './health.registry';

@Controller('health')
export class HealthController {
  constructor(private readonly registry: HealthRegistry) {}

  /** The process is alive; says nothing about dependencies. */
  @Public()
  @Get('live')
  live(): { status: 'up' } {
    return { status: 'up' };
  }

  /** 200 only when every dependency this service uses answers. */
  @Public()
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessReport> {
    const report = await this.registry.readiness();
    res.status(report.status === 'up' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
