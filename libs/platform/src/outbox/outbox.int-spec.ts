import { type Admin, type Consumer, type Kafka } from 'kafkajs';
import mongoose, { type Connection, type Model, Schema } from 'mongoose';
import { type EventEnvelope } from '@core-vault/contracts';
import { EventFactory, type OutboxEntry } from '../events/event-factory';
import { EventPublisher } from '../kafka/event-publisher';
import { createKafka, ensureTopics } from '../kafka/kafka-client';
import { testCatalog } from '../testing/fixtures/test-catalog';
import { testInfra, testLogger, uniqueSuffix, waitFor } from '../testing';
import { OutboxRelay } from './outbox.relay';
import { type OutboxFields, outboxOnCreate, outboxPlugin, withOutbox } from './outbox.schema';

interface Order extends OutboxFields {
  _id: string;
  total: number;
  status: string;
}

const suffix = uniqueSuffix();
const { catalog, placed, shipped } = testCatalog(suffix);
const infra = testInfra();
const logger = testLogger();
const events = new EventFactory(catalog, 'platform-test');

let connection: Connection;
let Orders: Model<Order>;
let kafka: Kafka;
let admin: Admin;
let producer: ReturnType<Kafka['producer']>;
let publisher: EventPublisher;
const received: { topic: string; key: string; envelope: EventEnvelope }[] = [];
let tap: Consumer;

beforeAll(async () => {
  connection = await mongoose
    .createConnection(infra.mongoUrl, { dbName: `cv_test_outbox_${suffix}` })
    .asPromise();
  const schema = new Schema<Order>({
    _id: String,
    total: { type: Number, required: true, min: 0 },
    status: String,
  });
  schema.plugin(outboxPlugin);
  Orders = connection.model<Order>('Order', schema);
  await Orders.init();
  kafka = createKafka({ clientId: 'outbox-test', brokers: infra.kafkaBrokers, logger });
  admin = kafka.admin();
  await admin.connect();
  await ensureTopics(admin, [placed, shipped], 3);
  producer = kafka.producer({ maxInFlightRequests: 1 });
  await producer.connect();
  publisher = new EventPublisher(producer);
  // A plain consumer that records every raw delivery, duplicates included.
  tap = kafka.consumer({ groupId: `tap-${suffix}` });
  await tap.connect();
  await tap.subscribe({ topics: [placed, shipped], fromBeginning: true });
  await tap.run({
    eachMessage: ({ topic, message }) => {
      const envelope = JSON.parse(String(message.value)) as EventEnvelope;
      received.push({ topic, key: String(message.key), envelope });
      return Promise.resolve();
    },
  });
});

afterAll(async () => {
  await tap.disconnect();
  await producer.disconnect();
  await admin.deleteTopics({ topics: [placed, shipped] }).catch(() => undefined);
  await admin.disconnect();
  await connection.dropDatabase();
  await connection.close();
});

function orderEvents(orderId: string, seqs: number[]): OutboxEntry[] {
  return seqs.map((seq) => events.create(placed, { orderId, seq }, { key: orderId }));
}

const relay = (extra: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}) =>
  new OutboxRelay({ models: [Orders], publisher, logger, leaseMs: 400, idleMs: 20, ...extra });

describe('transactional outbox', () => {
  it('writes the state change and its event in one call, and the relay publishes it', async () => {
    const [first] = orderEvents('o-1', [1]);
    await Orders.create({ _id: 'o-1', total: 10, status: 'placed', ...outboxOnCreate([first!]) });
    const shippedEvent = events.create(shipped, { orderId: 'o-1', seq: 2 }, { key: 'o-1' });
    await Orders.updateOne(
      { _id: 'o-1' },
      withOutbox<Order>({ $set: { status: 'shipped' } }, [shippedEvent]),
    );

    const stored = await Orders.findById('o-1').select('+_outbox +_outboxPending').lean();
    expect(stored?.status).toBe('shipped');
    expect(stored?._outbox?.map((e) => e.envelope.id)).toEqual([
      first!.envelope.id,
      shippedEvent.envelope.id,
    ]);
    expect(stored?._outboxPending).toBe(2);

    expect(await relay().drain()).toBe(2);
    const got = await waitFor(
      () => received.filter((r) => r.key === 'o-1'),
      (list) => list.length === 2,
      { what: 'both o-1 events on the broker' },
    );
    // Order is kept per key within a topic; across topics Kafka promises none.
    expect(got.find((r) => r.topic === placed)?.envelope).toEqual(first!.envelope);
    expect(got.find((r) => r.topic === shipped)?.envelope).toEqual(shippedEvent.envelope);

    const after = await Orders.findById('o-1').select('+_outbox +_outboxPending').lean();
    expect(after?._outbox).toEqual([]);
    expect(after?._outboxPending).toBe(0);
  });

  it('writes nothing at all when the state change is rejected', async () => {
    await expect(
      Orders.create({
        _id: 'o-bad',
        total: -5,
        status: 'placed',
        ...outboxOnCreate(orderEvents('o-bad', [1])),
      }),
    ).rejects.toThrow(/total/);
    expect(await Orders.exists({ _id: 'o-bad' })).toBeNull();
    expect(await relay().drain()).toBe(0);
  });

  it('loses nothing when the relay dies mid-batch: a new relay finishes after the lease expires', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `batch-${i}`);
    for (const id of ids) {
      await Orders.create({
        _id: id,
        total: 1,
        status: 'placed',
        ...outboxOnCreate(orderEvents(id, [1, 2, 3])),
      });
    }
    let batches = 0;
    const dying = relay({
      batchSize: 4,
      afterPublish: () => {
        // The second batch of four documents is published to Kafka, then the process "dies"
        // before marking it.
        if (++batches === 2) throw new Error('relay crashed');
      },
    });
    await expect(dying.drain()).rejects.toThrow('relay crashed');
    const leftAfterCrash = await Orders.countDocuments({ _id: { $in: ids }, _outboxPending: { $gt: 0 } });
    expect(leftAfterCrash).toBe(ids.length - 4);

    const successor = relay();
    successor.start();
    await waitFor(
      () => Orders.countDocuments({ _id: { $in: ids }, _outboxPending: { $gt: 0 } }),
      (n) => n === 0,
      { what: 'outbox drained by the successor' },
    );
    await successor.stop();

    const delivered = await waitFor(
      () => new Set(received.filter((r) => ids.includes(r.key)).map((r) => r.envelope.id)),
      (set) => set.size === ids.length * 3,
      { what: 'every event delivered at least once' },
    );
    expect(delivered.size).toBe(36);
    // Per key, first deliveries keep the stored order 1, 2, 3.
    for (const id of ids) {
      const seqs = received.filter((r) => r.key === id).map((r) => (r.envelope.data as { seq: number }).seq);
      expect([...new Set(seqs)]).toEqual([1, 2, 3]);
    }
    // The crashed batch's events went out twice: the consumer side must (and does) dedupe them.
    expect(received.filter((r) => ids.includes(r.key)).length).toBeGreaterThanOrEqual(48);
  });

  it('publishes many documents in one Kafka request and marks them in one pass', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `many-${i}`);
    for (const id of ids)
      await Orders.create({
        _id: id,
        total: 1,
        status: 'placed',
        ...outboxOnCreate(orderEvents(id, [1, 2])),
      });
    const requests: number[] = [];
    const counting = relay({ afterPublish: (entries) => void requests.push(entries.length) });
    expect(await counting.drain()).toBe(60);
    expect(requests).toEqual([60]);
    expect(await Orders.countDocuments({ _id: { $in: ids }, _outboxPending: { $gt: 0 } })).toBe(0);
    const leased = await Orders.countDocuments({ _id: { $in: ids }, _outboxLease: { $ne: null } });
    expect(leased).toBe(0);
  });

  it('lets only one relay own a document at a time', async () => {
    await Orders.create({
      _id: 'race',
      total: 1,
      status: 'placed',
      ...outboxOnCreate(orderEvents('race', [1, 2])),
    });
    const [a, b] = await Promise.all([relay().drain(), relay().drain()]);
    expect(a + b).toBe(2);
    // Racing on a batch: every event goes out once, whichever relay wins each document.
    const ids = Array.from({ length: 40 }, (_, i) => `race-${i}`);
    for (const id of ids)
      await Orders.create({ _id: id, total: 1, status: 'placed', ...outboxOnCreate(orderEvents(id, [1])) });
    const [c, d] = await Promise.all([relay({ batchSize: 7 }).drain(), relay({ batchSize: 7 }).drain()]);
    expect(c + d).toBe(40);
  });

  it("keeps going when the broker refuses one document's records", async () => {
    const ids = ['refused-ok-1', 'refused-bad', 'refused-ok-2'];
    for (const id of ids)
      await Orders.create({ _id: id, total: 1, status: 'placed', ...outboxOnCreate(orderEvents(id, [1])) });
    // The broker's answer to an oversized record, as kafkajs reports it after its retries.
    const refusal = Object.assign(new Error('The request included a message larger than the max'), {
      type: 'MESSAGE_TOO_LARGE',
    });
    const picky = {
      publish: (entries: readonly OutboxEntry[]) =>
        entries.some((e) => e.envelope.key === 'refused-bad')
          ? Promise.reject(Object.assign(new Error('retries exceeded'), { originalError: refusal }))
          : publisher.publish(entries),
    };
    // A long lease: the refused document stays claimed, so this drain does not retry it at once.
    expect(await relay({ publisher: picky, leaseMs: 60_000 }).drain()).toBe(2);
    const pending = await Orders.find({ _id: { $in: ids }, _outboxPending: { $gt: 0 } }, { _id: 1 }).lean();
    expect(pending.map((d) => d._id)).toEqual(['refused-bad']);
    // An unreachable broker is not a refusal: the whole pass fails and nothing is marked.
    await Orders.create({
      _id: 'refused-ok-3',
      total: 1,
      status: 'placed',
      ...outboxOnCreate(orderEvents('refused-ok-3', [1])),
    });
    const down = { publish: () => Promise.reject(new Error('Connection error: ECONNREFUSED')) };
    await expect(relay({ publisher: down, leaseMs: 1 }).drain()).rejects.toThrow('ECONNREFUSED');
    expect(await Orders.countDocuments({ _id: 'refused-ok-3', _outboxPending: { $gt: 0 } })).toBe(1);
    await Orders.deleteMany({ _id: { $in: [...ids, 'refused-ok-3'] } });
  });

  it('gives up a pass that never finishes and publishes in the next one', async () => {
    await Orders.create({
      _id: 'hung',
      total: 1,
      status: 'placed',
      ...outboxOnCreate(orderEvents('hung', [1])),
    });
    let calls = 0;
    // The first request never answers (a half-open connection); later ones do.
    const flaky = {
      publish: (entries: readonly OutboxEntry[]) =>
        ++calls === 1 ? new Promise<void>(() => undefined) : publisher.publish(entries),
    };
    const r = relay({ publisher: flaky, leaseMs: 300, passTimeoutMs: 300 });
    r.start();
    await waitFor(
      () => Orders.countDocuments({ _id: 'hung', _outboxPending: { $gt: 0 } }),
      (n) => n === 0,
      { what: 'the hung pass superseded', timeoutMs: 10_000 },
    );
    await r.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it('reports its backlog', async () => {
    const r = relay();
    await r.drain();
    await Orders.create({
      _id: 'backlog-2',
      total: 1,
      status: 'placed',
      ...outboxOnCreate(orderEvents('backlog-2', [1, 2, 3])),
    });
    expect(await r.backlog()).toBe(3);
    await r.drain();
    expect(await r.backlog()).toBe(0);
  });
});
