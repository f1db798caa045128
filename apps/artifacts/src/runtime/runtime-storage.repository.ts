import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { RUNTIME_LIMITS as L } from '@core-vault/contracts';
import { ARTIFACT_MODEL, type ArtifactDoc } from '../artifacts/artifact.schema';
import {
  RUNTIME_ENTRY_MODEL,
  RUNTIME_SETTINGS_MODEL,
  RUNTIME_STORE_MODEL,
  type RuntimeEntryDoc,
  type RuntimeSettingsDoc,
  type RuntimeStoreDoc,
  SHARED_USER,
} from './runtime.schema';

/** One store: the shared one of an artifact (userId `''`) or one user's personal one. */
export interface StoreRef {
  artifactId: string;
  scope: 'personal' | 'shared';
  userId: string;
}

export type SetOutcome = 'stored' | 'quota-exceeded';

const storeId = (s: StoreRef) => `${s.artifactId}:${s.scope}:${s.userId}`;
const where = (s: StoreRef) => ({ artifactId: s.artifactId, scope: s.scope, userId: s.userId });
const isDuplicateKey = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

/** The artifact fields the runtime decides access with. */
export interface RuntimeSubject {
  _id: string;
  owner: string;
  isPublic: boolean;
}

/**
 * The runtime's data in MongoDB: entries (one per key), each store's running total (the 20 MB cap
 * is reserved there atomically), and the owner's settings per artifact.
 */
@Injectable()
export class RuntimeStorageRepository {
  constructor(
    @InjectModel(RUNTIME_ENTRY_MODEL) private readonly entries: Model<RuntimeEntryDoc>,
    @InjectModel(RUNTIME_STORE_MODEL) private readonly stores: Model<RuntimeStoreDoc>,
    @InjectModel(RUNTIME_SETTINGS_MODEL) private readonly settings: Model<RuntimeSettingsDoc>,
    @InjectModel(ARTIFACT_MODEL) private readonly artifacts: Model<ArtifactDoc>,
  ) {}

  findLiveArtifact(id: string): Promise<RuntimeSubject | null> {
    return this.artifacts
      .findOne({ _id: id, deletedAt: null }, { owner: 1, isPublic: 1 })
      .lean<RuntimeSubject>()
      .exec();
  }

  /** Keys in order, those starting with `prefix` only (a range on the unique index, then exact). */
  async keys(store: StoreRef, prefix: string | undefined): Promise<string[]> {
    const range = prefix ? { key: { $gte: prefix, $lt: `${prefix}\uffff` } } : {};
    const docs = await this.entries
      .find({ ...where(store), ...range }, { key: 1, _id: 0 })
      .sort({ key: 1 })
      .limit(L.listMaxKeys)
      .lean<{ key: string }[]>()
      .exec();
    return docs.map((d) => d.key).filter((k) => !prefix || k.startsWith(prefix));
  }

  async value(store: StoreRef, key: string): Promise<string | null> {
    const doc = await this.entries
      .findOne({ ...where(store), key }, { value: 1 })
      .lean<{ value: string }>()
      .exec();
    return doc ? doc.value : null;
  }

  /**
   * Reserves the growth on the store's total first (a conditional update: two writes racing for
   * the last megabytes cannot both get them; a new key is counted with it), then writes the entry,
   * then corrects the total if the entry changed in between (its old size was not the one reserved
   * against). Three round trips for a store that exists; the store is made on its first write.
   */
  async set(store: StoreRef, key: string, value: string, bytes: number, owner: string): Promise<SetOutcome> {
    const id = storeId(store);
    const before = await this.entries
      .findOne({ ...where(store), key }, { bytes: 1 })
      .lean<{ bytes: number }>()
      .exec();
    const delta = bytes - (before?.bytes ?? 0);
    const reserve = () =>
      this.stores
        .updateOne(delta > 0 ? { _id: id, bytes: { $lte: L.storeMaxBytes - delta } } : { _id: id }, {
          $inc: { bytes: delta, keys: before ? 0 : 1 },
        })
        .exec();
    if ((await reserve()).matchedCount === 0) {
      // No store yet (its first write), or full: make it if missing, then try once more.
      const made = await this.stores
        .updateOne(
          { _id: id },
          { $setOnInsert: { ...where(store), owner, bytes: 0, keys: 0 } },
          { upsert: true },
        )
        .exec()
        .catch((err: unknown) => {
          if (!isDuplicateKey(err)) throw err;
          return null;
        });
      if (made?.upsertedCount !== 1 && made !== null) return 'quota-exceeded';
      if ((await reserve()).matchedCount === 0) return 'quota-exceeded';
    }
    const previous = await this.upsertEntry(store, key, value, bytes, owner);
    const bytesFix = (before?.bytes ?? 0) - (previous?.bytes ?? 0);
    const keysFix = (previous ? 0 : 1) - (before ? 0 : 1);
    if (bytesFix !== 0 || keysFix !== 0)
      await this.stores.updateOne({ _id: id }, { $inc: { bytes: bytesFix, keys: keysFix } }).exec();
    return 'stored';
  }

  /** The entry as it was before (null when new). Two first writes of one key race once at most. */
  private async upsertEntry(
    store: StoreRef,
    key: string,
    value: string,
    bytes: number,
    owner: string,
  ): Promise<{ bytes: number } | null> {
    const write = () =>
      this.entries
        .findOneAndUpdate(
          { ...where(store), key },
          { $set: { value, bytes, owner, updatedAt: new Date() } },
          { upsert: true, new: false, projection: { bytes: 1 } },
        )
        .lean<{ bytes: number }>()
        .exec();
    try {
      return await write();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return write();
    }
  }

  /** Whether the key was there. */
  async remove(store: StoreRef, key: string): Promise<boolean> {
    const gone = await this.entries
      .findOneAndDelete({ ...where(store), key }, { projection: { bytes: 1 } })
      .lean<{ bytes: number }>()
      .exec();
    if (!gone) return false;
    await this.stores.updateOne({ _id: storeId(store) }, { $inc: { bytes: -gone.bytes, keys: -1 } }).exec();
    return true;
  }

  async clear(store: StoreRef): Promise<void> {
    await this.entries.deleteMany(where(store)).exec();
    await this.stores.deleteOne({ _id: storeId(store) }).exec();
  }

  /** The shared store's total, and the personal stores' together (stores left empty do not count). */
  async usage(artifactId: string): Promise<{
    sharedKeys: number;
    sharedBytes: number;
    personalViewers: number;
    personalBytes: number;
  }> {
    const [shared, personal] = await Promise.all([
      this.stores
        .findOne(
          { _id: storeId({ artifactId, scope: 'shared', userId: SHARED_USER }) },
          { bytes: 1, keys: 1 },
        )
        .lean<{ bytes: number; keys: number }>()
        .exec(),
      this.stores
        .aggregate<{ viewers: number; bytes: number }>([
          { $match: { artifactId, scope: 'personal', keys: { $gt: 0 } } },
          { $group: { _id: null, viewers: { $sum: 1 }, bytes: { $sum: '$bytes' } } },
        ])
        .exec(),
    ]);
    return {
      sharedKeys: shared?.keys ?? 0,
      sharedBytes: shared?.bytes ?? 0,
      personalViewers: personal[0]?.viewers ?? 0,
      personalBytes: personal[0]?.bytes ?? 0,
    };
  }

  /** Every entry of a store, in key order (export). */
  entriesOf(store: StoreRef): Promise<{ key: string; value: string }[]> {
    return this.entries
      .find(where(store), { key: 1, value: 1, _id: 0 })
      .sort({ key: 1 })
      .lean<{ key: string; value: string }[]>()
      .exec();
  }

  getSettings(artifactId: string): Promise<RuntimeSettingsDoc | null> {
    return this.settings.findOne({ _id: artifactId }).lean<RuntimeSettingsDoc>().exec();
  }

  async updateSettings(
    artifactId: string,
    owner: string,
    patch: Partial<Pick<RuntimeSettingsDoc, 'anonymousSharedWrites' | 'aiCalls'>>,
  ): Promise<RuntimeSettingsDoc> {
    const doc = await this.settings
      .findOneAndUpdate(
        { _id: artifactId },
        { $set: { ...patch, owner, updatedAt: new Date() } },
        { upsert: true, new: true, setDefaultsOnInsert: true },
      )
      .lean<RuntimeSettingsDoc>()
      .exec();
    if (!doc) throw new Error(`runtime settings of ${artifactId} not written`);
    return doc;
  }

  /** Everything of one artifact: its stores, entries and settings. Idempotent. */
  async removeArtifact(artifactId: string): Promise<void> {
    await this.entries.deleteMany({ artifactId }).exec();
    await this.stores.deleteMany({ artifactId }).exec();
    await this.settings.deleteMany({ _id: artifactId }).exec();
  }

  /**
   * Account erasure: the user's personal data in anyone's artifacts, and every store and setting
   * of the user's own artifacts (found by the owner kept on each document: the artifacts
   * themselves may already be erased). Idempotent.
   */
  async eraseUser(userId: string): Promise<void> {
    const theirs = { $or: [{ userId }, { owner: userId }] };
    await this.entries.deleteMany(theirs).exec();
    await this.stores.deleteMany(theirs).exec();
    await this.settings.deleteMany({ owner: userId }).exec();
  }
}
