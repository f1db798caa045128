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
  /** `cvpat_` (older keys: `cvp_`) and 4 more characters, shown in lists so an owner can tell keys apart. */
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

export const PERSONAL_TOKEN_QUOTA_MODEL = 'PersonalTokenQuota';

/**
 * The live keys of one user (`_id` = user id), the one document the per-user limit is decided on:
 * a new key takes a slot with a single conditional write ("fewer than N slots taken"), so two
 * concurrent creates can never both pass a count that was true for each alone.
 */
export interface PersonalTokenQuota {
  _id: string;
  live: { _id: string; expiresAt: Date | null }[];
}

export const personalTokenQuotaSchema = new Schema<PersonalTokenQuota>(
  {
    _id: { type: String, required: true },
    live: {
      type: [
        new Schema(
          { _id: { type: String, required: true }, expiresAt: { type: Date, default: null } },
          { versionKey: false },
        ),
      ],
      default: [],
    },
  },
  { versionKey: false, collection: 'personal_token_quotas' },
);
