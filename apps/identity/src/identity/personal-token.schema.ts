import { Schema } from 'mongoose';
import { PERSONAL_TOKEN_SCOPES, type PersonalTokenScope } from '@core-vault/contracts';

export const PERSONAL_TOKEN_MODEL = 'PersonalToken';

/**
 * A personal access token (API key). The secret itself is never stored: only its SHA-256, which
 * is also its key in the Redis projection every service checks (see personal-token.projection).
 */
export interface PersonalTokenDoc {
  _id: string;
  userId: string;
  name: string;
  /** hex SHA-256 of the secret. */
  tokenHash: string;
  /** `cvp_` and 4 more characters, shown in lists so an owner can tell keys apart. */
  prefix: string;
  scopes: PersonalTokenScope[];
  createdAt: Date;
  expiresAt: Date | null;
  /** Copied from Redis by the projection sync; a list shows the newer of the two. */
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  revokedReason: string | null;
}

export const personalTokenSchema = new Schema<PersonalTokenDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    name: { type: String, required: true, maxlength: 100 },
    tokenHash: { type: String, required: true },
    prefix: { type: String, required: true },
    scopes: { type: [String], enum: PERSONAL_TOKEN_SCOPES, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, default: null },
    lastUsedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
    revokedReason: { type: String, default: null },
  },
  { versionKey: false, collection: 'personal_tokens' },
);
// A user's keys, newest first (the list, the per-user limit, revoke-all).
personalTokenSchema.index({ userId: 1, createdAt: -1 });
// Two keys with one hash would be one key: never, and a collision must fail loudly.
personalTokenSchema.index({ tokenHash: 1 }, { unique: true });
