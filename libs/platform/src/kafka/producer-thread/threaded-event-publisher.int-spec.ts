/**
 * The producer thread against the real broker: what it publishes, its health, a thread that dies,
 * and its close. Under Jest it runs the worker from its TypeScript source (through SWC), as the
 * services do when started from sources.
 */
import { type Worker } from 'node:worker_threads';
import { type Admin, type Kafka } from 'kafkajs';
import pino from 'pino';
import { type EventEnvelope } from '@core-vault/contracts';
import { EventFactory, type OutboxEntry } from '../../events/event-factory';
import { type HealthRegistry } from '../../health/health.registry';
import { testCatalog } from '../../testing/fixtures/test-catalog';
import { readTopic, testInfra, testLogger, uniqueSuffix, waitFor } from '../../testing';
import { createKafka, ensureTopics } from '../kafka-client';
import { ThreadedEventPublisher } from './threaded-event-publisher';

const suffix = uniqueSuffix();
const { catalog, placed } = testCatalog(`pt${suffix}`);
const infra = testInfra();
const logger = testLogger();
const events = new EventFactory(catalog, 'platform-test');
const registered: string[] = [];
const health = {
  register: (i: { name: string }) => void registered.push(i.name),
} as unknown as HealthRegistry;
let kafka: Kafka;
let admin: Admin;
let seq = 0;
const open: ThreadedEventPublisher[] = [];

beforeAll(async () => {
  kafka = createKafka({ clientId: 'producer-thread-test', brokers: infra.kafkaBrokers, logger });
  admin = kafka.admin();
  await admin.connect();
});

afterAll(async () => {
  await Promise.all(open.map((p) => p.close()));
  await admin.disconnect();
});

function publisher(): ThreadedEventPublisher {
  const p = new ThreadedEventPublisher(
    { clientId: 'producer-thread-test', brokers: infra.kafkaBrokers },
    logger,
    health,
  );
  p.onModuleInit();
  open.push(p);
  return p;
}

async function freshTopic(): Promise<string> {
  const topic = placed.replace('.v1', `-${++seq}.v1`);
  await ensureTopics(admin, [topic], 3);
  return topic;
}

function entries(topic: string, n: number, key = (i: number) => `order-${i % 5}`): OutboxEntry[] {
  return Array.from({ length: n }, (_, i) => {
    const { envelope } = events.create(placed, { orderId: key(i), seq: i + 1 }, { key: key(i) });
    return {
      topic,
      envelope: {
        ...envelope,
        type: topic.replace(/\.v1$/, ''),
        traceparent: `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`,
      },
    };
  });
}

describe('ThreadedEventPublisher', () => {
  it('publishes every envelope once, keyed, with the event headers, also twenty publishes at once', async () => {
    const p = publisher();
    const topic = await freshTopic();
    const published = Array.from({ length: 20 }, () => entries(topic, 50));
    await Promise.all(published.map((list) => p.publish(list)));
    const got = await readTopic(kafka, topic, 1000);
    expect(got).toHaveLength(1000);
    const byId = new Map(published.flat().map((e) => [e.envelope.id, e.envelope]));
    for (const m of got) {
      const envelope = JSON.parse(String(m.value)) as EventEnvelope;
      expect(byId.get(envelope.id)).toEqual(envelope);
      expect(String(m.key)).toBe(envelope.key);
      expect(String(m.headers?.['event-id'])).toBe(envelope.id);
      expect(String(m.headers?.['event-type'])).toBe(topic);
      expect(String(m.headers?.['traceparent'])).toBe(envelope.traceparent);
    }
    expect(new Set(got.map((m) => String(m.headers?.['event-id']))).size).toBe(1000);
  });

  it('is a readiness check that turns up once its producer is connected', async () => {
    const p = publisher();
    expect(registered).toContain('kafka-producer-thread');
    await waitFor(
      () => p.check(),
      (r) => r.status === 'up',
      { what: 'the producer thread connected' },
    );
  });

  it('fails what a dying thread carried, and starts a new thread, ready again without a publish', async () => {
    const p = publisher();
    const topic = await freshTopic();
    await p.publish(entries(topic, 1));
    const worker = (p as unknown as { worker: Worker }).worker;
    const carried = p.publish(entries(topic, 10));
    await worker.terminate();
    await expect(carried).rejects.toThrow(/producer thread exited/);
    expect((await p.check()).status).toBe('down');
    await waitFor(
      () => p.check(),
      (r) => r.status === 'up',
      { what: 'a new producer thread connected' },
    );
    expect((p as unknown as { worker: Worker }).worker).not.toBe(worker);
    await p.publish(entries(topic, 5));
    // The 10 went out in one request or not at all, depending on when the thread died.
    const offsets = await admin.fetchTopicOffsets(topic);
    expect([6, 16]).toContain(offsets.reduce((n, o) => n + Number(o.high), 0));
  });

  it('logs the thread’s kafkajs warnings and errors through the service’s logger', async () => {
    const lines: string[] = [];
    const sink = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const p = new ThreadedEventPublisher(
      { clientId: 'producer-thread-away', brokers: ['127.0.0.1:1'] },
      sink,
      health,
    );
    p.onModuleInit();
    open.push(p);
    await waitFor(
      () => lines.length,
      (n) => n > 0,
      { what: 'a kafkajs log line from the thread' },
    );
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ component: 'kafkajs', thread: 'kafka-producer-thread' });
    expect(line['level']).toBeGreaterThanOrEqual(40);
    expect(JSON.stringify(line)).toContain('127.0.0.1:1');
  });

  it('answers what it was given before it closes, and refuses publishes after', async () => {
    const p = publisher();
    const topic = await freshTopic();
    const pending = p.publish(entries(topic, 200));
    const closed = p.close();
    await expect(pending).resolves.toBeUndefined();
    await closed;
    await expect(p.publish(entries(topic, 1))).rejects.toThrow(/closing/);
    expect(await readTopic(kafka, topic, 200)).toHaveLength(200);
  });
});
