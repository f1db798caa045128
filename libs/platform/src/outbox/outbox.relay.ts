import { randomUUID } from 'node:crypto';
import { type Model, type mongo } from 'mongoose';
import { type Logger } from 'pino';
import { type OutboxEntry } from '../events/event-factory';
import { withDeadline } from '../time/deadline';
import { type OutboxFields } from './outbox.schema';

export interface OutboxPublisher {
  publish(entries: readonly OutboxEntry[]): Promise<void>;
}

export interface OutboxRelayOptions {
  // Any aggregate model carrying the outbox plugin.
  models: readonly Model<any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  publisher: OutboxPublisher;
  logger: Logger;
  /** How long a claim on one document lasts; a crashed relay's claim frees itself after this. */
  leaseMs?: number;
  /** Sleep between scans when nothing was pending (writes call nudge() to skip the wait). */
  idleMs?: number;
  owner?: string;
  /** Documents claimed, published and marked together in one pass (default 100). */
  batchSize?: number;
  /**
   * A batch still running after this long is given up and the pass fails (default: the lease).
   * Its claims have expired by then, so the next pass may take them over; the old batch can no
   * longer mark them (its token lost the lease), at worst it publishes a duplicate.
   */
  passTimeoutMs?: number;
  /** Observer between publish and mark (metrics; tests throw here to crash mid-batch). */
  afterPublish?: (entries: readonly OutboxEntry[]) => void | Promise<void>;
}

type OutboxDoc = OutboxFields & { _id: mongo.BSON.ObjectId | string };
interface Claim {
  collection: mongo.Collection<OutboxDoc>;
  token: string;
  docs: OutboxDoc[];
}

/**
 * Publishes pending outbox events to Kafka. One relay at a time owns a document (a lease stamped
 * with a claim token), publishes its events in their stored order, then removes exactly those
 * events. Documents go in batches: one query to pick them, one update to lease them, one read of
 * what this claim got, one Kafka request for all their events and one bulk write to mark them, so
 * a burst of writes costs a handful of round trips, not three per document. A crash between
 * publish and remove republishes them after the lease expires: delivery is at least once and
 * consumers drop the duplicates by event id.
 */
export class OutboxRelay {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /**
   * A nudge that came while a pass ran: that pass may have looked before the write it announces,
   * so the loop goes round again instead of sleeping (the wake-up alone would be lost: nobody
   * sleeps yet, and the event would wait for the idle timer).
   */
  private nudged = false;
  private readonly owner: string;
  private readonly log: Logger;

  constructor(private readonly options: OutboxRelayOptions) {
    this.owner = options.owner ?? `relay-${randomUUID()}`;
    this.log = options.logger.child({ component: 'outbox-relay' });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops after the document in hand is published and marked. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** Called after a write that emitted events, so they go out without waiting for the next scan. */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  /** Events still waiting, over all models (the outbox backlog metric). */
  async backlog(): Promise<number> {
    let total = 0;
    for (const model of this.options.models) {
      // A find on the { _outboxPending } index, summed here: an aggregation would scan the whole
      // collection on mongo-java-server (it plans no $match), and a scrape runs this every time.
      const collection = model.collection as unknown as mongo.Collection<OutboxDoc>;
      const pending = await collection
        .find({ _outboxPending: { $gt: 0 } }, { projection: { _id: 0, _outboxPending: 1 } })
        .toArray();
      for (const doc of pending) total += doc._outboxPending ?? 0;
    }
    return total;
  }

  /** Publishes everything pending now; returns how many events went out. */
  drain(): Promise<number> {
    return this.drainWith((batch) => batch);
  }

  /** `bound` wraps each batch (the running loop gives up a batch that never finishes). */
  private async drainWith(bound: <T>(batch: Promise<T>) => Promise<T>): Promise<number> {
    let published = 0;
    for (const model of this.options.models) {
      for (;;) {
        const sent = await bound(this.drainBatch(model));
        if (sent === null) break;
        published += sent;
      }
    }
    return published;
  }

  /** One batch: claim, publish, mark; null when nothing was free to claim. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private async drainBatch(model: Model<any>): Promise<number | null> {
    const claim = await this.claim(model);
    return claim ? this.publishClaimed(claim) : null;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      let published = 0;
      this.nudged = false;
      try {
        published = await this.drainWith((batch) => this.withinBatchTime(batch));
        if (failures > 0) this.log.info({ failures }, 'outbox relay recovered');
        failures = 0;
      } catch (err) {
        failures++;
        this.log.error({ err, failures }, 'outbox relay pass failed; will retry');
      }
      // After failures, wait longer between attempts (up to 8× the idle time); a write's nudge
      // still wakes the relay at once.
      if (published === 0 && this.running && !this.nudged) await this.idle(Math.min(2 ** failures, 8));
    }
  }

  /**
   * One batch, given up after passTimeoutMs: a database or broker call that never answers (a
   * half-open connection after a crash) must not stop the relay for good. Per batch, not per
   * drain, so a long backlog (many batches) is never cut short.
   */
  private withinBatchTime<T>(batch: Promise<T>): Promise<T> {
    const limitMs = this.options.passTimeoutMs ?? this.options.leaseMs ?? 15_000;
    return withDeadline(batch, limitMs, `outbox relay batch still running after ${limitMs} ms; giving it up`);
  }

  private idle(factor = 1): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, (this.options.idleMs ?? 250) * factor);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  /**
   * Leases up to batchSize documents with pending events. Another relay may lease some of the
   * same candidates between the pick and the update; the token tells which ones this claim won.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private async claim(model: Model<any>): Promise<Claim | null> {
    // Through the driver: mongoose would cast, and add projections hiding the select:false fields.
    const collection = model.collection as unknown as mongo.Collection<OutboxDoc>;
    const now = new Date();
    const free: mongo.Filter<OutboxDoc> = {
      _outboxPending: { $gt: 0 },
      $or: [{ _outboxLease: null }, { '_outboxLease.until': { $lt: now } }],
    };
    const picked = await collection
      .find(free, { projection: { _id: 1 }, limit: this.options.batchSize ?? 100 })
      .toArray();
    if (picked.length === 0) return null;
    const ids = picked.map((d) => d._id);
    const token = randomUUID();
    const until = new Date(now.getTime() + (this.options.leaseMs ?? 15_000));
    await collection.updateMany(
      { _id: { $in: ids }, ...free },
      { $set: { _outboxLease: { owner: this.owner, token, until } } },
    );
    const docs = await collection
      .find({ _id: { $in: ids }, '_outboxLease.token': token }, { projection: { _outbox: 1 } })
      .toArray();
    // Every candidate went to another relay between the pick and the lease: nothing to do here
    // now (picking again at once would spin on the same documents).
    if (docs.length === 0) return null;
    return { collection, token, docs };
  }

  private async publishClaimed({ collection, token, docs: claimed }: Claim): Promise<number> {
    const docs = await this.publishDocs(claimed);
    const entries = docs.flatMap((d) => d._outbox ?? []);
    await this.options.afterPublish?.(entries);
    // Only while this claim still holds the lease; otherwise another relay owns (and will
    // republish) them. Relaying events is not a change of the aggregate: no timestamps touched.
    await collection.bulkWrite(
      docs.map((doc): mongo.AnyBulkWriteOperation<OutboxDoc> => {
        const ids = (doc._outbox ?? []).map((e) => e.envelope.id);
        const filter: mongo.Filter<OutboxDoc> = { _id: doc._id, '_outboxLease.token': token };
        if (ids.length === 0)
          return {
            updateOne: { filter, update: { $set: { _outboxPending: 0 }, $unset: { _outboxLease: 1 } } },
          };
        return {
          updateOne: {
            filter,
            update: {
              $pull: { _outbox: { 'envelope.id': { $in: ids } } },
              $inc: { _outboxPending: -ids.length },
              $unset: { _outboxLease: 1 },
            },
          },
        };
      }),
      { ordered: false },
    );
    return entries.length;
  }

  /**
   * Publishes the claim's events in one request. If the broker refuses records (not when it is
   * unreachable: then the whole pass fails and is retried), each document goes on its own, so one document the broker cannot take (an oversized or malformed event) does not
   * hold back every other: those that went out are returned to be marked; the refused ones keep
   * their lease and are tried again when it expires.
   */
  private async publishDocs(docs: OutboxDoc[]): Promise<OutboxDoc[]> {
    const { publisher } = this.options;
    try {
      await publisher.publish(docs.flatMap((d) => d._outbox ?? []));
      return docs;
    } catch (err) {
      if (docs.length === 1 || !refusesRecords(err)) throw err;
      const sent: OutboxDoc[] = [];
      for (const doc of docs) {
        try {
          await publisher.publish(doc._outbox ?? []);
          sent.push(doc);
        } catch (docErr) {
          this.log.error({ err: docErr, doc: String(doc._id) }, 'outbox events of a document refused');
        }
      }
      if (sent.length === 0) throw err;
      return sent;
    }
  }
}

/** Broker answers that refuse the records themselves: sending the others alone can succeed. */
const RECORD_REFUSALS = new Set([
  'MESSAGE_TOO_LARGE',
  'RECORD_LIST_TOO_LARGE',
  'INVALID_RECORD',
  'CORRUPT_MESSAGE',
  'INVALID_TOPIC_EXCEPTION',
  'TOPIC_AUTHORIZATION_FAILED',
]);

/** Whether kafkajs's error (or one it wraps, after its retries) is a refusal of records. */
export function refusesRecords(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; depth++) {
    if ('type' in e && typeof e.type === 'string' && RECORD_REFUSALS.has(e.type)) return true;
    e = 'originalError' in e ? e.originalError : e.cause;
  }
  return false;
}
