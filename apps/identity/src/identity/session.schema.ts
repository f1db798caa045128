import { Schema } from 'mongoose';

export const SESSION_MODEL = 'Session';

/**
 * One sign-in = one refresh-token family. `_id` is the family id, carried as `sid` in access
 * tokens so revoking the family also stops its access tokens (via Redis).
 */
export interface Session {
  _id: string;
  userId: string;
  /** HMAC of the current refresh token. */
  tokenHash: string;
  /** HMACs of tokens already rotated away: presenting one again is reuse (theft). */
  usedTokenHashes: string[];
  /** The browser's User-Agent at sign-in (for the session list on /account), capped. */
  userAgent: string | null;
  createdAt: Date;
  /** The last rotation: when the session was last used, and the start of the grace window. */
  lastRefreshedAt: Date | null;
  expiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
}

export const sessionSchema = new Schema<Session>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    tokenHash: { type: String, required: true },
    usedTokenHashes: { type: [String], default: [] },
    userAgent: { type: String, default: null },
    createdAt: { type: Date, required: true },
    lastRefreshedAt: { type: Date, default: null },
    expiresAt: { type: Date, required: true },
    revokedAt: { type: Date, default: null },
    revokedReason: { type: String, default: null },
  },
  { versionKey: false, collection: 'sessions' },
);
// Serves "revoke every session of this user" (password reset): live sessions by user.
sessionSchema.index({ userId: 1, revokedAt: 1 });
// Housekeeping only on a real MongoDB; correctness always checks expiresAt itself.
sessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 7 * 24 * 3600 });
