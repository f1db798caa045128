import { z } from 'zod';
import { type PersonalTokenScope } from './personal-token-dto';

/**
 * Claims of the short-lived access token identity issues and every service verifies. Only what
 * access decisions need; the full user comes from GET /api/v1/me.
 */
export const accessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string(),
  sid: z.string().min(1),
  adm: z.boolean(),
  act: z.boolean(),
  plan: z.enum(['Pro', 'Business', 'Free']),
  sts: z.enum(['ACTIVE', 'TRIAL', 'PAST_DUE', 'CANCELED', 'NO_SUBSCRIPTION']),
  /** migratedFromUserId: an older id whose artifacts the user also owns. */
  mig: z.string().optional(),
  iat: z.number().int(),
  exp: z.number().int(),
  iss: z.literal('core-vault-identity'),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** The authenticated caller as services see it, derived from verified claims only. */
export interface AuthUser {
  id: string;
  email: string;
  sessionId: string;
  isAdmin: boolean;
  isActive: boolean;
  planType: AccessTokenClaims['plan'];
  subscriptionStatus: AccessTokenClaims['sts'];
  migratedFromUserId?: string;
  /**
   * Present only when the caller came with a personal access token (then `sessionId` is the
   * token's id): what the key may do. Absent for a browser session, which may do everything.
   */
  scopes?: PersonalTokenScope[];
}

export function authUserFromClaims(c: AccessTokenClaims): AuthUser {
  return {
    id: c.sub,
    email: c.email,
    sessionId: c.sid,
    isAdmin: c.adm,
    isActive: c.act,
    planType: c.plan,
    subscriptionStatus: c.sts,
    ...(c.mig ? { migratedFromUserId: c.mig } : {}),
  };
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** `iss` and `aud` of every access token: a token minted for anything else is refused. */
export const ACCESS_TOKEN_ISSUER = 'core-vault-identity';
export const ACCESS_TOKEN_AUDIENCE = 'core-vault-api';
