import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Schema } from 'mongoose';

export const SEARCH_BACKLOG_MODEL = 'SearchBacklog';

/**
 * Changes the search index missed while the engine was away, one document per index alias: the
 * earliest missed change, and how many misses were noted (so a catch-up clears only what it saw).
 */
export interface SearchBacklogDoc {
  /** The index alias (SEARCH_INDEX): installations sharing a database keep their notes apart. */
  _id: string;
  since: Date;
  seq: number;
}

export const searchBacklogSchema = new Schema<SearchBacklogDoc>(
  { _id: { type: String }, since: { type: Date, required: true }, seq: { type: Number, required: true } },
  { versionKey: false, collection: 'search_backlog' },
);

/** What a catch-up works from: everything changed since `since`; `seq` identifies the note. */
export interface MissedChanges {
  since: Date;
  seq: number;
}

/**
 * The note of missed changes, in MongoDB beside the artifacts it points at: it outlives a restart
 * during an outage and is seen by every instance, where a note in one process's memory was lost
 * with that process. Each method is one single-document operation on `_id`.
 */
@Injectable()
export class SearchBacklogRepository {
  constructor(@InjectModel(SEARCH_BACKLOG_MODEL) private readonly model: Model<SearchBacklogDoc>) {}

  /** Notes a change made at `changedAt` that did not reach the index (keeps the earliest). */
  async noteMissed(alias: string, changedAt: Date): Promise<void> {
    await this.model.updateOne(
      { _id: alias },
      { $min: { since: changedAt }, $inc: { seq: 1 } },
      { upsert: true },
    );
  }

  async missed(alias: string): Promise<MissedChanges | null> {
    const doc = await this.model.findById(alias, { since: 1, seq: 1 }).lean();
    return doc ? { since: doc.since, seq: doc.seq } : null;
  }

  /**
   * Clears the note a catch-up started from, unless a miss was noted meanwhile (its `seq` moved
   * on): that change may have come after the catch-up read past it. True when cleared.
   */
  async settle(alias: string, seen: MissedChanges): Promise<boolean> {
    const { deletedCount } = await this.model.deleteOne({ _id: alias, seq: seen.seq });
    return deletedCount === 1;
  }
}
