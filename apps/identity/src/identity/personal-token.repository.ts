import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type FilterQuery, type Model } from 'mongoose';
import { PERSONAL_TOKEN_MODEL, type PersonalTokenDoc } from './personal-token.schema';

/** Live at `now`: not revoked and not past its expiry. */
const live = (now: Date): FilterQuery<PersonalTokenDoc> => ({
  revokedAt: null,
  $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }],
});

@Injectable()
export class PersonalTokenRepository {
  constructor(@InjectModel(PERSONAL_TOKEN_MODEL) private readonly tokens: Model<PersonalTokenDoc>) {}

  async create(token: PersonalTokenDoc): Promise<void> {
    await this.tokens.create(token);
  }

  listForUser(userId: string): Promise<PersonalTokenDoc[]> {
    return this.tokens.find({ userId }).sort({ createdAt: -1 }).lean<PersonalTokenDoc[]>().exec();
  }

  countLiveForUser(userId: string, now: Date): Promise<number> {
    return this.tokens.countDocuments({ userId, ...live(now) }).exec();
  }

  findForUser(id: string, userId: string): Promise<PersonalTokenDoc | null> {
    return this.tokens.findOne({ _id: id, userId }).lean<PersonalTokenDoc>().exec();
  }

  /** Marks the key revoked (first revocation wins; repeating it changes nothing). */
  async revoke(id: string, reason: string, at: Date): Promise<void> {
    await this.tokens
      .updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: at, revokedReason: reason } })
      .exec();
  }

  /** Revokes every live key of a user; returns the hashes whose projection must go. */
  async revokeAllForUser(userId: string, reason: string, at: Date): Promise<string[]> {
    const victims = await this.tokens
      .find({ userId, revokedAt: null }, { tokenHash: 1 })
      .lean<Pick<PersonalTokenDoc, '_id' | 'tokenHash'>[]>()
      .exec();
    if (victims.length === 0) return [];
    await this.tokens
      .updateMany(
        { _id: { $in: victims.map((v) => v._id) }, revokedAt: null },
        { $set: { revokedAt: at, revokedReason: reason } },
      )
      .exec();
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
