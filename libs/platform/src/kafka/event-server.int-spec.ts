import { Controller, type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Admin, type Kafka, type Producer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import { deadLetterTopic, type EventEnvelope } from '@core-vault/contracts';
import { platformModules } from '../bootstrap/platform-modules';
import { EventFactory } from '../events/event-factory';
import { testCatalog } from '../testing/fixtures/test-catalog';
import { readTopic, testInfra, testLogger, uniqueSuffix, waitFor } from '../testing';
import { toKafkaMessage } from './event-publisher';
import { type ConsumerGroupSettings, type EventConsumer, eventPatterns } from './event-pattern';
import { startEventServer } from './event-server';
import { type BatchEvent, type BatchHandlerContext, type EventHandlerContext } from './idempotent-consumer';
import { createKafka, ensureTopics } from './kafka-client';
import { KafkaModule } from './kafka.module';
import { ProcessedEventRepository } from './processed-event.repository';

const suffix = uniqueSuffix();
const { catalog, placed, shipped } = testCatalog(`srv${suffix}`);
type Order = { orderId: string; seq: number };
const { EventPattern, EventBatchPattern } = eventPatterns<Record<string, Order>>();
const infra = testInfra();
const logger = testLogger();
const events = new EventFactory(catalog, 'platform-test');

let connection: Connection;
let kafka: Kafka;
let admin: Admin;
let producer: Producer;
let app: INestApplication | undefined;

/** What the handlers saw, and a switch to make the single handler fail. */
const seen = {
  single: [] as { topic: string; orderId: string; seq: number }[],
  batches: [] as { partition: number; seqs: number[] }[],
  failSeq: -1,
};

@Controller()
class OrdersConsumer implements EventConsumer {
  consumerGroup(): ConsumerGroupSettings {
    return { groupId: `server-single-${suffix}`, store: new ProcessedEventRepository(connection) };
  }

  @EventPattern(placed)
  async placed(event: EventEnvelope<Order>, ctx: EventHandlerContext): Promise<void> {
    if (event.data.seq === seen.failSeq) throw new Error(`order ${event.data.seq} cannot be placed`);
    seen.single.push({ topic: ctx.topic, ...event.data });
    return Promise.resolve();
  }

  @EventPattern(shipped)
  async shipped(event: EventEnvelope<Order>, ctx: EventHandlerContext): Promise<void> {
    seen.single.push({ topic: ctx.topic, ...event.data });
    return Promise.resolve();
  }
}

@Controller()
class ShippingStats implements EventConsumer {
  consumerGroup(): ConsumerGroupSettings {
    return {
      groupId: `server-batch-${suffix}`,
      store: new ProcessedEventRepository(connection),
      maxBatchSize: 50,
    };
  }

  @EventBatchPattern(shipped)
  async count(batch: readonly BatchEvent<Order>[], ctx: BatchHandlerContext): Promise<void> {
    seen.batches.push({ partition: ctx.partition, seqs: batch.map((b) => b.event.data.seq) });
    return Promise.resolve();
  }
}

@Module({ controllers: [OrdersConsumer, ShippingStats] })
class EventsTestModule {}

beforeAll(async () => {
  connection = await mongoose
    .createConnection(infra.mongoUrl, { dbName: `cv_test_server_${suffix}` })
    .asPromise();
  kafka = createKafka({ clientId: 'server-test', brokers: infra.kafkaBrokers, logger });
  admin = kafka.admin();
  await admin.connect();
  producer = kafka.producer({ maxInFlightRequests: 1 });
  await producer.connect();
  await ensureTopics(admin, [placed, shipped, deadLetterTopic(placed), deadLetterTopic(shipped)], 1);
  app = await NestFactory.create(
    {
      module: EventsTestModule,
      imports: [
        ...platformModules({}, logger.child({ service: 'server-test' })),
        KafkaModule.forRoot({
          clientId: 'server-test',
          brokers: infra.kafkaBrokers,
          consumes: [placed, shipped],
          partitions: 1,
          maxAttempts: 2,
          catalog,
        }),
      ],
    },
    { logger: false },
  );
  await startEventServer(app);
});

afterAll(async () => {
  await app?.close();
  await producer.disconnect();
  await admin.disconnect();
  await connection.dropDatabase();
  await connection.close();
});

function make(topic: string, seqs: number[]): EventEnvelope[] {
  return seqs.map((seq) => events.create(topic, { orderId: 'o-1', seq }, { key: 'o-1' }).envelope);
}

describe('Kafka event server (Nest handlers on the real broker)', () => {
  it('runs each class as its own group: single handlers by topic, batch handlers by chunk', async () => {
    await producer.send({ topic: placed, acks: -1, messages: make(placed, [1, 2]).map(toKafkaMessage) });
    await producer.send({ topic: shipped, acks: -1, messages: make(shipped, [3, 4, 5]).map(toKafkaMessage) });
    await waitFor(
      () => seen.single.length,
      (n) => n >= 5,
      { what: 'five single events' },
    );
    await waitFor(
      () => seen.batches.flatMap((b) => b.seqs).length,
      (n) => n >= 3,
      { what: 'three batched events' },
    );
    expect(seen.single).toEqual(
      expect.arrayContaining([
        { topic: placed, orderId: 'o-1', seq: 1 },
        { topic: placed, orderId: 'o-1', seq: 2 },
        { topic: shipped, orderId: 'o-1', seq: 3 },
        { topic: shipped, orderId: 'o-1', seq: 4 },
        { topic: shipped, orderId: 'o-1', seq: 5 },
      ]),
    );
    // The batch group read the same topic on its own, in offset order.
    expect(seen.batches.flatMap((b) => b.seqs)).toEqual([3, 4, 5]);
  });

  it('drops a resent event id, and parks a failing event on the DLQ with its own error', async () => {
    const [dup] = make(placed, [6]);
    await producer.send({ topic: placed, acks: -1, messages: [toKafkaMessage(dup!), toKafkaMessage(dup!)] });
    seen.failSeq = 7;
    await producer.send({ topic: placed, acks: -1, messages: make(placed, [7, 8]).map(toKafkaMessage) });
    await waitFor(
      () => seen.single.filter((e) => e.seq === 8).length,
      (n) => n === 1,
      { what: 'the event after the poison one' },
    );
    expect(seen.single.filter((e) => e.seq === 6)).toHaveLength(1);
    expect(seen.single.filter((e) => e.seq === 7)).toHaveLength(0);
    const [parked] = await readTopic(kafka, deadLetterTopic(placed), 1);
    // Nest's RPC layer would have replaced it by "Internal server error".
    expect(parked?.headers?.['x-dlq-error']?.toString()).toBe('order 7 cannot be placed');
    expect(parked?.headers?.['x-consumer-group']?.toString()).toBe(`server-single-${suffix}`);
    expect(parked?.headers?.['x-original-topic']?.toString()).toBe(placed);
  });
});
