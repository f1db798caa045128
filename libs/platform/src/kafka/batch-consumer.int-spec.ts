import { type Admin, type Kafka, type Producer } from 'kafkajs';
import { Redis } from 'ioredis';
import mongoose, { type Connection } from 'mongoose';
import { deadLetterTopic, defineEventCatalog, type EventEnvelope } from '@core-vault/contracts';
import { EventFactory } from '../events/event-factory';
import { testCatalog } from '../testing/fixtures/test-catalog';
import { readTopic, testInfra, testLogger, uniqueSuffix, waitFor } from '../testing';
import { toKafkaMessage } from './event-publisher';
import { type BatchEvent, type BatchEventHandler, IdempotentConsumer } from './idempotent-consumer';
import { createKafka, ensureTopics } from './kafka-client';
import { ProcessedEventRepository, type ProcessedEventStore } from './processed-event.repository';
import { RedisProcessedEventStore } from './redis-processed-event.store';

const suffix = uniqueSuffix();
const { catalog, placed } = testCatalog(`b${suffix}`);
const infra = testInfra();
const logger = testLogger();
const events = new EventFactory(catalog, 'platform-test');
let connection: Connection;
let redis: Redis;
let kafka: Kafka;
let admin: Admin;
let producer: Producer;
const running: IdempotentConsumer[] = [];
let seq = 0;

beforeAll(async () => {
  connection = await mongoose
    .createConnection(infra.mongoUrl, { dbName: `cv_test_batch_${suffix}` })
    .asPromise();
  redis = new Redis(infra.redisUrl);
  kafka = createKafka({ clientId: 'batch-test', brokers: infra.kafkaBrokers, logger });
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
  redis.disconnect();
});

async function freshTopic(): Promise<string> {
  const topic = placed.replace('.v1', `-${++seq}.v1`);
  await ensureTopics(admin, [topic, deadLetterTopic(topic)], 1);
  return topic;
}

function make(topic: string, n: number): EventEnvelope[] {
  return Array.from({ length: n }, (_, i) => ({
    ...events.create(placed, { orderId: 'o', seq: i + 1 }, { key: 'o' }).envelope,
    type: topic.replace(/\.v1$/, ''),
  }));
}

/** Counts round trips to the marker store, to show one dedupe query per chunk. */
function counting(store: ProcessedEventStore) {
  const calls = { seen: 0, markMany: 0 };
  const wrapped: ProcessedEventStore = {
    has: (g, id) => store.has(g, id),
    mark: (g, id, t, o) => store.mark(g, id, t, o),
    seen: (g, ids) => (calls.seen++, store.seen(g, ids)),
    markMany: (g, m) => (calls.markMany++, store.markMany(g, m)),
  };
  return { calls, store: wrapped };
}

async function consume(topic: string, handleBatch: BatchEventHandler, store: ProcessedEventStore) {
  const consumer = new IdempotentConsumer({
    kafka,
    groupId: `batch-${suffix}-${topic}`,
    topics: [topic],
    catalog: defineEventCatalog({ [topic]: catalog.schemaFor(placed) }),
    store,
    deadLetterProducer: producer,
    handleBatch,
    logger,
    maxAttempts: 2,
    backoffMs: 5,
  });
  running.push(consumer);
  await consumer.start();
  return consumer;
}

describe('idempotent consumer, batch mode (real broker, real stores)', () => {
  it('rejects options with both or neither handler', () => {
    const base = {
      kafka,
      groupId: 'g',
      topics: [],
      catalog,
      store: new ProcessedEventRepository(connection),
      deadLetterProducer: producer,
      logger,
    };
    expect(() => new IdempotentConsumer(base)).toThrow('exactly one of handler and handleBatch');
  });

  it('hands fresh events over in offset order, skips duplicates, and checks markers once per chunk', async () => {
    const topic = await freshTopic();
    const first = make(topic, 5);
    const { calls, store } = counting(new ProcessedEventRepository(connection));
    // Produced before the consumer starts: one Kafka batch, so one chunk.
    await producer.send({
      topic,
      acks: -1,
      messages: [...first, first[0]!, first[3]!].map(toKafkaMessage),
    });
    const handled: BatchEvent[][] = [];
    await consume(topic, (batch) => Promise.resolve(void handled.push([...batch])), store);
    await waitFor(
      () => handled.flat().length,
      (n) => n >= 5,
      { what: 'first chunk' },
    );
    expect(handled).toHaveLength(1);
    expect(handled[0]!.map((b) => b.event.id)).toEqual(first.map((e) => e.id));
    const offsets = handled[0]!.map((b) => Number(b.offset));
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(calls).toEqual({ seen: 1, markMany: 1 });

    // Redelivered ids at new offsets, plus one new event: only the new one reaches the handler.
    const [extra] = make(topic, 1);
    await producer.send({ topic, acks: -1, messages: [first[1]!, first[2]!, extra!].map(toKafkaMessage) });
    await waitFor(
      () => handled.flat().length,
      (n) => n >= 6,
      { what: 'second chunk' },
    );
    expect(handled.flat().map((b) => b.event.id)).toEqual([...first, extra!].map((e) => e.id));
  });

  it('parks a poison event and an invalid message alone, handles the rest, and moves on', async () => {
    const topic = await freshTopic();
    const [a, poison, b] = make(topic, 3);
    const handled: string[] = [];
    await producer.send({
      topic,
      acks: -1,
      messages: [
        toKafkaMessage(a!),
        toKafkaMessage(poison!),
        { key: 'o', value: '{broken' },
        toKafkaMessage(b!),
      ],
    });
    await consume(
      topic,
      (batch) => {
        if (batch.some((x) => x.event.id === poison!.id)) return Promise.reject(new Error('cannot apply'));
        handled.push(...batch.map((x) => x.event.id));
        return Promise.resolve();
      },
      new ProcessedEventRepository(connection),
    );
    await waitFor(
      () => handled,
      (h) => h.includes(a!.id) && h.includes(b!.id),
      { what: 'the good events' },
    );
    const parked = await readTopic(kafka, deadLetterTopic(topic), 2);
    const kinds = parked.map((m) => String(m.headers?.['x-dlq-kind'])).sort();
    expect(kinds).toEqual(['failed', 'invalid']);
    const failed = parked.find((m) => String(m.headers?.['x-dlq-kind']) === 'failed');
    expect(String(failed?.headers?.['x-dlq-error'])).toBe('cannot apply');

    const [next] = make(topic, 1);
    await producer.send({ topic, acks: -1, messages: [toKafkaMessage(next!)] });
    await waitFor(
      () => handled,
      (h) => h.includes(next!.id),
      { what: 'the partition moving on' },
    );
    expect(handled.filter((id) => id === a!.id)).toHaveLength(1);
  });

  it('keeps markers in Redis day sets that expire, and finds them across a day boundary', async () => {
    const DAY = 86_400_000;
    let now = Date.UTC(2030, 0, 1, 23, 59);
    const store = new RedisProcessedEventStore(redis, 2 * 86_400, `processed-test-${suffix}`, () => now);
    await store.markMany('g', [
      { eventId: 'e1', topic: 't', outcome: 'handled' },
      { eventId: 'e2', topic: 't', outcome: 'dead-lettered' },
    ]);
    expect([...(await store.seen('g', ['e1', 'e2', 'e3']))].sort()).toEqual(['e1', 'e2']);
    expect(await store.has('g', 'e3')).toBe(false);
    const key = `processed-test-${suffix}:g:${Math.floor(now / DAY)}`;
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(2 * 86_400);
    expect(ttl).toBeLessThanOrEqual(3 * 86_400);
    now += 2 * 60_000; // past midnight: yesterday's set is still checked
    await store.mark('g', 'e4', 't', 'handled');
    expect([...(await store.seen('g', ['e1', 'e4']))].sort()).toEqual(['e1', 'e4']);
    now += 3 * DAY; // beyond the window: old sets are no longer consulted
    expect(await store.has('g', 'e1')).toBe(false);
    await redis.del(key, `processed-test-${suffix}:g:${Math.floor((now - 3 * DAY) / DAY)}`);
  });

  it('checks a large batch in one call: ids past the Lua slice size, and ids in two day sets once', async () => {
    const DAY = 86_400_000;
    let now = Date.UTC(2030, 5, 1, 23, 59);
    const prefix = `processed-big-${suffix}`;
    const store = new RedisProcessedEventStore(redis, 2 * 86_400, prefix, () => now);
    const ids = Array.from({ length: 9_001 }, (_, i) => `big-${i}`);
    const marked = ids.filter((_, i) => i % 3 === 0);
    await store.markMany('g', [
      ...marked.map((eventId) => ({ eventId, topic: 't', outcome: 'handled' as const })),
    ]);
    now += DAY; // tomorrow: the same id marked again lands in a second set
    await store.mark('g', 'big-9000', 't', 'handled');
    const found = await store.seen('g', ids);
    expect(found.size).toBe(marked.length);
    expect([...found].every((id) => marked.includes(id))).toBe(true);
    await redis.del(`${prefix}:g:${Math.floor(now / DAY)}`, `${prefix}:g:${Math.floor((now - DAY) / DAY)}`);
  });
});
