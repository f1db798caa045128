import { type Schema, Schema as MongooseSchema, type UpdateQuery } from 'mongoose';
import { type OutboxEntry } from '../events/event-factory';

/** Outbox fields as stored on an aggregate document (not selected by default reads). */
export interface OutboxFields {
  _outbox?: OutboxEntry[];
  _outboxPending?: number;
  _outboxLease?: { owner: string; token: string; until: Date } | null;
}

const outboxEntrySchema = new MongooseSchema<OutboxEntry>(
  { topic: { type: String, required: true }, envelope: { type: MongooseSchema.Types.Mixed, required: true } },
  { _id: false },
);

/**
 * Adds a transactional outbox to an aggregate's schema. The events of a state change live in the
 * aggregate's own document, written by the same single-document update as the change itself, so
 * the two are atomic without multi-document transactions (FerretDB and mongo-java-server have none)
 * and the same code runs unchanged on a real MongoDB.
 */
export function outboxPlugin(schema: Schema): void {
  schema.add({
    _outbox: { type: [outboxEntrySchema], default: undefined, select: false },
    _outboxPending: { type: Number, default: 0, select: false },
    _outboxLease: {
      type: new MongooseSchema({ owner: String, token: String, until: Date }, { _id: false }),
      default: undefined,
      select: false,
    },
  });
  // Serves the relay's claim: documents with `_outboxPending > 0` whose lease is free or expired.
  schema.index({ _outboxPending: 1 });
}

/** Fields for a new document whose creation emits these events. */
export function outboxOnCreate(
  entries: readonly OutboxEntry[],
): Pick<OutboxFields, '_outbox' | '_outboxPending'> {
  return { _outbox: [...entries], _outboxPending: entries.length };
}

/** Extends an update so it also appends these events to the document's outbox, atomically. */
export function withOutbox<T>(update: UpdateQuery<T>, entries: readonly OutboxEntry[]): UpdateQuery<T> {
  if (entries.length === 0) return update;
  const push = (update.$push ?? {}) as Record<string, unknown>;
  const inc = (update.$inc ?? {}) as Record<string, number>;
  return {
    ...update,
    $push: { ...push, _outbox: { $each: [...entries] } },
    $inc: { ...inc, _outboxPending: entries.length },
  };
}
