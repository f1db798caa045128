import { countMatching } from '@core-vault/platform';
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type FilterQuery, Model } from 'mongoose';
import { ARTIFACT_LIMITS } from '@core-vault/contracts';
import { COLLECTION_MODEL, type CollectionDoc } from '../collections/collection.schema';
import {
  ARTIFACT_MODEL,
  ARTIFACT_VERSION_MODEL,
  type ArtifactDoc,
  type ArtifactVersionDoc,
} from '../artifacts/artifact.schema';
import { STORED_FORMS_PROJECTION } from '../artifacts/card-projection';
import { LIST_ORDERS, type ListPosition, afterPosition, sortOf } from '../artifacts/list-order';

/** An artifact as stored (description, version author and note since #18: absent on older ones). */
export type StoredArtifact = ArtifactDoc;
const EXPORT_PROJECTION = STORED_FORMS_PROJECTION;
/** What the export reads of an artifact: everything but its stored forms and activity. */
export type ExportSource = Omit<StoredArtifact, keyof typeof EXPORT_PROJECTION>;
export type StoredVersion = ArtifactVersionDoc;

/** What the export needs of a database cursor: the documents one by one, and closing it. */
export type ReadCursor<T> = AsyncIterable<T> & { close(): Promise<unknown> };

/** Reads and writes of export and import: cursors out, whole-artifact writes in. */
@Injectable()
export class PortabilityRepository {
  constructor(
    @InjectModel(ARTIFACT_MODEL) private readonly artifacts: Model<ArtifactDoc>,
    @InjectModel(ARTIFACT_VERSION_MODEL) private readonly versions: Model<ArtifactVersionDoc>,
    @InjectModel(COLLECTION_MODEL) private readonly collections: Model<CollectionDoc>,
  ) {}

  /**
   * The next `limit` of the owners' live artifacts, oldest first, after `after` (the first batch
   * when null): keyset batches rather than one long cursor, so no server cursor stays open (and
   * times out on MongoDB) while a slow reader downloads, and memory holds one batch whatever the
   * account holds. Without what the export does not carry (stored forms, activity). Index:
   * list_created walked backwards — the Oldest First list's own (list-order.ts).
   */
  artifactBatch(
    owners: readonly string[],
    after: ListPosition | null,
    limit: number,
  ): Promise<ExportSource[]> {
    const order = LIST_ORDERS.oldest;
    const filter: FilterQuery<ArtifactDoc> = { owner: { $in: owners }, deletedAt: null };
    if (after) Object.assign(filter, afterPosition(order, after));
    return this.artifacts
      .find(filter, EXPORT_PROJECTION)
      .sort(sortOf(order))
      .limit(limit)
      .lean<ExportSource[]>()
      .exec();
  }

  /** How many live artifacts the owners have (the export's progress total). Index: list_created's prefix. */
  countArtifacts(owners: readonly string[]): Promise<number> {
    return countMatching(this.artifacts, { owner: { $in: owners }, deletedAt: null });
  }

  /** One artifact's kept earlier versions, oldest first. */
  versionCursor(artifactId: string): ReadCursor<StoredVersion> {
    return this.versions
      .find({ artifactId })
      .sort({ version: 1 })
      .lean<StoredVersion[]>()
      .cursor({ batchSize: 5 });
  }

  /** Bounded: at most collectionsPerUserMax collections of collectionArtifactsMax ids each. */
  listCollections(owners: readonly string[]): Promise<Pick<CollectionDoc, 'name' | 'artifactIds'>[]> {
    return this.collections
      .find({ owner: { $in: owners } }, { name: 1, artifactIds: 1 })
      .sort({ createdAt: 1, _id: 1 })
      .lean<Pick<CollectionDoc, 'name' | 'artifactIds'>[]>()
      .exec();
  }

  /**
   * One artifact with its earlier versions, whole or not at all: the versions first (invisible
   * until the artifact exists: nothing reads versions of an unknown artifact), then the artifact
   * with its created event; on any failure whatever was written is removed again.
   */
  async insertWithVersions(artifact: StoredArtifact, versions: readonly StoredVersion[]): Promise<void> {
    try {
      if (versions.length) await this.versions.insertMany(versions, { ordered: true });
      await this.artifacts.create(artifact);
    } catch (err) {
      await this.versions.deleteMany({ artifactId: artifact._id }).exec();
      await this.artifacts.deleteOne({ _id: artifact._id }).exec();
      throw err;
    }
  }

  /**
   * Puts the artifact into the owner's collection of that name, creating it when there is none
   * (false when the owner is at the collection cap or the collection is full).
   */
  async addToCollectionNamed(
    owner: string,
    owners: readonly string[],
    name: string,
    artifactId: string,
  ): Promise<boolean> {
    const max = ARTIFACT_LIMITS.collectionArtifactsMax;
    const existing = await this.collections
      .findOne({ owner: { $in: owners }, name })
      .sort({ createdAt: 1, _id: 1 })
      .lean<CollectionDoc>()
      .exec();
    if (!existing) {
      if (
        (await countMatching(this.collections, { owner: { $in: owners } })) >=
        ARTIFACT_LIMITS.collectionsPerUserMax
      )
        return false;
      const now = new Date();
      await this.collections.create({
        _id: randomUUID(),
        owner,
        name,
        artifactIds: [artifactId],
        createdAt: now,
        updatedAt: now,
      });
      return true;
    }
    const added = await this.collections
      .findOneAndUpdate(
        { _id: existing._id, [`artifactIds.${max - 1}`]: { $exists: false } },
        { $addToSet: { artifactIds: artifactId }, $set: { updatedAt: new Date() } },
      )
      .exec();
    return added !== null;
  }
}
