import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type FilterQuery, Model, type UpdateQuery } from 'mongoose';
import { type OutboxEntry, applyOnce, withOutbox, countMatching } from '@core-vault/platform';
import { type SearchSource } from '../search/search-document';
import { searchHead } from './artifact-state';
import { SUMMARY_PROJECTION } from './card-projection';
import { ARTIFACT_LIMITS, type ArtifactSort } from '@core-vault/contracts';
import { LIST_ORDERS, type ListPosition, afterPosition, sortOf } from './list-order';
import {
  type ActivityEntryDoc,
  ARTIFACT_MODEL,
  type ArtifactDoc,
  type VersionInfo,
  type VersionState,
} from './artifact.schema';

/** What the search index is made from (search-document.ts). */
const SEARCH_SOURCE_PROJECTION = {
  _id: 1,
  owner: 1,
  title: 1,
  description: 1,
  content: 1,
  tags: 1,
  type: 1,
  isPublic: 1,
  createdAt: 1,
  updatedAt: 1,
  rev: 1,
  deletedAt: 1,
} as const;
/** Reads of one artifact leave the activity list out; only the activity route asks for it. */
const LIVE_PROJECTION = { activity: 0 } as const;

export type ArtifactSummaryDoc = Omit<
  ArtifactDoc,
  'content' | 'rendered' | 'renderError' | 'securityWarning'
>;
export type ContentState = Omit<VersionState, 'title'>;
export interface SitemapEntryDoc {
  _id: string;
  updatedAt: Date;
}

/** One owner's change to an artifact, as the service decided it (absent: unchanged). */
export interface ArtifactChanges {
  at: Date;
  title?: string;
  description?: string;
  /**
   * A new current version: its content state, who made it and why, and the render policy its
   * stored form was made with.
   */
  version?: { number: number; state: ContentState; info: VersionInfo; renderPolicy?: number };
  tags?: string[];
  isPublic?: boolean;
  allowNetwork?: boolean;
  allowRemix?: boolean;
  frameHeight?: number | 'viewport' | null;
  /** The versions anyone may read while it is public, as decided (version-visibility.ts). */
  publishedVersions?: number[];
  /** The activity entry of this change (the list keeps the newest ARTIFACT_LIMITS.activityKept). */
  activity?: ActivityEntryDoc;
}

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
    return this.model.findOne({ _id: id, deletedAt: null }, LIVE_PROJECTION).lean<ArtifactDoc>().exec();
  }

  /** The activity list of a live artifact, oldest first; null when there is no such artifact. */
  async findActivity(id: string): Promise<ActivityEntryDoc[] | null> {
    const doc = await this.model
      .findOne({ _id: id, deletedAt: null }, { activity: 1 })
      .lean<Pick<ArtifactDoc, 'activity'>>()
      .exec();
    return doc ? (doc.activity ?? []) : null;
  }

  /**
   * Stores a change made by its owner, only if nobody changed the artifact since it was read
   * (rev), with its events in the same single-document write. A new version also refreshes the
   * fields derived from its content. Null when the write lost the race.
   */
  saveChanges(
    id: string,
    rev: number,
    changes: ArtifactChanges,
    events: readonly OutboxEntry[],
  ): Promise<ArtifactDoc | null> {
    const set: UpdateQuery<ArtifactDoc>['$set'] = { updatedAt: changes.at };
    if (changes.title !== undefined)
      Object.assign(set, { title: changes.title, titleLower: changes.title.toLowerCase() });
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.version) {
      const { state, number, info, renderPolicy } = changes.version;
      Object.assign(set, {
        ...state,
        'metadata.size': state.content.length,
        searchHead: searchHead(state.content),
        version: number,
        versionedAt: changes.at,
        versionInfo: info,
      });
      if (renderPolicy !== undefined) set.renderPolicy = renderPolicy;
    }
    if (changes.tags !== undefined) set.tags = changes.tags;
    if (changes.isPublic !== undefined) set.isPublic = changes.isPublic;
    if (changes.allowNetwork !== undefined) set.allowNetwork = changes.allowNetwork;
    if (changes.allowRemix !== undefined) set.allowRemix = changes.allowRemix;
    if (changes.frameHeight !== undefined) set.frameHeight = changes.frameHeight;
    if (changes.publishedVersions !== undefined) set.publishedVersions = changes.publishedVersions;
    const update: UpdateQuery<ArtifactDoc> = { $set: set };
    if (changes.activity)
      update.$push = { activity: { $each: [changes.activity], $slice: -ARTIFACT_LIMITS.activityKept } };
    return this.updateAtRev(id, rev, update, events);
  }

  /**
   * The owner's indexing setting copied onto each of their artifacts, each changed one moved to a
   * new rev (so a public read cached before cannot be filled again). Returns the owner's public
   * artifacts with their revs: the reads to drop from the cache.
   */
  async setIndexing(owner: string, indexing: boolean): Promise<{ _id: string; rev: number }[]> {
    await this.model
      .updateMany(
        { owner, deletedAt: null, indexing: { $ne: indexing } },
        { $set: { indexing }, $inc: { rev: 1 } },
      )
      .exec();
    return this.model
      .find({ owner, deletedAt: null, isPublic: true }, { _id: 1, rev: 1 })
      .lean<{ _id: string; rev: number }[]>()
      .exec();
  }

  /** One page of the sitemap: public artifacts of owners who allow indexing, newest changed first. */
  sitemapPage(skip: number, limit: number): Promise<SitemapEntryDoc[]> {
    return this.model
      .find({ isPublic: true, indexing: true, deletedAt: null }, { _id: 1, updatedAt: 1 })
      .sort({ updatedAt: -1, _id: 1 })
      .skip(skip)
      .limit(limit)
      .lean<SitemapEntryDoc[]>()
      .exec();
  }

  /** A new stored form of the same source under another policy: no version, no event. */
  storeRendering(
    id: string,
    rev: number,
    rendering: Pick<VersionState, 'rendered' | 'renderError' | 'securityWarning'>,
    renderPolicy: number,
  ): Promise<ArtifactDoc | null> {
    const { rendered, renderError, securityWarning } = rendering;
    return this.updateAtRev(id, rev, { $set: { rendered, renderError, securityWarning, renderPolicy } }, []);
  }

  /** Applies the update only if the artifact is still at `rev`, bumping rev; outbox in the same write. */
  private updateAtRev(
    id: string,
    rev: number,
    update: UpdateQuery<ArtifactDoc>,
    events: readonly OutboxEntry[],
  ): Promise<ArtifactDoc | null> {
    return this.model
      .findOneAndUpdate(
        { _id: id, rev, deletedAt: null },
        withOutbox<ArtifactDoc>({ ...update, $inc: { rev: 1 } }, events),
        { new: true, projection: LIVE_PROJECTION },
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

  /**
   * One page of the owners' live artifacts in a list order: from the top (`skip`, for ?page=) or
   * after a position (keyset, for ?cursor=; never skips, so page 1,000 costs what page 1 does).
   * Index: LIST_ORDERS[sort].index — list_created (newest; oldest walks it backwards), list_title,
   * list_type or list_views, each { owner, deletedAt, <sort keys>, _id }: `owner $in` and
   * `deletedAt: null` are its equality prefix (MongoDB merges the two owners' ranges in sort
   * order), the sort is its key order, and each keyset branch adds one range on the next key.
   * list-order.spec.ts checks that. No `.hint()`: mongo-java-server accepts and ignores it, and
   * on MongoDB a hint to an index still building fails the query instead of planning around it.
   */
  list(
    owners: readonly string[],
    sort: ArtifactSort,
    from: { skip: number } | { after: ListPosition },
    limit: number,
  ): Promise<ArtifactSummaryDoc[]> {
    const order = LIST_ORDERS[sort];
    const filter: FilterQuery<ArtifactDoc> = { owner: { $in: owners }, deletedAt: null };
    if ('after' in from) Object.assign(filter, afterPosition(order, from.after));
    return this.model
      .find(filter, SUMMARY_PROJECTION)
      .sort(sortOf(order))
      .skip('skip' in from ? from.skip : 0)
      .limit(limit)
      .lean<ArtifactSummaryDoc[]>()
      .exec();
  }

  /**
   * How many live artifacts the owners have (the list's total, first page only). Index:
   * list_created's prefix { owner, deletedAt } (a COUNT_SCAN on MongoDB, no document read).
   */
  countLive(owners: readonly string[]): Promise<number> {
    return countMatching(this.model, { owner: { $in: owners }, deletedAt: null });
  }

  /** Live summaries of these ids among the owners' artifacts (collections). */
  findSummaries(owners: readonly string[] | null, ids: readonly string[]): Promise<ArtifactSummaryDoc[]> {
    const filter: FilterQuery<ArtifactDoc> = { _id: { $in: ids }, deletedAt: null };
    if (owners) filter.owner = { $in: owners };
    return this.model.find(filter, SUMMARY_PROJECTION).lean<ArtifactSummaryDoc[]>().exec();
  }

  /** Several artifacts as the search index needs them, deleted ones included (the _id index). */
  findManyForSearch(ids: readonly string[]): Promise<SearchSource[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.model
      .find({ _id: { $in: ids } }, SEARCH_SOURCE_PROJECTION)
      .lean<SearchSource[]>()
      .exec();
  }

  /**
   * Every live artifact for a search index rebuild, in batches (bounded memory whatever the
   * collection's size). With `changedSince`, those changed since then, deleted ones included: the
   * catch-up after the rebuild's alias swap, or after the engine was away.
   * Index: `search_changes` { updatedAt, _id }. Each batch is its own query, continuing after the
   * last one's (updatedAt, _id) by keyset with `limit`: one cursor over the whole collection would
   * be one result on mongo-java-server, materialised in its heap (it ran out of its 1 GB at
   * 20,000 artifacts of 20 KB). An artifact changed during the walk moves past the position and
   * is read again later, never skipped.
   */
  async *streamForSearch(batchSize: number, changedSince?: Date): AsyncGenerator<SearchSource[]> {
    let after: { updatedAt: Date; _id: string } | null = null;
    for (;;) {
      const from: Date = after?.updatedAt ?? changedSince ?? new Date(0);
      const filter: FilterQuery<ArtifactDoc> = { updatedAt: { $gte: from } };
      if (!changedSince) filter.deletedAt = null;
      if (after)
        filter.$or = [
          { updatedAt: { $gt: after.updatedAt } },
          { updatedAt: after.updatedAt, _id: { $gt: after._id } },
        ];
      const batch = await this.model
        .find(filter, SEARCH_SOURCE_PROJECTION)
        .sort({ updatedAt: 1, _id: 1 })
        .limit(batchSize)
        .lean<SearchSource[]>()
        .exec();
      if (batch.length > 0) yield batch;
      if (batch.length < batchSize) return;
      const last = batch[batch.length - 1]!;
      after = { updatedAt: new Date(last.updatedAt), _id: last._id };
    }
  }

  /**
   * Search results' cards by id. The filter is the _id alone, which every MongoDB-compatible
   * server answers from its _id index; ownership and deletion are checked by the caller.
   */
  findSearchHits(ids: readonly string[]): Promise<ArtifactSummaryDoc[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.model
      .find({ _id: { $in: ids } }, SUMMARY_PROJECTION)
      .lean<ArtifactSummaryDoc[]>()
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
   * A counted download: `downloadCount` + 1 with its artifact-downloaded event, one write. Null
   * when the artifact is gone meanwhile.
   */
  async incrementDownload(id: string, events: readonly OutboxEntry[]): Promise<number | null> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: id, deletedAt: null },
        withOutbox<ArtifactDoc>({ $inc: { downloadCount: 1 } }, events),
        { new: true, projection: { downloadCount: 1 } },
      )
      .lean<Pick<ArtifactDoc, 'downloadCount'>>()
      .exec();
    return doc?.downloadCount ?? null;
  }

  /**
   * One more copy of `id` saved, applied once per artifact-created event of the copy (a
   * redelivery adds nothing). Deleted originals are counted too: the number is the owner's past.
   */
  async applyRemix(id: string, eventId: string): Promise<boolean> {
    const { filter, update } = applyOnce<ArtifactDoc>({ _id: id }, { $inc: { remixCount: 1 } }, eventId);
    const res = await this.model.updateOne(filter, update).exec();
    return res.modifiedCount === 1;
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
