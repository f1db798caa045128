import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  APP_CONFIG,
  type HealthCheckResult,
  HealthRegistry,
  type ReadinessReport,
} from '@core-vault/platform';
import { DOWNSTREAM_SERVICES, type DownstreamService, type GatewayConfig, serviceUrl } from '../config';

/**
 * Lists each downstream service's own readiness in the gateway's report. Non-critical: one
 * service being down must not take the whole public entry out of the load balancer.
 */
@Injectable()
export class DownstreamHealthIndicators implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    private readonly registry: HealthRegistry,
  ) {}

  onModuleInit(): void {
    for (const service of DOWNSTREAM_SERVICES) {
      this.registry.register({
        name: `service:${service}`,
        critical: false,
        check: () => this.check(service),
      });
    }
  }

  private async check(service: DownstreamService): Promise<HealthCheckResult> {
    const res = await fetch(`${serviceUrl(this.config, service)}/health/ready`, {
      signal: AbortSignal.timeout(1500),
    });
    const report = (await res.json()) as ReadinessReport;
    const dependencies = Object.fromEntries(Object.entries(report.checks).map(([k, v]) => [k, v.status]));
    return { status: res.ok && report.status === 'up' ? 'up' : 'down', details: { dependencies } };
  }
}
