import { type Connection, type Model, Schema } from 'mongoose';

export type ProcessedOutcome = 'handled' | 'dead-lettered';

interface ProcessedEvent {
  _id: string;
  group: string;
  eventId: string;
  topic: string;
  outcome: ProcessedOutcome;
  at: Date;
}

const RETENTION_SECONDS = 14 * 24 * 3600;

const processedEventSchema = new Schema<ProcessedEvent>(
  {
    // `${group}|${eventId}`: the primary key is the dedupe check, so no other index is needed for it.
    _id: { type: String, required: true },
    group: { type: String, required: true },
    eventId: { type: String, required: true },
    topic: { type: String, required: true },
    outcome: { type: String, required: true, enum: ['handled', 'dead-lettered'] },
    at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'processed_events' },
);
// Expiry only: markers outlive Kafka's retention (7 days), so a redelivery always finds one.
processedEventSchema.index({ at: 1 }, { expireAfterSeconds: RETENTION_SECONDS });

export interface ProcessedMarker {
  eventId: string;
  topic: string;
  outcome: ProcessedOutcome;
}

/** Where a consumer group remembers the event ids it has finished. */
export interface ProcessedEventStore {
  has(group: string, eventId: string): Promise<boolean>;
  mark(group: string, eventId: string, topic: string, outcome: ProcessedOutcome): Promise<void>;
  /** The ids among these already finished: one round trip (batch mode). */
  seen(group: string, eventIds: readonly string[]): Promise<Set<string>>;
  /** Records many markers in one round trip; markers already present are left as they are. */
  markMany(group: string, markers: readonly ProcessedMarker[]): Promise<void>;
}

/** Remembers which event ids a consumer group has finished, in the consuming service's database. */
export class ProcessedEventRepository implements ProcessedEventStore {
  private readonly model: Model<ProcessedEvent>;

  constructor(connection: Connection) {
    this.model =
      (connection.models['ProcessedEvent'] as Model<ProcessedEvent> | undefined) ??
      connection.model<ProcessedEvent>('ProcessedEvent', processedEventSchema);
  }

  async has(group: string, eventId: string): Promise<boolean> {
    return (await this.model.exists({ _id: `${group}|${eventId}` })) !== null;
  }

  async mark(group: string, eventId: string, topic: string, outcome: ProcessedOutcome): Promise<void> {
    await this.model.updateOne(
      { _id: `${group}|${eventId}` },
      { $setOnInsert: { group, eventId, topic, outcome, at: new Date() } },
      { upsert: true },
    );
  }

  async seen(group: string, eventIds: readonly string[]): Promise<Set<string>> {
    if (eventIds.length === 0) return new Set();
    const rows = await this.model
      .find({ _id: { $in: eventIds.map((id) => `${group}|${id}`) } }, { eventId: 1 })
      .lean()
      .exec();
    return new Set(rows.map((r) => r.eventId));
  }

  async markMany(group: string, markers: readonly ProcessedMarker[]): Promise<void> {
    if (markers.length === 0) return;
    const at = new Date();
    await this.model.bulkWrite(
      markers.map(({ eventId, topic, outcome }) => ({
        updateOne: {
          filter: { _id: `${group}|${eventId}` },
          update: { $setOnInsert: { group, eventId, topic, outcome, at } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  async countFor(group: string): Promise<number> {
    return this.model.countDocuments({ group });
  }
}
