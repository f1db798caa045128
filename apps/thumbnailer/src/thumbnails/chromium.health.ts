import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type HealthCheckResult, type HealthIndicator, HealthRegistry } from '@core-vault/platform';
import { ChromiumRenderer } from './chromium-renderer';

/** Chromium in /health/ready: a worker that cannot start its browser takes no jobs' time. */
@Injectable()
export class ChromiumHealthIndicator implements HealthIndicator, OnModuleInit {
  readonly name = 'chromium';

  constructor(
    private readonly renderer: ChromiumRenderer,
    private readonly registry: HealthRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async check(): Promise<HealthCheckResult> {
    return { status: (await this.renderer.healthy()) ? 'up' : 'down' };
  }
}
