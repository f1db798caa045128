import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type AnyBulkWriteOperation, type Model } from 'mongoose';
import { type OutboxEntry, applyOnce, withOutbox } from '@core-vault/platform';
import { ARTIFACT_STATS_MODEL, type ArtifactStatsDoc } from './artifact-stats.schema';
import { type HeldRelease, planHeldRelease } from './held-views';
import { type ArtifactWrite, type StatsSnapshot } from './view-plan';

/** Written views lost a race with another writer of the same artifact: the batch is retried. */
export class ConcurrentStatsUpdate extends Error {
  override readonly name = 'ConcurrentStatsUpdate';
}

const isDuplicateKey = (err: unknown) => (err as { code?: number } | null)?.code === 11000;

/** The only place that touches the artifact_stats collection. */
@Injectable()
export class ArtifactStatsRepository {
  constructor(@InjectModel(ARTIFACT_STATS_MODEL) private readonly model: Model<ArtifactStatsDoc>) {}

  /** One query for a whole batch (by _id). */
  async snapshots(ids: readonly string[]): Promise<Map<string, StatsSnapshot>> {
    const rows = await this.model
      .find(
        { _id: { $in: ids } },
        { known: 1, ownerId: 1, isPublic: 1, deleted: 1, total: 1, referrers: 1, wm: 1, held: 1 },
      )
      .lean<StatsSnapshot[]>()
      .exec();
    return new Map(rows.map((r) => [r._id, { ...r, referrers: r.referrers ?? {}, wm: r.wm ?? {} }]));
  }

  /**
   * Applies a batch's writes in one bulk call. Each update is conditional on the partition's
   * watermark still being what was read, so a replayed batch can never count twice.
   */
  async applyViews(
    partition: number,
    writes: readonly ArtifactWrite[],
    events: ReadonlyMap<string, OutboxEntry>,
    now: Date,
  ): Promise<void> {
    if (writes.length === 0) return;
    const wmField = `wm.${partition}`;
    const ops: AnyBulkWriteOperation<ArtifactStatsDoc>[] = writes.map((w) => {
      const event = events.get(w.artifactId);
      const update = {
        $inc: w.inc,
        $set: { [wmField]: w.watermark },
        ...(w.lastViewedAt ? { $max: { lastViewedAt: w.lastViewedAt } } : {}),
        ...(w.exists
          ? {}
          : {
              $setOnInsert: {
                known: false,
                ownerId: null,
                isPublic: true,
                deleted: false,
                firstSeenAt: now,
                shares: 0,
              },
            }),
      };
      return {
        updateOne: {
          filter: {
            _id: w.artifactId,
            [wmField]: w.previousWatermark === undefined ? { $exists: false } : w.previousWatermark,
            // Held views land only while the artifact is unknown; once the created event released
            // the others, the batch is planned again (a new document collides on its _id instead).
            ...(w.holds && w.exists ? { known: false } : {}),
          },
          update: event ? withOutbox(update, [event]) : update,
          upsert: !w.exists,
        },
      };
    });
    let result;
    try {
      result = await this.model.bulkWrite(ops, { ordered: false, timestamps: false });
    } catch (err) {
      if (isDuplicateKey(err)) throw new ConcurrentStatsUpdate('artifact stats changed under the batch');
      throw err;
    }
    if (result.matchedCount + result.upsertedCount !== writes.length)
      throw new ConcurrentStatsUpdate('artifact stats changed under the batch');
  }

  /**
   * Applies an artifact event once (the event id is remembered on the document). Creates the
   * document when the artifact's first event arrives before any view. Returns the document after
   * the change, or null when this event had been applied already.
   */
  async applyArtifactEvent(
    artifactId: string,
    eventId: string,
    set: Partial<Pick<ArtifactStatsDoc, 'known' | 'ownerId' | 'isPublic' | 'deleted' | 'trashed'>>,
    inc: Partial<Pick<ArtifactStatsDoc, 'shares' | 'downloads' | 'remixes'>> = {},
    now = new Date(),
  ): Promise<Pick<ArtifactStatsDoc, '_id' | 'total' | 'known'> | null> {
    const onInsert: Record<string, unknown> = {
      known: false,
      ownerId: null,
      isPublic: true,
      deleted: false,
      firstSeenAt: now,
      total: 0,
      shares: 0,
      downloads: 0,
      remixes: 0,
    };
    for (const k of [...Object.keys(set), ...Object.keys(inc)]) delete onInsert[k];
    const { filter, update } = applyOnce<ArtifactStatsDoc>(
      { _id: artifactId },
      { $set: set, ...(Object.keys(inc).length ? { $inc: inc } : {}), $setOnInsert: onInsert },
      eventId,
    );
    try {
      return await this.model
        .findOneAndUpdate(filter, update, {
          upsert: true,
          new: true,
          projection: { total: 1, known: 1 },
          timestamps: false,
        })
        .lean<Pick<ArtifactStatsDoc, '_id' | 'total' | 'known'>>()
        .exec();
    } catch (err) {
      // The document exists and has seen this event: applyOnce's filter missed, the upsert collided.
      if (isDuplicateKey(err)) return null;
      throw err;
    }
  }

  /**
   * Settles the views held for their viewers (held-views.ts) once the artifact is known: one
   * conditional update, so a second release (a redelivered created event) finds nothing. Views
   * can no longer join the held ones then (their write requires an unknown artifact). Returns
   * the total after, or null when nothing was held.
   */
  async releaseHeld(artifactId: string): Promise<Pick<ArtifactStatsDoc, '_id' | 'total'> | null> {
    const held = { _id: artifactId, known: true, held: { $exists: true } };
    const doc = await this.model
      .findOne(held, { ownerId: 1, isPublic: 1, deleted: 1, referrers: 1, held: 1 })
      .lean<HeldRelease & { _id: string }>()
      .exec();
    if (!doc) return null;
    const inc = planHeldRelease(doc);
    return this.model
      .findOneAndUpdate(
        held,
        { ...(Object.keys(inc).length ? { $inc: inc } : {}), $unset: { held: 1 } },
        { new: true, projection: { total: 1 }, timestamps: false },
      )
      .lean<Pick<ArtifactStatsDoc, '_id' | 'total'>>()
      .exec();
  }

  /** Appends a view-count event (used when an artifact becomes known with views already held). */
  async emit(artifactId: string, event: OutboxEntry): Promise<void> {
    await this.model.updateOne({ _id: artifactId }, withOutbox({}, [event]), { timestamps: false }).exec();
  }

  async findOwned(owners: readonly string[]): Promise<ArtifactStatsDoc[]> {
    return this.model
      .find({ ownerId: { $in: owners }, known: true, deleted: false, trashed: { $ne: true } })
      .sort({ total: -1, _id: 1 })
      .lean<ArtifactStatsDoc[]>()
      .exec();
  }

  async findOwnedByIds(owners: readonly string[], ids: readonly string[]): Promise<ArtifactStatsDoc[]> {
    return this.model
      .find({
        _id: { $in: ids },
        ownerId: { $in: owners },
        known: true,
        deleted: false,
        trashed: { $ne: true },
      })
      .lean<ArtifactStatsDoc[]>()
      .exec();
  }

  /** Drops held views of ids that never became known. */
  async purgeUnknown(before: Date): Promise<number> {
    const res = await this.model.deleteMany({ known: false, firstSeenAt: { $lt: before } }).exec();
    return res.deletedCount;
  }
}
