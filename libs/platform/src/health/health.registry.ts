import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  HealthCheckService,
  type HealthCheckResult as TerminusResult,
  type HealthIndicatorResult,
  HealthIndicatorService,
} from '@nestjs/terminus';

export interface HealthCheckResult {
  status: 'up' | 'down';
  details?: Record<string, unknown>;
}

/**
 * A dependency checked by a terminus built-in (MongooseHealthIndicator, HttpHealthIndicator):
 * `check(key)` is the built-in's own call, answering `{ [key]: { status, ...details } }`.
 */
export interface TerminusIndicator {
  readonly name: string;
  /** A non-critical check is reported but does not make the service unready (default: critical). */
  readonly critical?: boolean;
  readonly terminus: (key: string) => Promise<HealthIndicatorResult>;
}

/**
 * A dependency terminus has no indicator for (Kafka, Redis): a plain check, which the registry
 * runs as a custom indicator on terminus' HealthIndicatorService (its documented way for those).
 */
export interface HealthIndicator {
  readonly name: string;
  /** A non-critical check is reported but does not make the service unready (default: critical). */
  readonly critical?: boolean;
  check(): Promise<HealthCheckResult>;
}

export type DependencyReport = HealthCheckResult & { latencyMs: number; critical: boolean };

/** /health/ready's body: the Helm probes read the status code, operators and tests the checks. */
export interface ReadinessReport {
  status: 'up' | 'down';
  checks: Record<string, DependencyReport>;
}

const CHECK_TIMEOUT_MS = 2000;

/**
 * The dependencies a service's readiness depends on. Each module that owns a connection registers
 * its indicator here; readiness runs them as `@nestjs/terminus` health indicators — the critical
 * ones through terminus' HealthCheckService, whose verdict is the service's — and keeps the report
 * shape the probes, dashboards and tests have always read ({ status, checks }).
 */
@Injectable()
export class HealthRegistry {
  private readonly indicators = new Map<string, HealthIndicator | TerminusIndicator>();
  private shuttingDown = false;

  constructor(
    private readonly health: HealthCheckService,
    private readonly sessions: HealthIndicatorService,
  ) {}

  register(indicator: HealthIndicator | TerminusIndicator): void {
    this.indicators.set(indicator.name, indicator);
  }

  /** Readiness turns false first on SIGTERM so load balancers stop sending traffic. */
  markShuttingDown(): void {
    this.shuttingDown = true;
  }

  async readiness(): Promise<ReadinessReport> {
    const all = [...this.indicators.values()];
    const [verdict, optional] = await Promise.all([
      this.health
        .check(all.filter((i) => i.critical !== false).map((i) => () => this.run(i)))
        .catch((err: unknown) => {
          if (err instanceof ServiceUnavailableException) return err.getResponse() as TerminusResult;
          throw err;
        }),
      // Reported beside the verdict, never part of it.
      Promise.all(all.filter((i) => i.critical === false).map((i) => this.run(i))),
    ]);
    const results: HealthIndicatorResult[] = [verdict.details ?? {}, ...optional];
    const checks: Record<string, DependencyReport> = {};
    for (const [name, result] of results.flatMap((r) => Object.entries(r))) {
      const { status, latencyMs, critical, details } = result as DependencyReport;
      checks[name] = { status, ...(details ? { details } : {}), latencyMs, critical };
    }
    if (this.shuttingDown)
      checks['shutdown'] = {
        status: 'down',
        details: { reason: 'shutting down' },
        latencyMs: 0,
        critical: true,
      };
    const up = verdict.status === 'ok' && !this.shuttingDown;
    return { status: up ? 'up' : 'down', checks };
  }

  /** One dependency as a terminus indicator: never throws, answers within CHECK_TIMEOUT_MS. */
  private async run(indicator: HealthIndicator | TerminusIndicator): Promise<HealthIndicatorResult> {
    const { name } = indicator;
    const session = this.sessions.check(name);
    const started = Date.now();
    const answer = 'terminus' in indicator ? indicator.terminus(name) : this.custom(indicator, session);
    const result = await withTimeout(answer, CHECK_TIMEOUT_MS).catch((err: unknown) =>
      session.down({ error: err instanceof Error ? err.message : String(err) }),
    );
    const { status, ...rest }: { status: string } & Record<string, unknown> = result[name] ?? {
      status: 'down',
      error: 'no result under its name',
    };
    // A custom check's details are already nested; a built-in's sit beside its status.
    const details: unknown =
      'details' in rest ? rest['details'] : Object.keys(rest).length ? rest : undefined;
    const data = {
      latencyMs: Date.now() - started,
      critical: indicator.critical ?? true,
      ...(details ? { details } : {}),
    };
    return status === 'up' ? session.up(data) : session.down(data);
  }

  private async custom(
    indicator: HealthIndicator,
    session: ReturnType<HealthIndicatorService['check']>,
  ): Promise<HealthIndicatorResult> {
    const { status, details } = await indicator.check();
    const data: Record<string, unknown> = details ? { details } : {};
    return status === 'up' ? session.up(data) : session.down(data);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
