import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type FilterQuery, Model, type UpdateQuery } from 'mongoose';
import { type OutboxEntry, countMatching, withOutbox } from '@core-vault/platform';
import { ARTIFACT_MODEL, type ArtifactDoc } from '../artifacts/artifact.schema';
import { type ArtifactSummaryDoc } from '../artifacts/artifacts.repository';
import { SUMMARY_PROJECTION } from '../artifacts/card-projection';

export type TrashedSummaryDoc = ArtifactSummaryDoc & { deletedAt: Date; purgeAt: Date };
export interface DueArtifact {
  _id: string;
  owner: string;
}

/** In the trash: deleted, not yet purged (purged ones and those from before the trash have none). */
const IN_TRASH = { deletedAt: { $ne: null }, purgeAt: { $ne: null } } as const;

/**
 * The trash's writes and reads on the artifacts collection. Every move is one single-document
 * write with its events (the outbox), at the artifact's rev where a reader's view changes.
 */
@Injectable()
export class TrashRepository {
  constructor(@InjectModel(ARTIFACT_MODEL) private readonly model: Model<ArtifactDoc>) {}

  /**
   * Into the trash at this rev, content and all kept: every read filters `deletedAt: null`, so it
   * leaves lists, search, public links and collections at once. Null when the write lost the race.
   */
  moveToTrash(
    id: string,
    rev: number,
    at: Date,
    purgeAt: Date,
    events: readonly OutboxEntry[],
  ): Promise<ArtifactDoc | null> {
    return this.write(
      { _id: id, rev, deletedAt: null },
      { $set: { deletedAt: at, purgeAt, updatedAt: at } },
      events,
    );
  }

  /** Back from the trash as it was, only while not due (a due one may be half purged). */
  restore(id: string, rev: number, now: Date, events: readonly OutboxEntry[]): Promise<ArtifactDoc | null> {
    return this.write(
      { _id: id, rev, deletedAt: { $ne: null }, purgeAt: { $gt: now } },
      { $set: { deletedAt: null, purgeAt: null, updatedAt: now } },
      events,
    );
  }

  findTrashed(id: string): Promise<ArtifactDoc | null> {
    return this.model
      .findOne({ _id: id, ...IN_TRASH }, { activity: 0 })
      .lean<ArtifactDoc>()
      .exec();
  }

  /** The owners' trash, most recently deleted first (index trash_list), at most `limit`. */
  list(owners: readonly string[], limit: number): Promise<TrashedSummaryDoc[]> {
    return this.model
      .find({ owner: { $in: owners }, ...IN_TRASH }, SUMMARY_PROJECTION)
      .sort({ deletedAt: -1, _id: 1 })
      .limit(limit)
      .lean<TrashedSummaryDoc[]>()
      .exec();
  }

  count(owners: readonly string[]): Promise<number> {
    return countMatching(this.model, { owner: { $in: owners }, ...IN_TRASH });
  }

  /** "Delete forever": due now, so no restore can start and the purge takes it. */
  async makeDue(filter: { id: string } | { owners: readonly string[] }, now: Date): Promise<number> {
    const where: FilterQuery<ArtifactDoc> =
      'id' in filter ? { _id: filter.id, ...IN_TRASH } : { owner: { $in: filter.owners }, ...IN_TRASH };
    const res = await this.model.updateMany(where, { $set: { purgeAt: now } }).exec();
    return res.matchedCount;
  }

  /** The next artifacts due for the purge (index trash_due), optionally one owner's. */
  findDue(now: Date, limit: number, owners?: readonly string[]): Promise<DueArtifact[]> {
    const filter: FilterQuery<ArtifactDoc> = { purgeAt: { $ne: null, $lte: now } };
    if (owners) filter.owner = { $in: owners };
    return this.model.find(filter, { _id: 1, owner: 1 }).limit(limit).lean<DueArtifact[]>().exec();
  }

  /**
   * The purge's last write: content and stored form erased, out of the trash, with the deleted
   * event the hard delete always sent. Only while due; null when it is not (restored, or purged
   * by a concurrent run: the event is sent once).
   */
  completePurge(id: string, now: Date, events: readonly OutboxEntry[]): Promise<ArtifactDoc | null> {
    return this.write(
      { _id: id, purgeAt: { $ne: null, $lte: now } },
      {
        $set: { purgeAt: null, updatedAt: now, content: '', rendered: null, searchHead: '', activity: [] },
      },
      events,
    );
  }

  private write(
    filter: FilterQuery<ArtifactDoc>,
    update: UpdateQuery<ArtifactDoc>,
    events: readonly OutboxEntry[],
  ): Promise<ArtifactDoc | null> {
    return this.model
      .findOneAndUpdate(filter, withOutbox<ArtifactDoc>({ ...update, $inc: { rev: 1 } }, events), {
        new: true,
        projection: { activity: 0 },
      })
      .lean<ArtifactDoc>()
      .exec();
  }
}
