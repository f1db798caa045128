import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type FilterQuery, type Model } from 'mongoose';
import {
  PERSONAL_TOKEN_MODEL,
  PERSONAL_TOKEN_QUOTA_MODEL,
  type PersonalTokenDoc,
  type PersonalTokenQuota,
} from './personal-token.schema';

const isDuplicateKey = (err: unknown) => (err as { code?: number } | null)?.code === 11000;

/** Live at `now`: not revoked and not past its expiry. */
const live = (now: Date): FilterQuery<PersonalTokenDoc> => ({
  revokedAt: null,
  $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }],
});

@Injectable()
export class PersonalTokenRepository {
  constructor(
    @InjectModel(PERSONAL_TOKEN_MODEL) private readonly tokens: Model<PersonalTokenDoc>,
    @InjectModel(PERSONAL_TOKEN_QUOTA_MODEL) private readonly quotas: Model<PersonalTokenQuota>,
  ) {}

  /**
   * Stores a new key if its owner has fewer than `max` live ones; false (nothing stored) if not.
   * The decision is one conditional write on the owner's quota document (no transactions needed,
   * which the local MongoDB-compatible server lacks): of any number of concurrent creates, exactly
   * the free slots are taken.
   */
  async createWithinLimit(token: PersonalTokenDoc, max: number, now: Date): Promise<boolean> {
    await this.ensureQuota(token.userId, now);
    const slot = { _id: token._id, expiresAt: token.expiresAt };
    // Expired keys give their slot back here (a revoked one gave it back at revocation).
    let taken = await this.takeSlot(token.userId, slot, max, now);
    // Full: a revocation that stopped before freeing its slot must not cost the slot for good.
    if (!taken && (await this.freeSlotsOfRevoked(token.userId)))
      taken = await this.takeSlot(token.userId, slot, max, now);
    if (!taken) return false;
    try {
      await this.tokens.create(token);
    } catch (err) {
      await this.releaseSlot(token.userId, token._id);
      throw err;
    }
    return true;
  }

  private async takeSlot(
    userId: string,
    slot: PersonalTokenQuota['live'][number],
    max: number,
    now: Date,
  ): Promise<boolean> {
    await this.quotas.updateOne({ _id: userId }, { $pull: { live: { expiresAt: { $lte: now } } } }).exec();
    const res = await this.quotas
      .updateOne({ _id: userId, [`live.${max - 1}`]: { $exists: false } }, { $push: { live: slot } })
      .exec();
    return res.modifiedCount === 1;
  }

  /** Frees the slots of keys already revoked (a revoked key never comes back, so this is safe at any time). */
  private async freeSlotsOfRevoked(userId: string): Promise<boolean> {
    const quota = await this.quotas.findById(userId).lean<PersonalTokenQuota>().exec();
    const ids = quota?.live.map((s) => s._id) ?? [];
    const revoked = await this.tokens
      .find({ _id: { $in: ids }, revokedAt: { $ne: null } }, { _id: 1 })
      .lean<Pick<PersonalTokenDoc, '_id'>[]>()
      .exec();
    if (revoked.length === 0) return false;
    await this.quotas
      .updateOne({ _id: userId }, { $pull: { live: { _id: { $in: revoked.map((r) => r._id) } } } })
      .exec();
    return true;
  }

  /**
   * The quota document, created on a user's first key from the keys already stored (so keys made
   * before the quota existed still count). Concurrent first creates: one insert wins, the others
   * find it.
   */
  private async ensureQuota(userId: string, now: Date): Promise<void> {
    if (await this.quotas.exists({ _id: userId })) return;
    const existing = await this.tokens
      .find({ userId, ...live(now) }, { _id: 1, expiresAt: 1 })
      .lean<Pick<PersonalTokenDoc, '_id' | 'expiresAt'>[]>()
      .exec();
    try {
      await this.quotas
        .updateOne(
          { _id: userId },
          { $setOnInsert: { live: existing.map(({ _id, expiresAt }) => ({ _id, expiresAt })) } },
          { upsert: true },
        )
        .exec();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  private async releaseSlot(userId: string, tokenId: string): Promise<void> {
    await this.quotas.updateOne({ _id: userId }, { $pull: { live: { _id: tokenId } } }).exec();
  }

  /** The user's keys that are live at `now`. */
  countLive(userId: string, now: Date): Promise<number> {
    return this.tokens.countDocuments({ userId, ...live(now) }).exec();
  }

  listForUser(userId: string): Promise<PersonalTokenDoc[]> {
    return this.tokens.find({ userId }).sort({ createdAt: -1 }).lean<PersonalTokenDoc[]>().exec();
  }

  findForUser(id: string, userId: string): Promise<PersonalTokenDoc | null> {
    return this.tokens.findOne({ _id: id, userId }).lean<PersonalTokenDoc>().exec();
  }

  /** Marks the key revoked and frees its slot (first revocation wins; repeating it changes nothing). */
  async revoke(key: Pick<PersonalTokenDoc, '_id' | 'userId'>, reason: string, at: Date): Promise<void> {
    await this.tokens
      .updateOne({ _id: key._id, revokedAt: null }, { $set: { revokedAt: at, revokedReason: reason } })
      .exec();
    await this.releaseSlot(key.userId, key._id);
  }

  /** Revokes every live key of a user; returns the hashes whose projection must go. */
  async revokeAllForUser(userId: string, reason: string, at: Date): Promise<string[]> {
    const victims = await this.tokens
      .find({ userId, revokedAt: null }, { tokenHash: 1 })
      .lean<Pick<PersonalTokenDoc, '_id' | 'tokenHash'>[]>()
      .exec();
    if (victims.length > 0) {
      await this.tokens
        .updateMany(
          { _id: { $in: victims.map((v) => v._id) }, revokedAt: null },
          { $set: { revokedAt: at, revokedReason: reason } },
        )
        .exec();
    }
    // After the keys: a quota never says fewer live keys than there are.
    await this.quotas.updateOne({ _id: userId }, { $set: { live: [] } }).exec();
    return victims.map((v) => v.tokenHash);
  }

  /**
   * What the projection sync walks: live keys (to write) and keys revoked since `revokedSince`
   * (to delete again, in case the delete at revocation did not reach Redis).
   */
  forProjection(now: Date, revokedSince: Date): AsyncIterable<PersonalTokenDoc> {
    return this.tokens
      .find({ $or: [live(now), { revokedAt: { $gte: revokedSince } }] })
      .lean<PersonalTokenDoc[]>()
      .cursor();
  }

  /** Moves recorded uses forward only (a late, older write never turns the clock back). */
  async recordLastUsed(uses: ReadonlyMap<string, Date>): Promise<void> {
    if (uses.size === 0) return;
    await this.tokens.bulkWrite(
      [...uses].map(([id, at]) => ({
        updateOne: {
          filter: { _id: id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: at } }] },
          update: { $set: { lastUsedAt: at } },
        },
      })),
    );
  }
}
