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

  /**
   * Swaps the current refresh token for a new one, only if `currentHash` is still the current
   * token of a live family: of two racing refreshes with one token, exactly one wins.
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

  async revoke(id: string, reason: string, now: Date): Promise<void> {
    await this.sessions
      .updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: now, revokedReason: reason } })
      .exec();
  }

  /** Revokes every live session of a user; returns their ids (for the Redis deny-list). */
  async revokeAllForUser(userId: string, reason: string, now: Date): Promise<string[]> {
    const live = await this.sessions
      .find({ userId, revokedAt: null }, { _id: 1 })
      .lean<{ _id: string }[]>()
      .exec();
    const ids = live.map((s) => s._id);
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
