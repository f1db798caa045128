import { Injectable } from '@nestjs/common';

export interface HealthCheckResult {
  status: 'up' | 'down';
  details?: Record<string, unknown>;
}

/** One per dependency (MongoDB, Kafka, Redis, a downstream service). */
export interface HealthIndicator {
  readonly name: string;
  /** A non-critical check is reported but does not make the service unready (default: critical). */
  readonly critical?: boolean;
  check(): Promise<HealthCheckResult>;
}

export interface ReadinessReport {
  status: 'up' | 'down';
  checks: Record<string, HealthCheckResult & { latencyMs: number; critical: boolean }>;
}

const CHECK_TIMEOUT_MS = 2000;

@Injectable()
export class HealthRegistry {
  private readonly indicators = new Map<string, HealthIndicator>();
  private shuttingDown = false;

  register(indicator: HealthIndicator): void {
    this.indicators.set(indicator.name, indicator);
  }

  /** Readiness turns false first on SIGTERM so load balancers stop sending traffic. */
  markShuttingDown(): void {
    this.shuttingDown = true;
  }

  async readiness(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.indicators.values()].map(async (indicator) => {
        const started = Date.now();
        const result = await withTimeout(indicator.check(), CHECK_TIMEOUT_MS).catch(
          (err: unknown): HealthCheckResult => ({
            status: 'down',
            details: { error: err instanceof Error ? err.message : String(err) },
          }),
        );
        return [
          indicator.name,
          { ...result, latencyMs: Date.now() - started, critical: indicator.critical ?? true },
        ] as const;
      }),
    );
    const checks = Object.fromEntries(entries);
    if (this.shuttingDown)
      checks['shutdown'] = {
        status: 'down',
        details: { reason: 'shutting down' },
        latencyMs: 0,
        critical: true,
      };
    const status = Object.values(checks).every((c) => !c.critical || c.status === 'up') ? 'up' : 'down';
    return { status, checks };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
