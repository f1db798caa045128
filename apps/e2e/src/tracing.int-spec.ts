/**
 * One trace id followed across the system on the real infrastructure: a sign-up through the
 * gateway (caller's W3C traceparent) → identity (its logs) → identity.user-registered.v1 through
 * the outbox and Kafka (envelope and message header) → an idempotent consumer, whose handler runs
 * inside a span of the same trace.
 */
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
  freePort,
  spawnTs,
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

async function boot(name: string, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const proc = spawnTs(join(workspaceRoot, `apps/${name}/src/main.ts`), {
    NODE_ENV: 'test',
    PORT: String(port),
    LOG_LEVEL: 'info',
    MONGO_DB: `cv_test_trace_${name}_${suffix}`,
    ...env,
  });
  processes.push(proc);
  await waitFor(() => answersOk(`http://127.0.0.1:${port}/health/live`), Boolean, {
    what: `${name} up (stderr: ${proc.stderr().slice(-300)})`,
    timeoutMs: 45_000,
    intervalMs: 200,
  });
  return port;
}

afterAll(async () => {
  const alive = processes.filter((p) => p.child.exitCode === null);
  for (const p of alive) p.child.kill('SIGTERM');
  await Promise.all(alive.map((p) => p.exited));
});

it('follows one trace id from a gateway request through a Kafka event into a consumer', async () => {
  const identity = await boot('identity', {});
  const gateway = await boot('gateway', { IDENTITY_URL: `http://127.0.0.1:${identity}` });

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
});
