import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { type Admin, type Kafka, KafkaJSNonRetriableError, type Producer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import { deadLetterTopic, defineEventCatalog, type EventEnvelope } from '@core-vault/contracts';
import { EventFactory } from '../events/event-factory';
import { testCatalog } from '../testing/fixtures/test-catalog';
import { readTopic, testInfra, testLogger, uniqueSuffix, waitFor } from '../testing';
import { toKafkaMessage } from './event-publisher';
import { IdempotentConsumer, type EventHandler } from './idempotent-consumer';
import { createKafka, ensureTopics } from './kafka-client';
import { ProcessedEventRepository } from './processed-event.repository';

const suffix = uniqueSuffix();
const { catalog, placed } = testCatalog(suffix);
const infra = testInfra();
const logger = testLogger();
const dbName = `cv_test_consumer_${suffix}`;
const events = new EventFactory(catalog, 'platform-test');
const workspaceRoot = join(__dirname, '../../../..');

let connection: Connection;
let kafka: Kafka;
let admin: Admin;
let producer: Producer;
let store: ProcessedEventRepository;
const running: IdempotentConsumer[] = [];
let groupSeq = 0;

beforeAll(async () => {
  connection = await mongoose.createConnection(infra.mongoUrl, { dbName }).asPromise();
  store = new ProcessedEventRepository(connection);
  kafka = createKafka({ clientId: 'consumer-test', brokers: infra.kafkaBrokers, logger });
  admin = kafka.admin();
  await admin.connect();
  producer = kafka.producer({ maxInFlightRequests: 1 });
  await producer.connect();
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop()));
});

afterAll(async () => {
  await producer.disconnect();
  await admin.disconnect();
  await connection.dropDatabase();
  await connection.close();
});

/** Every test gets its own topic (3 partitions) and its dead-letter topic. */
async function freshTopic(): Promise<string> {
  const topic = placed.replace('.v1', `-${++groupSeq}.v1`);
  await ensureTopics(admin, [topic, deadLetterTopic(topic)], 3);
  return topic;
}

function testEvents(topic: string, n: number, key = 'order-1'): EventEnvelope[] {
  // The test catalog knows `placed`; topics derived from it share its schema.
  return Array.from({ length: n }, (_, i) => ({
    ...events.create(placed, { orderId: key, seq: i + 1 }, { key }).envelope,
    type: topic.replace(/\.v1$/, ''),
  }));
}

async function produce(topic: string, envelopes: EventEnvelope[]): Promise<void> {
  await producer.send({ topic, acks: -1, messages: envelopes.map(toKafkaMessage) });
}

function catalogFor(topic: string) {
  return defineEventCatalog({ [topic]: catalog.schemaFor(placed) });
}

async function consume(
  topic: string,
  handler: EventHandler,
  groupId = `group-${suffix}-${topic}`,
  maxAttempts = 3,
) {
  const consumer = new IdempotentConsumer({
    kafka,
    groupId,
    topics: [topic],
    catalog: catalogFor(topic),
    store,
    deadLetterProducer: producer,
    handler,
    logger,
    maxAttempts,
    backoffMs: 10,
  });
  running.push(consumer);
  await consumer.start();
  return consumer;
}

describe('idempotent consumer (real broker, real database)', () => {
  it('creates topics with the configured partition count, once', async () => {
    const topic = placed.replace('.v1', '-partitions.v1');
    expect(await ensureTopics(admin, [topic], 4)).toEqual([topic]);
    expect(await ensureTopics(admin, [topic], 4)).toEqual([]);
    const meta = await admin.fetchTopicMetadata({ topics: [topic] });
    expect(meta.topics[0]?.partitions).toHaveLength(4);
  });

  it('handles an event delivered twice exactly once', async () => {
    const topic = await freshTopic();
    const [event] = testEvents(topic, 1);
    const handled: string[] = [];
    await consume(topic, (e) => Promise.resolve(void handled.push(e.id)));
    await produce(topic, [event!, event!]);
    const [marker] = testEvents(topic, 1);
    await produce(topic, [marker!]);
    await waitFor(
      () => handled.length,
      (n) => n >= 2,
      { what: 'marker event handled' },
    );
    expect(handled).toEqual([event!.id, marker!.id]);
  });

  it('retries a failing handler with backoff, then succeeds once', async () => {
    const topic = await freshTopic();
    const [event] = testEvents(topic, 1);
    let calls = 0;
    const done: number[] = [];
    await consume(topic, (e, ctx) => {
      calls++;
      if (ctx.attempt < 3) return Promise.reject(new Error('flaky dependency'));
      done.push(ctx.attempt);
      return Promise.resolve();
    });
    await produce(topic, [event!]);
    await waitFor(
      () => done.length,
      (n) => n === 1,
      { what: 'third attempt' },
    );
    expect(calls).toBe(3);
    // The marker is written just after the handler returns: wait for it rather than race it.
    await waitFor(() => store.has(`group-${suffix}-${topic}`, event!.id), Boolean, {
      what: 'processed marker',
    });
  });

  it('parks an event that keeps failing on <topic>.dlq with the error, and moves on', async () => {
    const topic = await freshTopic();
    const [bad, good] = testEvents(topic, 2);
    const attempts: Record<string, number> = {};
    const handled: string[] = [];
    await consume(topic, (e) => {
      attempts[e.id] = (attempts[e.id] ?? 0) + 1;
      if (e.id === bad!.id) return Promise.reject(new Error('cannot apply this one'));
      handled.push(e.id);
      return Promise.resolve();
    });
    await produce(topic, [bad!, good!]);
    await waitFor(
      () => handled,
      (h) => h.includes(good!.id),
      { what: 'next event after the poison one' },
    );
    expect(attempts[bad!.id]).toBe(3);
    const [parked] = await readTopic(kafka, deadLetterTopic(topic), 1);
    expect(String(parked?.headers?.['x-dlq-error'])).toBe('cannot apply this one');
    expect(String(parked?.headers?.['x-dlq-kind'])).toBe('failed');
    expect(JSON.parse(String(parked?.value)).id).toBe(bad!.id);
  });

  it('starts a new consumer when kafkajs crashes for good, and loses nothing', async () => {
    const topic = await freshTopic();
    const [bad, good] = testEvents(topic, 2);
    const handled: string[] = [];
    // The first dead-letter write fails with an error kafkajs treats as fatal: its consumer crashes
    // and does not restart itself (as around a broker restart), with `bad` neither parked nor marked.
    let failNext = true;
    const flakyDeadLetters = {
      send: (record: Parameters<Producer['send']>[0]) => {
        if (!failNext) return producer.send(record);
        failNext = false;
        return Promise.reject(new KafkaJSNonRetriableError('broker said no'));
      },
    } as Producer;
    const consumer = new IdempotentConsumer({
      kafka,
      groupId: `group-${suffix}-${topic}`,
      topics: [topic],
      catalog: catalogFor(topic),
      store,
      deadLetterProducer: flakyDeadLetters,
      handler: (e) => {
        if (e.id === bad!.id) return Promise.reject(new Error('cannot apply this one'));
        handled.push(e.id);
        return Promise.resolve();
      },
      logger,
      maxAttempts: 1,
      backoffMs: 10,
      restartBackoffMs: 10,
    });
    running.push(consumer);
    await consumer.start();
    await produce(topic, [bad!, good!]);
    await waitFor(
      () => handled,
      (h) => h.includes(good!.id),
      { timeoutMs: 30_000, what: 'the event after the crash, handled by the new consumer' },
    );
    expect(consumer.restarts).toBe(1);
    expect(failNext).toBe(false);
    const [parked] = await readTopic(kafka, deadLetterTopic(topic), 1);
    expect(JSON.parse(String(parked?.value)).id).toBe(bad!.id);
    expect(handled).toEqual([good!.id]);
  });

  it('waits out a database outage past maxAttempts instead of parking the event', async () => {
    const topic = await freshTopic();
    const [event] = testEvents(topic, 1);
    const done: number[] = [];
    await consume(topic, (e, ctx) => {
      // Six failures with maxAttempts 3: the database was away for longer than the retries.
      if (ctx.attempt <= 6)
        return Promise.reject(
          Object.assign(new Error('connect ECONNREFUSED'), { name: 'MongoNetworkError' }),
        );
      done.push(ctx.attempt);
      return Promise.resolve();
    });
    await produce(topic, [event!]);
    await waitFor(
      () => done,
      (d) => d.length === 1,
      { what: 'the event handled once the database is back' },
    );
    expect(done).toEqual([7]);
    await waitFor(() => store.has(`group-${suffix}-${topic}`, event!.id), Boolean, {
      what: 'processed marker',
    });
    const dlq = (await admin.fetchTopicOffsets(deadLetterTopic(topic)).catch(() => [])) as { high: string }[];
    expect(dlq.every((p) => p.high === '0')).toBe(true);
  });

  it('parks a malformed message at once without calling the handler', async () => {
    const topic = await freshTopic();
    const [good] = testEvents(topic, 1);
    const handled: string[] = [];
    await consume(topic, (e) => Promise.resolve(void handled.push(e.id)));
    await producer.send({ topic, messages: [{ key: 'order-1', value: '{"not":"an envelope"' }] });
    await produce(topic, [good!]);
    await waitFor(
      () => handled.length,
      (n) => n === 1,
      { what: 'valid event after the malformed one' },
    );
    const [parked] = await readTopic(kafka, deadLetterTopic(topic), 1);
    expect(String(parked?.headers?.['x-dlq-kind'])).toBe('invalid');
    expect(String(parked?.headers?.['x-dlq-error'])).toContain('not valid JSON');
  });

  describe('crash recovery, with the consumer in a real child process killed by SIGKILL', () => {
    function startChild(env: Record<string, string>): { child: ChildProcess; ready: Promise<void> } {
      const child = spawn(
        process.execPath,
        ['-r', '@swc-node/register', join(__dirname, '../testing/fixtures/crash-consumer.ts')],
        {
          cwd: workspaceRoot,
          env: {
            ...process.env,
            SWC_NODE_PROJECT: join(workspaceRoot, 'tsconfig.base.json'),
            SUFFIX: suffix,
            MONGO_URL: infra.mongoUrl,
            MONGO_DB: dbName,
            KAFKA_BROKERS: infra.kafkaBrokers.join(','),
            ...env,
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout?.on('data', (b: Buffer) => b.toString().includes('ready') && resolve());
        child.once('exit', (code, signal) => reject(new Error(`child exited early (${code ?? signal})`)));
      });
      return { child, ready };
    }

    async function stopChild(child: ChildProcess): Promise<void> {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }

    const effects = () => connection.collection<{ _id: string; n: number }>('effects');

    beforeAll(async () => {
      await ensureTopics(admin, [placed, deadLetterTopic(placed)], 3);
    });

    it('crash after handling but before the offset commit: each effect happens once, nothing lost', async () => {
      const batch = testEvents(placed, 10, 'order-crash');
      await produce(placed, batch);
      const group = `crash-after-${suffix}`;
      const first = startChild({ GROUP: group, CRASH_AT: 'after-mark', CRASH_EVENT: batch[4]!.id });
      const [, signal] = (await once(first.child, 'exit')) as [number | null, string | null];
      expect(signal).toBe('SIGKILL');
      const beforeRestart = await effects().countDocuments({ _id: { $in: batch.map((e) => e.id) } });
      expect(beforeRestart).toBe(5);

      const second = startChild({ GROUP: group });
      await second.ready;
      await waitFor(
        () => effects().countDocuments({ _id: { $in: batch.map((e) => e.id) } }),
        (n) => n === 10,
        { what: 'all ten effects after restart' },
      );
      await stopChild(second.child);
      const counts = await effects()
        .find({ _id: { $in: batch.map((e) => e.id) } })
        .toArray();
      expect(counts.map((c) => c.n)).toEqual(Array(10).fill(1));
    });

    it('crash between the effect and the processed marker: applyOnce keeps the effect single', async () => {
      const batch = testEvents(placed, 6, 'order-guarded');
      await connection.collection('guarded').insertMany(batch.map((e) => ({ _id: e.id, n: 0 }) as never));
      await produce(placed, batch);
      const group = `crash-before-${suffix}`;
      const first = startChild({ GROUP: group, CRASH_AT: 'before-mark', CRASH_EVENT: batch[2]!.id });
      await once(first.child, 'exit');
      const guarded = () => connection.collection<{ _id: string; n: number }>('guarded');
      expect((await guarded().findOne({ _id: batch[2]!.id }))?.n).toBe(1);
      expect(await store.has(group, batch[2]!.id)).toBe(false);

      const second = startChild({ GROUP: group, CRASH_AT: 'before-mark' });
      await second.ready;
      await waitFor(
        () => Promise.all(batch.map((e) => store.has(group, e.id))),
        (marks) => marks.every(Boolean),
        { what: 'every guarded event marked processed' },
      );
      await stopChild(second.child);
      const rows = await guarded()
        .find({ _id: { $in: batch.map((e) => e.id) } })
        .toArray();
      expect(rows.map((r) => r.n)).toEqual(Array(6).fill(1));
    });
  });
});
