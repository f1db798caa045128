import { z } from 'zod';
import { type Feature } from './permissions';

/**
 * Personal access tokens: API keys a user makes for the public API and the browser extension.
 * The secret is `cvpat_` + 43 base64url characters (32 random bytes); the prefix lets secret
 * scanners and people recognise a leaked key, and lets the auth guard tell it from a session JWT.
 */
export const PERSONAL_TOKEN_PREFIX = 'cvpat_';
/** The prefix of keys issued before #19; they keep working until revoked or expired. */
export const LEGACY_PERSONAL_TOKEN_PREFIX = 'cvp_';
/** A key as issued now (`cvpat_…`) or before (`cvp_…`): same length, same alphabet. */
export const PERSONAL_TOKEN_PATTERN = /^(?:cvpat|cvp)_[A-Za-z0-9_-]{43}$/;

/** What a key may do. Token management and billing are never reachable with a key. */
export const PERSONAL_TOKEN_SCOPES = [
  'artifacts:read',
  'artifacts:write',
  'collections:read',
  'collections:write',
  'analytics:read',
] as const;
export type PersonalTokenScope = (typeof PERSONAL_TOKEN_SCOPES)[number];

/**
 * Scopes beyond what the browser extension needs (it reads and writes artifacts): the public
 * API as a product, sold with the Business plan's `api_access`. Every plan may hold the others.
 */
export const BUSINESS_TOKEN_SCOPES = [
  'collections:read',
  'collections:write',
  'analytics:read',
] as const satisfies readonly PersonalTokenScope[];
/** The plan feature a Business scope needs, at creation and on every request. */
export const BUSINESS_TOKEN_SCOPE_FEATURE = 'api_access' satisfies Feature;

export function isBusinessTokenScope(scope: PersonalTokenScope): boolean {
  return (BUSINESS_TOKEN_SCOPES as readonly PersonalTokenScope[]).includes(scope);
}

/** Active (unrevoked, unexpired) keys a user may hold at once. */
export const MAX_PERSONAL_TOKENS_PER_USER = 10;
export const PERSONAL_TOKEN_NAME_MAX_LENGTH = 100;
export const PERSONAL_TOKEN_MAX_DAYS = 365;

export const createPersonalTokenBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(PERSONAL_TOKEN_NAME_MAX_LENGTH),
  scopes: z
    .array(z.enum(PERSONAL_TOKEN_SCOPES))
    .min(1)
    .max(PERSONAL_TOKEN_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'Each scope may be listed once.'),
  /** Days until the key stops working; null or absent: until revoked. */
  expiresInDays: z.number().int().min(1).max(PERSONAL_TOKEN_MAX_DAYS).nullable().optional(),
});
export type CreatePersonalTokenBody = z.infer<typeof createPersonalTokenBodySchema>;

export const personalTokenIdParamsSchema = z.strictObject({
  id: z.string().regex(/^pat_[A-Za-z0-9_-]{1,40}$/, 'Not a personal token id.'),
});
export type PersonalTokenIdParams = z.infer<typeof personalTokenIdParamsSchema>;

/** A key as its owner sees it: never the secret, only its first characters. */
export const personalTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `cvpat_` (or an older key's `cvp_`) and the next 4 characters: enough to match a key to the place it is used. */
  prefix: z.string(),
  scopes: z.array(z.enum(PERSONAL_TOKEN_SCOPES)),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Granularity: one minute (see docs/reference/identity.md). */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type PersonalToken = z.infer<typeof personalTokenSchema>;

export const personalTokenListSchema = z.object({ tokens: z.array(personalTokenSchema) });
export type PersonalTokenList = z.infer<typeof personalTokenListSchema>;

/** The only answer that carries the secret: it is shown once and never stored in clear. */
export const createdPersonalTokenSchema = z.object({
  token: z.string(),
  personalToken: personalTokenSchema,
});
export type CreatedPersonalToken = z.infer<typeof createdPersonalTokenSchema>;

export const PERSONAL_TOKEN_MESSAGES = {
  tooMany: `You can have at most ${MAX_PERSONAL_TOKENS_PER_USER} active personal access tokens; revoke one first.`,
  notFound: 'Personal access token not found.',
  revoked: 'Personal access token revoked.',
  sessionOnly: 'Personal access tokens can only be managed from a signed-in browser session.',
  missingScope: 'This personal access token does not have the scope this request needs.',
  invalid:
    'This personal access token is not valid: it is unknown, expired or revoked, or its account is gone. Create a new one on your account page.',
  businessScope:
    'The collections and analytics scopes are part of API access, which is included in the Business plan. Upgrade to Business, or create the key with the artifacts scopes only.',
  businessScopeLost:
    'This personal access token uses a scope that is part of API access, which your plan no longer includes. Upgrade to Business to use it again.',
  inAddress:
    'A token was sent in the address (its query string), where it is never accepted: send personal access tokens and access tokens in the Authorization header only (Authorization: Bearer <token>). Treat this key as exposed and revoke it: addresses end up in logs and browser history.',
  rateLimited: (seconds: number) =>
    `This personal access token has made too many requests. Please try again in ${seconds} seconds.`,
} as const;
