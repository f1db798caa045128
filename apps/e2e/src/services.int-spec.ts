/**
 * Boots every real service from its entry point against the real local infrastructure (on
 * free ports, so it never collides with `npm start`), checks that readiness names exactly the
 * dependencies it uses, that the gateway lists every service, and that SIGTERM exits cleanly.
 */
import { join } from 'node:path';
import {
  type SpawnedProcess,
  deleteIsolatedIndexes,
  freePort,
  isolatedEnv,
  SERVICE_BOOT_TIMEOUT_MS,
  spawnTs,
  startServiceGroupsAtEnd,
  stopProcesses,
  testInfra,
  uniqueSuffix,
  waitFor,
  workspaceRoot,
} from '@core-vault/platform/testing';

type Report = { status: string; checks: Record<string, { status: string; critical: boolean }> };

const SERVICES: Record<string, string[]> = {
  identity: ['kafka', 'mongo', 'redis'],
  billing: ['kafka', 'mongo', 'redis'],
  // OpenSearch is listed (non-critical: search answers 503 without it, the rest works).
  artifacts: ['kafka', 'mongo', 'opensearch', 'redis'],
  analytics: ['kafka', 'mongo', 'redis'],
  onboarding: ['kafka', 'mongo', 'redis'],
};

const infra = testInfra();
// Consumer groups (started at the topics' end) and namespaces of this suite's own (platform's
// testing/service-groups.ts).
const groups = `boot-${uniqueSuffix()}`;
const running = new Map<string, { proc: SpawnedProcess; port: number }>();

async function boot(name: string, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const proc = spawnTs(join(workspaceRoot, `apps/${name}/src/main.ts`), {
    NODE_ENV: 'test',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    MONGO_DB: `cv_test_boot_${name}`,
    MONGO_URL: infra.mongoUrl,
    REDIS_URL: infra.redisUrl,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    ...isolatedEnv(groups, name),
    ...env,
  });
  running.set(name, { proc, port });
  return port;
}

const readiness = async (port: number) =>
  (await fetch(`http://127.0.0.1:${port}/health/ready`)).json() as Promise<Report>;
const isUp = (report: Report | string) => typeof report !== 'string' && report.status === 'up';

beforeAll(async () => {
  await startServiceGroupsAtEnd(infra.kafkaBrokers, groups, Object.keys(SERVICES));
  const ports = await Promise.all(
    Object.keys(SERVICES).map(async (name) => [name, await boot(name, {})] as const),
  );
  const urls = Object.fromEntries(
    ports.map(([name, port]) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${port}`]),
  );
  await boot('gateway', urls);
  // The probe keeps the whole report, so a service that never gets ready says which check is down.
  await Promise.all(
    [...running].map(([name, { port, proc }]) =>
      waitFor(() => readiness(port).catch((err: Error) => err.message), isUp, {
        what: () => `${name} ready (stderr: ${proc.stderr().slice(-500)})`,
        timeoutMs: SERVICE_BOOT_TIMEOUT_MS,
        intervalMs: 200,
      }),
    ),
  );
}, SERVICE_BOOT_TIMEOUT_MS + 30_000); // six services booting side by side: ~20 s on a quiet host

afterAll(async () => {
  await stopProcesses([...running.values()].map((r) => r.proc));
  await deleteIsolatedIndexes(infra.opensearchUrl, groups);
}, 30_000);

describe.each(Object.entries(SERVICES))('%s', (name, dependencies) => {
  it('is ready only with its own dependencies up, each one listed', async () => {
    const report = await readiness(running.get(name)!.port);
    expect(report.status).toBe('up');
    expect(Object.keys(report.checks).sort()).toEqual(dependencies);
    for (const dep of dependencies) expect(report.checks[dep]?.status).toBe('up');
  });
});

const PLATFORM_METRICS = [
  'http_request_duration_seconds',
  'kafka_consumer_lag',
  'kafka_consumer_events_total',
  'kafka_consumer_handler_errors_total',
  'outbox_backlog_events',
  'bullmq_queue_jobs',
  'bullmq_job_failures_total',
  'stripe_calls_total',
];

describe('metrics', () => {
  it.each([...Object.keys(SERVICES), 'gateway'])(
    '%s exposes every platform metric on /metrics',
    async (name) => {
      const { port } = running.get(name)!;
      await fetch(`http://127.0.0.1:${port}/health/live`);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      for (const metric of PLATFORM_METRICS) expect(text).toContain(`# TYPE ${metric} `);
      expect(text).toContain(`service="${name}"`);
      expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/health\/live"/);
    },
  );
});

describe('gateway', () => {
  it('lists every service and its own dependency as up', async () => {
    const report = await readiness(running.get('gateway')!.port);
    expect(report.status).toBe('up');
    expect(report.checks['redis']?.status).toBe('up');
    // View tracking's producer thread (ThreadedEventPublisher), connected to the broker.
    expect(report.checks['kafka-producer-thread']).toMatchObject({ status: 'up', critical: true });
    for (const name of Object.keys(SERVICES)) expect(report.checks[`service:${name}`]?.status).toBe('up');
  });

  it('stays ready but reports a downstream service that went away', async () => {
    const analytics = running.get('analytics')!;
    analytics.proc.child.kill('SIGTERM');
    const [code] = await analytics.proc.exited;
    expect(code).toBe(0);
    const report = await readiness(running.get('gateway')!.port);
    expect(report.status).toBe('up');
    expect(report.checks['service:analytics']).toMatchObject({ status: 'down', critical: false });
  });

  it('every service stops cleanly on SIGTERM', async () => {
    const rest = [...running.values()].filter(({ proc }) => proc.child.exitCode === null);
    for (const { proc } of rest) proc.child.kill('SIGTERM');
    const codes = await Promise.all(rest.map(({ proc }) => proc.exited.then(([code]) => code)));
    expect(codes).toEqual(rest.map(() => 0));
  });
});
