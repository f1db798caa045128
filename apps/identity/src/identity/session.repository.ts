import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { SESSION_MODEL, type Session } from './session.schema';

/** Rotated hashes remembered per family for reuse detection. */
const USED_HASHES_KEPT = 100;

@Injectable()
export class SessionRepository {
  constructor(@InjectModel(SESSION_MODEL) private readonly sessions: Model<Session>) {}

  async create(session: Session): Promise<void> {
    await this.sessions.create(session);
  }

  findById(id: string): Promise<Session | null> {
    return this.sessions.findById(id).lean<Session>().exec();
  }

  async setUserAgent(id: string, userAgent: string): Promise<void> {
    await this.sessions.updateOne({ _id: id }, { $set: { userAgent } }).exec();
  }

  /** A user's live (not revoked, not expired) sessions, most recently used first. */
  findLiveByUser(userId: string, now: Date): Promise<Session[]> {
    return this.sessions
      .find({ userId, revokedAt: null, expiresAt: { $gt: now } })
      .sort({ lastRefreshedAt: -1, createdAt: -1 })
      .lean<Session[]>()
      .exec();
  }

  /**
   * Swaps the current refresh token for its successor, only if `currentHash` is still the current
   * token of a live family. One conditional update, no transaction: of racing refreshes with one
   * token exactly one swaps; the others find `nextHash` already current (the service's grace path).
   */
  rotate(id: string, currentHash: string, nextHash: string, now: Date): Promise<Session | null> {
    return this.sessions
      .findOneAndUpdate(
        { _id: id, tokenHash: currentHash, revokedAt: null, expiresAt: { $gt: now } },
        {
          $set: { tokenHash: nextHash, lastRefreshedAt: now },
          $push: { usedTokenHashes: { $each: [currentHash], $slice: -USED_HASHES_KEPT } },
        },
        { new: true },
      )
      .lean<Session>()
      .exec();
  }

  /** Ends one session; false when it was not live (already ended, or never existed). */
  async revoke(id: string, reason: string, now: Date): Promise<boolean> {
    const res = await this.sessions
      .updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: now, revokedReason: reason } })
      .exec();
    return res.modifiedCount > 0;
  }

  /** Ends one live session only if it belongs to `userId` (a user can end only their own). */
  async revokeOwned(id: string, userId: string, reason: string, now: Date): Promise<boolean> {
    const res = await this.sessions
      .updateOne({ _id: id, userId, revokedAt: null }, { $set: { revokedAt: now, revokedReason: reason } })
      .exec();
    return res.modifiedCount > 0;
  }

  /** Revokes every live session of a user except `keepId`; returns their ids (for the Redis deny-list). */
  async revokeAllForUser(userId: string, reason: string, now: Date, keepId?: string): Promise<string[]> {
    const live = await this.sessions
      .find({ userId, revokedAt: null }, { _id: 1 })
      .lean<{ _id: string }[]>()
      .exec();
    const ids = live.map((s) => s._id).filter((id) => id !== keepId);
    if (ids.length) {
      await this.sessions
        .updateMany(
          { _id: { $in: ids }, revokedAt: null },
          { $set: { revokedAt: now, revokedReason: reason } },
        )
        .exec();
    }
    return ids;
  }
}
