import { HttpService } from '@nestjs/axios';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpHealthIndicator } from '@nestjs/terminus';
import { APP_CONFIG, HealthRegistry } from '@core-vault/platform';
import { DOWNSTREAM_SERVICES, type GatewayConfig, serviceUrl } from '../config';

/**
 * Lists each downstream service's own readiness in the gateway's report, by terminus'
 * HttpHealthIndicator on the service's /health/ready (200 only when it is ready; a 503 or no
 * answer reports it down, with the status or the error). Non-critical: one service being down
 * must not take the whole public entry out of the load balancer.
 */
@Injectable()
export class DownstreamHealthIndicators implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    private readonly registry: HealthRegistry,
    private readonly http: HttpHealthIndicator,
    private readonly client: HttpService,
  ) {}

  onModuleInit(): void {
    for (const service of DOWNSTREAM_SERVICES) {
      const url = `${serviceUrl(this.config, service)}/health/ready`;
      this.registry.register({
        name: `service:${service}`,
        critical: false,
        // Inside the registry's own 2 s limit, so a slow service reads as this timeout.
        terminus: (key) =>
          this.http.pingCheck(key, url, { httpClient: this.client, timeout: 1500, proxy: false }),
      });
    }
  }
}
