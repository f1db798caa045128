import { Controller, type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Admin, AssignerProtocol, type Kafka, type Producer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import { deadLetterTopic, type EventEnvelope } from '@core-vault/contracts';
import { platformModules } from '../bootstrap/platform-modules';
import { EventFactory } from '../events/event-factory';
import { testCatalog } from '../testing/fixtures/test-catalog';
import { testInfra, testLogger, uniqueSuffix, waitFor } from '../testing';
import { toKafkaMessage } from './event-publisher';
import { type ConsumerGroupSettings, type EventConsumer, eventPatterns } from './event-pattern';
import { startEventServer } from './event-server';
import { type BatchEvent, type BatchHandlerContext } from './idempotent-consumer';
import { createKafka, ensureTopics } from './kafka-client';
import { KafkaModule } from './kafka.module';
import { ProcessedEventRepository } from './processed-event.repository';

// A batch group with `members: 3` on a three-partition topic: three consumers in one process,
// one partition each, every event handled once — and all of them leave the group on close.
const suffix = uniqueSuffix();
const { catalog, placed } = testCatalog(`mem${suffix}`);
type Order = { orderId: string; seq: number };
const { EventBatchPattern } = eventPatterns<Record<string, Order>>();
const infra = testInfra();
const logger = testLogger();
const events = new EventFactory(catalog, 'platform-test');
const groupId = `members-${suffix}`;
const PARTITIONS = 3;

let connection: Connection;
let kafka: Kafka;
let admin: Admin;
let producer: Producer;
let app: INestApplication | undefined;
const handled: { partition: number; seq: number }[] = [];

@Controller()
class PlacedCounter implements EventConsumer {
  consumerGroup(): ConsumerGroupSettings {
    return {
      groupId,
      store: new ProcessedEventRepository(connection),
      partitionsConsumedConcurrently: PARTITIONS,
      members: PARTITIONS,
    };
  }

  @EventBatchPattern(placed)
  async count(batch: readonly BatchEvent<Order>[], ctx: BatchHandlerContext): Promise<void> {
    for (const { event } of batch) handled.push({ partition: ctx.partition, seq: event.data.seq });
    return Promise.resolve();
  }
}

@Module({ controllers: [PlacedCounter] })
class MembersTestModule {}

beforeAll(async () => {
  connection = await mongoose
    .createConnection(infra.mongoUrl, { dbName: `cv_test_members_${suffix}` })
    .asPromise();
  kafka = createKafka({ clientId: 'members-test', brokers: infra.kafkaBrokers, logger });
  admin = kafka.admin();
  await admin.connect();
  producer = kafka.producer({ maxInFlightRequests: 1 });
  await producer.connect();
  await ensureTopics(admin, [placed, deadLetterTopic(placed)], PARTITIONS);
  app = await NestFactory.create(
    {
      module: MembersTestModule,
      imports: [
        ...platformModules({}, logger.child({ service: 'members-test' })),
        KafkaModule.forRoot({
          clientId: 'members-test',
          brokers: infra.kafkaBrokers,
          consumes: [placed],
          partitions: PARTITIONS,
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

/** The group's members as the coordinator sees them, with the partitions each was given. */
async function membersOfGroup(): Promise<number[][]> {
  const { groups } = await admin.describeGroups([groupId]);
  return (groups[0]?.members ?? []).map((m) => {
    const assignment = AssignerProtocol.MemberAssignment.decode(m.memberAssignment);
    return (assignment?.assignment[placed] ?? []).slice().sort();
  });
}

describe('a consumer group with several members in one process', () => {
  it('gives each member a partition of its own and handles every event once', async () => {
    await waitFor(membersOfGroup, (m) => m.length === PARTITIONS && m.every((p) => p.length === 1), {
      what: `${PARTITIONS} members with a partition each`,
    });
    expect((await membersOfGroup()).flat().sort()).toEqual([0, 1, 2]);

    const orders = Array.from({ length: 300 }, (_, i) =>
      events.create(placed, { orderId: `o-${i % 30}`, seq: i }, { key: `o-${i % 30}` }),
    );
    const envelopes: EventEnvelope[] = orders.map((o) => o.envelope);
    // Keys spread the events over the partitions; one id sent twice must still count once.
    await producer.send({
      topic: placed,
      acks: -1,
      messages: [...envelopes, envelopes[0]!].map(toKafkaMessage),
    });
    // Done when the group has committed up to the end of every partition: the resent id too.
    const ends = await admin.fetchTopicOffsets(placed);
    await waitFor(
      async () => {
        const [committed] = await admin.fetchOffsets({ groupId, topics: [placed] });
        return ends.every(
          (end) =>
            Number(committed?.partitions.find((p) => p.partition === end.partition)?.offset) >=
            Number(end.high),
        );
      },
      (done) => done,
      { what: 'every offset committed' },
    );
    expect(handled.map((h) => h.seq).sort((a, b) => a - b)).toEqual(envelopes.map((_, i) => i));
    expect(new Set(handled.map((h) => h.partition)).size).toBe(PARTITIONS);
  });

  it('takes every member out of the group when the service closes', async () => {
    await app?.close();
    app = undefined;
    const { groups } = await admin.describeGroups([groupId]);
    expect(groups[0]?.members).toHaveLength(0);
  });
});
