import { randomUUID } from 'node:crypto';
import { type Model } from 'mongoose';
import { type Logger } from 'pino';
import { type OutboxEntry } from '../events/event-factory';
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
  /** Observer between publish and mark (metrics; tests throw here to crash mid-batch). */
  afterPublish?: (entries: readonly OutboxEntry[]) => void | Promise<void>;
}

type OutboxDoc = OutboxFields & { _id: unknown };

/**
 * Publishes pending outbox events to Kafka. One relay at a time owns a document (a lease taken
 * with findOneAndUpdate), publishes its events in their stored order, then removes exactly those
 * events. A crash between publish and remove republishes them after the lease expires: delivery is
 * at least once and consumers drop the duplicates by event id.
 */
export class OutboxRelay {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
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
    this.wake?.();
  }

  /** Events still waiting, over all models (the outbox backlog metric). */
  async backlog(): Promise<number> {
    let total = 0;
    for (const model of this.options.models) {
      const [row] = await model.aggregate<{ n: number }>([
        { $match: { _outboxPending: { $gt: 0 } } },
        { $group: { _id: null, n: { $sum: '$_outboxPending' } } },
      ]);
      total += row?.n ?? 0;
    }
    return total;
  }

  /** Publishes everything pending now; returns how many events went out. */
  async drain(): Promise<number> {
    let published = 0;
    for (const model of this.options.models) {
      for (;;) {
        const doc = await this.claim(model);
        if (!doc) break;
        published += await this.publishClaimed(model, doc);
      }
    }
    return published;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let published = 0;
      try {
        published = await this.drain();
      } catch (err) {
        this.log.error({ err }, 'outbox relay pass failed; will retry');
      }
      if (published === 0 && this.running) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.idleMs ?? 250);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private async claim(model: Model<any>): Promise<OutboxDoc | null> {
    const now = new Date();
    // Through the driver, without a projection: FerretDB does not implement findAndModify's
    // `fields`, and mongoose would add one to hide the select:false outbox fields.
    return model.collection.findOneAndUpdate(
      { _outboxPending: { $gt: 0 }, $or: [{ _outboxLease: null }, { '_outboxLease.until': { $lt: now } }] },
      {
        $set: {
          _outboxLease: {
            owner: this.owner,
            until: new Date(now.getTime() + (this.options.leaseMs ?? 15_000)),
          },
        },
      },
      { returnDocument: 'after', includeResultMetadata: false },
    );
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private async publishClaimed(model: Model<any>, doc: OutboxDoc): Promise<number> {
    const entries = doc._outbox ?? [];
    await this.options.publisher.publish(entries);
    await this.options.afterPublish?.(entries);
    const ids = entries.map((e) => e.envelope.id);
    const update =
      entries.length === 0
        ? { $set: { _outboxPending: 0 }, $unset: { _outboxLease: 1 } }
        : {
            $pull: { _outbox: { 'envelope.id': { $in: ids } } },
            $inc: { _outboxPending: -entries.length },
            $unset: { _outboxLease: 1 },
          };
    // Only while we still hold the lease; otherwise another relay owns (and will republish) them.
    // timestamps: false — relaying events is not a change of the aggregate (updatedAt stays).
    await model
      .updateOne({ _id: doc._id, '_outboxLease.owner': this.owner }, update, { timestamps: false })
      .exec();
    return entries.length;
  }
}
