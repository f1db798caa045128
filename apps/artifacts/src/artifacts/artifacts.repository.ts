import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type FilterQuery, Model, type UpdateQuery } from 'mongoose';
import { type ArtifactSort } from '@core-vault/contracts';
import { type OutboxEntry, applyOnce, withOutbox } from '@core-vault/platform';
import { ARTIFACT_MODEL, type ArtifactDoc } from './artifact.schema';

const SORTS: Record<ArtifactSort, Record<string, 1 | -1>> = {
  newest: { createdAt: -1, _id: -1 },
  oldest: { createdAt: 1, _id: 1 },
  title: { titleLower: 1, createdAt: -1, _id: 1 },
  type: { type: 1, createdAt: -1, _id: 1 },
  views: { viewCount: -1, createdAt: -1, _id: 1 },
};

/** Fields a dashboard card needs: never the (up to 500,000-character) content. */
const SUMMARY_PROJECTION = {
  content: 0,
  rendered: 0,
  renderError: 0,
  securityWarning: 0,
  searchHead: 0,
} as const;
const SEARCH_PROJECTION = { content: 0, rendered: 0, renderError: 0, securityWarning: 0 } as const;

export type ArtifactSummaryDoc = Omit<
  ArtifactDoc,
  'content' | 'rendered' | 'renderError' | 'securityWarning'
>;
export type SearchCandidate = ArtifactSummaryDoc & { searchHead: string };

/** The only place that touches the artifacts collection. */
@Injectable()
export class ArtifactsRepository {
  constructor(@InjectModel(ARTIFACT_MODEL) private readonly model: Model<ArtifactDoc>) {}

  async insert(doc: ArtifactDoc): Promise<void> {
    await this.model.create(doc);
  }

  /** All or nothing: on any failure the ones already written are removed again. */
  async insertAll(docs: readonly ArtifactDoc[]): Promise<void> {
    try {
      await this.model.insertMany(docs, { ordered: true });
    } catch (err) {
      await this.model.deleteMany({ _id: { $in: docs.map((d) => d._id) } });
      throw err;
    }
  }

  findLive(id: string): Promise<ArtifactDoc | null> {
    return this.model.findOne({ _id: id, deletedAt: null }).lean<ArtifactDoc>().exec();
  }

  /**
   * Applies the update only if nobody changed the artifact since it was read (rev), bumping rev;
   * the outbox entries go in the same single-document write. False when it lost the race.
   */
  async updateAtRev(
    id: string,
    rev: number,
    update: UpdateQuery<ArtifactDoc>,
    events: readonly OutboxEntry[],
  ): Promise<ArtifactDoc | null> {
    const inc = (update.$inc ?? {}) as Record<string, number>;
    return this.model
      .findOneAndUpdate(
        { _id: id, rev, deletedAt: null },
        withOutbox<ArtifactDoc>({ ...update, $inc: { ...inc, rev: 1 } }, events),
        { new: true },
      )
      .lean<ArtifactDoc>()
      .exec();
  }

  /**
   * The next live artifacts (by id, after `afterId`) of the given types whose stored form was made
   * under another policy version: what RerenderStaleArtifacts works through.
   */
  async findStaleRendered(
    types: readonly string[],
    policy: number,
    afterId: string,
    limit: number,
  ): Promise<Pick<ArtifactDoc, '_id' | 'rev' | 'type' | 'content'>[]> {
    return this.model
      .find(
        { _id: { $gt: afterId }, type: { $in: types }, deletedAt: null, renderPolicy: { $ne: policy } },
        { _id: 1, rev: 1, type: 1, content: 1 },
      )
      .sort({ _id: 1 })
      .limit(limit)
      .lean<Pick<ArtifactDoc, '_id' | 'rev' | 'type' | 'content'>[]>()
      .exec();
  }

  async list(
    owners: readonly string[],
    sort: ArtifactSort,
    skip: number,
    limit: number,
  ): Promise<{ items: ArtifactSummaryDoc[]; total: number }> {
    const filter: FilterQuery<ArtifactDoc> = { owner: { $in: owners }, deletedAt: null };
    const [items, total] = await Promise.all([
      this.model
        .find(filter, SUMMARY_PROJECTION)
        .sort(SORTS[sort])
        .skip(skip)
        .limit(limit)
        .lean<ArtifactSummaryDoc[]>()
        .exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    return { items, total };
  }

  /** Live summaries of these ids among the owners' artifacts (collections). */
  findSummaries(owners: readonly string[] | null, ids: readonly string[]): Promise<ArtifactSummaryDoc[]> {
    const filter: FilterQuery<ArtifactDoc> = { _id: { $in: ids }, deletedAt: null };
    if (owners) filter.owner = { $in: owners };
    return this.model.find(filter, SUMMARY_PROJECTION).lean<ArtifactSummaryDoc[]>().exec();
  }

  /**
   * Search candidates: the owners' newest-changed artifacts where any term appears in the title,
   * a tag or the content (escaped, case-insensitive regexes; the server has no $text index).
   */
  searchCandidates(
    owners: readonly string[],
    patterns: readonly RegExp[],
    limit: number,
  ): Promise<SearchCandidate[]> {
    const or = patterns.flatMap((p) => [{ title: p }, { tags: p }, { content: p }]);
    return this.model
      .find({ owner: { $in: owners }, deletedAt: null, $or: or }, SEARCH_PROJECTION)
      .sort({ updatedAt: -1, _id: 1 })
      .limit(limit)
      .lean<SearchCandidate[]>()
      .exec();
  }

  async incrementShare(id: string, events: readonly OutboxEntry[]): Promise<number | null> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: id, deletedAt: null },
        withOutbox<ArtifactDoc>({ $inc: { shareCount: 1 } }, events),
        {
          new: true,
          projection: { shareCount: 1 },
        },
      )
      .lean<Pick<ArtifactDoc, 'shareCount'>>()
      .exec();
    return doc?.shareCount ?? null;
  }

  /**
   * Newest wins: analytics sends the absolute count, so an older (smaller) count arriving late
   * never lowers it. Applied once per event id as well.
   */
  async applyViewCount(id: string, viewCount: number, eventId: string): Promise<boolean> {
    const { filter, update } = applyOnce<ArtifactDoc>(
      { _id: id, viewCount: { $lt: viewCount } },
      { $set: { viewCount } },
      eventId,
    );
    const res = await this.model.updateOne(filter, update).exec();
    return res.modifiedCount === 1;
  }
}
