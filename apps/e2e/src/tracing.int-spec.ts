/**
 * One trace id followed across the system on the real infrastructure: a sign-up through the
 * gateway (caller's W3C traceparent) → identity (its logs) → identity.user-registered.v1 through
 * the outbox and Kafka (envelope and message header) → an idempotent consumer, whose handler runs
 * inside a span of the same trace. Then the spans themselves, as the OpenTelemetry SDK exports
 * them over OTLP: an artifact created through the gateway → artifacts' database writes → Kafka →
 * analytics' consumer and its database write, all in the caller's trace.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Topic, productEventCatalog } from '@core-vault/contracts';
import {
  IdempotentConsumer,
  ProcessedEventRepository,
  createKafka,
  requestContext,
  traceIdOf,
} from '@core-vault/platform';
import {
  type SpawnedProcess,
  answersOk,
  deleteIsolatedIndexes,
  devTokenFor,
  freePorts,
  isolatedEnv,
  SERVICE_BOOT_TIMEOUT_MS,
  spawnTs,
  startServiceGroupsAtEnd,
  stopProcesses,
  testInfra,
  testLogger,
  uniqueSuffix,
  waitFor,
  workspaceRoot,
} from '@core-vault/platform/testing';
import mongoose from 'mongoose';

const infra = testInfra();
const suffix = uniqueSuffix();
const processes: SpawnedProcess[] = [];
// Consumer groups and namespaces of this suite's own (platform's testing/service-groups.ts).
const groups = `trace-${suffix}`;

/** Starts a service on `port` and waits until it answers. */
async function boot(name: string, env: Record<string, string>, port: number): Promise<void> {
  const proc = spawnTs(join(workspaceRoot, `apps/${name}/src/main.ts`), {
    NODE_ENV: 'test',
    PORT: String(port),
    LOG_LEVEL: 'info',
    MONGO_DB: `cv_test_trace_${name}_${suffix}`,
    ...isolatedEnv(groups, name),
    ...env,
  });
  processes.push(proc);
  await waitFor(() => answersOk(`http://127.0.0.1:${port}/health/live`), Boolean, {
    what: () => `${name} up (stderr: ${proc.stderr().slice(-300)})`,
    timeoutMs: SERVICE_BOOT_TIMEOUT_MS,
    intervalMs: 200,
  });
}

afterAll(async () => {
  await stopProcesses(processes);
  await deleteIsolatedIndexes(infra.opensearchUrl, groups);
});

it(
  'follows one trace id from a gateway request through a Kafka event into a consumer',
  async () => {
    // Both start at once: the gateway needs identity's address, not identity up, to start.
    const { identity, gateway } = await freePorts(['identity', 'gateway']);
    await startServiceGroupsAtEnd(infra.kafkaBrokers, groups, ['identity']);
    await Promise.all([
      boot('identity', {}, identity),
      boot('gateway', { IDENTITY_URL: `http://127.0.0.1:${identity}` }, gateway),
    ]);

    const traceId = uniqueSuffix(16);
    const email = `trace-${suffix}@example.com`;
    const res = await fetch(`http://127.0.0.1:${gateway}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      body: JSON.stringify({
        firstName: 'Trace',
        lastName: 'Test',
        email,
        password: 'correct horse',
        confirmPassword: 'correct horse',
        planType: 'pro_monthly',
      }),
    });
    expect(res.status).toBe(201);

    // Both services logged the request under the caller's trace id.
    for (const proc of processes) {
      await waitFor(
        () => proc.stdout(),
        (out) => out.includes(`"traceId":"${traceId}"`),
        { what: 'trace id in logs' },
      );
    }

    // The event, relayed from identity's outbox, carries the trace into the consumer's span.
    const logger = testLogger();
    const kafka = createKafka({ clientId: 'trace-test', brokers: infra.kafkaBrokers, logger });
    const producer = kafka.producer();
    await producer.connect();
    const connection = await mongoose
      .createConnection(infra.mongoUrl, { dbName: `cv_test_trace_${suffix}` })
      .asPromise();
    const seen: { envelopeTrace?: string; handlerTrace?: string }[] = [];
    const consumer = new IdempotentConsumer({
      kafka,
      groupId: `trace-test-${suffix}`,
      topics: [Topic.UserRegistered],
      catalog: productEventCatalog,
      store: new ProcessedEventRepository(connection),
      deadLetterProducer: producer,
      logger,
      handler: (event) => {
        if ((event.data as { email: string }).email === email) {
          seen.push({
            envelopeTrace: traceIdOf(event.traceparent),
            handlerTrace: traceIdOf(requestContext.getStore()?.traceparent),
          });
        }
        return Promise.resolve();
      },
    });
    try {
      await consumer.start();
      const [observed] = await waitFor(
        () => seen,
        (s) => s.length > 0,
        { what: 'the user-registered event' },
      );
      expect(observed).toEqual({ envelopeTrace: traceId, handlerTrace: traceId });
    } finally {
      await consumer.stop();
      await producer.disconnect();
      await connection.dropDatabase();
      await connection.close();
    }
  },
  SERVICE_BOOT_TIMEOUT_MS + 60_000,
);

interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string } }[];
}

/** An OTLP/HTTP (JSON) trace collector on loopback: what the services' exporters send. */
async function collector(): Promise<{ url: string; spans: ExportedSpan[]; close: () => void }> {
  const spans: ExportedSpan[] = [];
  type Attribute = ExportedSpan['attributes'][number];
  type Body = {
    resourceSpans?: {
      resource?: { attributes?: Attribute[] };
      scopeSpans?: { spans?: Omit<ExportedSpan, 'service'>[] }[];
    }[];
  };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Body;
      for (const rs of body.resourceSpans ?? []) {
        const service =
          rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
        for (const ss of rs.scopeSpans ?? [])
          for (const span of ss.spans ?? []) spans.push({ ...span, service });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, spans, close: () => server.close() };
}

it(
  "exports one trace from the gateway through Kafka to the consumer's database write",
  async () => {
    const otlp = await collector();
    // Export within a fraction of a second instead of the SDK's 5 s batches.
    const traced = { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '200' };
    await startServiceGroupsAtEnd(infra.kafkaBrokers, groups, ['artifacts', 'analytics']);
    try {
      const { artifacts, analytics, gateway } = await freePorts(['artifacts', 'analytics', 'gateway']);
      await Promise.all([
        boot('artifacts', traced, artifacts),
        boot(
          'analytics',
          {
            ...traced,
            ANALYTICS_REDIS_PREFIX: `trace-test-${suffix}`,
          },
          analytics,
        ),
        boot(
          'gateway',
          {
            ...traced,
            ARTIFACTS_URL: `http://127.0.0.1:${artifacts}`,
            ANALYTICS_URL: `http://127.0.0.1:${analytics}`,
          },
          gateway,
        ),
      ]);

      const traceId = uniqueSuffix(16);
      const res = await fetch(`http://127.0.0.1:${gateway}/api/v1/artifacts`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${devTokenFor(`trace-${suffix}`)}`,
          traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
        },
        body: JSON.stringify({ title: 'Traced', type: 'HTML', content: '<p>traced</p>' }),
      });
      expect(res.status).toBe(201);

      const inTrace = () => otlp.spans.filter((s) => s.traceId === traceId);
      const has = (service: string, test: (s: ExportedSpan) => boolean) =>
        inTrace().some((s) => s.service === service && test(s));
      const SERVER = 2;
      const CONSUMER = 5;
      // mongodb's instrumentation names a command span "<operation> <collection>".
      const isDbWrite = (s: ExportedSpan) =>
        s.attributes.some((a) => a.key === 'db.system.name' && a.value.stringValue === 'mongodb') &&
        /^(insert|update|findAndModify|delete) /.test(s.name);
      await waitFor(
        () => inTrace(),
        () =>
          has('gateway', (s) => s.kind === SERVER) &&
          has('artifacts', (s) => s.kind === SERVER) &&
          has('artifacts', isDbWrite) &&
          has('analytics', (s) => s.kind === CONSUMER) &&
          has('analytics', isDbWrite),
        {
          what: 'the spans of gateway, artifacts and analytics in one trace',
          timeoutMs: 45_000,
        },
      );
      // The consumer's write hangs off its consumer span, which continues the event's trace.
      const consumed = inTrace().filter((s) => s.service === 'analytics' && s.kind === CONSUMER);
      const writes = inTrace().filter((s) => s.service === 'analytics' && isDbWrite(s));
      const ids = new Set(inTrace().map((s) => s.spanId));
      expect(writes.every((w) => w.parentSpanId && ids.has(w.parentSpanId))).toBe(true);
      expect(consumed.length).toBeGreaterThan(0);
    } finally {
      otlp.close();
    }
  },
  SERVICE_BOOT_TIMEOUT_MS + 60_000,
);
