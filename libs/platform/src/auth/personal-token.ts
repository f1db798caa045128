import { createHash } from 'node:crypto';
import { z } from 'zod';
import { PERSONAL_TOKEN_SCOPES, accessTokenClaimsSchema } from '@core-vault/contracts';

/**
 * The Redis projection of personal access tokens. Identity owns the tokens (MongoDB is the
 * source of truth) and writes these keys; every service's auth guard reads them, so a key is
 * checked where the request lands without a call to identity. See docs/reference/identity.md.
 */

/** SHA-256 of the whole secret. The secret has 256 random bits, so no salt or slow hash is needed. */
export function hashPersonalToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** hash → the key's record; deleted on revoke, expires with the key. */
export const personalTokenKey = (hash: string): string => `auth:pat:${hash}`;
/** user id → the facts the guard needs about the key's owner; deleted with the user. */
export const personalTokenOwnerKey = (userId: string): string => `auth:pat-owner:${userId}`;
/** token id → epoch ms of the latest use a service recorded (at most one write a minute). */
export const personalTokenUsedKey = (tokenId: string): string => `auth:pat-used:${tokenId}`;

export const personalTokenRecordSchema = z.object({
  tid: z.string().min(1),
  sub: z.string().min(1),
  scp: z.array(z.enum(PERSONAL_TOKEN_SCOPES)).min(1),
  /** Epoch ms after which the key is refused; null: until revoked. */
  exp: z.number().int().nullable(),
});
export type PersonalTokenRecord = z.infer<typeof personalTokenRecordSchema>;

/** The same facts an access token carries about its user, kept current by identity. */
export const personalTokenOwnerSchema = accessTokenClaimsSchema.pick({
  email: true,
  adm: true,
  act: true,
  plan: true,
  sts: true,
  mig: true,
});
export type PersonalTokenOwner = z.infer<typeof personalTokenOwnerSchema>;

/** JSON in Redis → a record, or null when absent or not in the expected shape. */
export function parseStored<T>(schema: z.ZodType<T>, raw: string | null): T | null {
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
