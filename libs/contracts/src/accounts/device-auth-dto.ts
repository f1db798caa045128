import { z } from 'zod';
import { PERSONAL_TOKEN_SCOPES, type PersonalTokenScope } from './personal-token-dto';

/**
 * Signing a command line in with a code approved in the app: the OAuth 2.0 Device Authorization
 * Grant (RFC 8628). The CLI asks for a device code, shows the short user code and the app's
 * /device page, and polls; the person approves in a signed-in browser; the next poll answers a
 * new personal access token, once. The RFC's own names (snake_case, its error codes as written)
 * are kept on the two calls the CLI makes; the app's calls use this API's style.
 */

/** The clients that may ask (RFC 8628 §3.1 `client_id`), with the name the /device page shows. */
export const DEVICE_CLIENTS = { 'corevault-cli': 'Core Vault CLI' } as const;
export type DeviceClientId = keyof typeof DEVICE_CLIENTS;
export const DEVICE_CLIENT_IDS = Object.keys(DEVICE_CLIENTS) as [DeviceClientId, ...DeviceClientId[]];

/** The app's page where a person types or confirms the code (`verification_uri`). */
export const DEVICE_VERIFICATION_PATH = '/device';
/** RFC 8628 §3.4's grant type. */
export const DEVICE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * The device code: the CLI's secret for polling, `cvdc_` + 32 random bytes (base64url). The
 * prefix lets the log scrubber (libs/platform logging/secrets.ts) find it by its shape, like a key.
 */
export const DEVICE_CODE_PREFIX = 'cvdc_';
export const DEVICE_CODE_PATTERN = /^cvdc_[A-Za-z0-9_-]{43}$/;

/**
 * The user code: 8 characters typed by a person, from 20 consonants (RFC 8628 §6.1: no vowels, so
 * no words, and no 0/O, 1/I/L look-alikes by construction), shown as XXXX-XXXX. 20^8 ≈ 2.6 × 10^10
 * codes against a few live ones; guessing is further capped per session and address at the gateway.
 */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;

/**
 * A code as typed (any case, spaces or dashes anywhere) in its canonical form `XXXXXXXX`, or null
 * when it cannot be one. A linear walk over at most 32 characters.
 */
export function normalizeUserCode(typed: string): string | null {
  if (typed.length > 32) return null;
  let code = '';
  for (const c of typed.toUpperCase()) {
    if (c === '-' || c === ' ') continue;
    if (!USER_CODE_ALPHABET.includes(c)) return null;
    code += c;
  }
  return code.length === USER_CODE_LENGTH ? code : null;
}

/** `XXXXXXXX` → `XXXX-XXXX`, as shown in the terminal and on the page. */
export function formatUserCode(code: string): string {
  const half = USER_CODE_LENGTH / 2;
  return `${code.slice(0, half)}-${code.slice(half)}`;
}

/** The scopes a CLI key gets when the request names none: read and save artifacts. */
export const DEFAULT_DEVICE_SCOPES: readonly PersonalTokenScope[] = ['artifacts:read', 'artifacts:write'];

/** RFC 6749 `scope`: space-separated, each a personal access token scope, each once. */
const scopeParam = z
  .string()
  .max(200)
  .optional()
  .transform((value, ctx): PersonalTokenScope[] => {
    const words = (value ?? '').split(' ').filter((w) => w !== '');
    if (words.length === 0) return [...DEFAULT_DEVICE_SCOPES];
    const known = new Set<string>(PERSONAL_TOKEN_SCOPES);
    const unknown = words.filter((w) => !known.has(w));
    if (unknown.length > 0 || new Set(words).size !== words.length) {
      ctx.addIssue({
        code: 'custom',
        message: `scope must list, once each and separated by spaces, some of: ${PERSONAL_TOKEN_SCOPES.join(' ')}.`,
      });
      return z.NEVER;
    }
    return words as PersonalTokenScope[];
  });

/** What the /device page shows as the asking machine: a host name as the OS reports it. */
export const DEVICE_HOSTNAME_MAX = 64;
const hostname = z
  .string()
  .trim()
  .min(1)
  .max(DEVICE_HOSTNAME_MAX)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'hostname: letters, digits, dots, dashes and underscores only.');

/** RFC 8628 §3.1, as JSON; `hostname` names the machine to the person approving. */
export const deviceCodeRequestSchema = z.strictObject({
  client_id: z.enum(DEVICE_CLIENT_IDS, { message: 'Unknown client_id.' }),
  scope: scopeParam,
  hostname: hostname.optional(),
});
export type DeviceCodeRequest = z.input<typeof deviceCodeRequestSchema>;

/** RFC 8628 §3.2. */
export const deviceCodeResponseSchema = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  /** Seconds. */
  expires_in: z.number().int(),
  /** Seconds to wait between polls. */
  interval: z.number().int(),
});
export type DeviceCodeResponse = z.infer<typeof deviceCodeResponseSchema>;

/** RFC 8628 §3.4, as JSON. */
export const deviceTokenRequestSchema = z.strictObject({
  grant_type: z.literal(DEVICE_GRANT_TYPE, { message: `grant_type must be ${DEVICE_GRANT_TYPE}.` }),
  device_code: z.string().max(100),
  client_id: z.enum(DEVICE_CLIENT_IDS, { message: 'Unknown client_id.' }),
});
export type DeviceTokenRequest = z.input<typeof deviceTokenRequestSchema>;

/** RFC 6749 §5.1: the access token is a personal access token (`cvpat_…`), shown here once. */
export const deviceTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  scope: z.string(),
  /** The key's name on the account page, where it can be revoked. */
  name: z.string(),
});
export type DeviceTokenResponse = z.infer<typeof deviceTokenResponseSchema>;

/**
 * RFC 8628 §3.5's answers to a poll (HTTP 400, the error code in `code`, `details.interval` the
 * seconds to wait from now on), plus RFC 6749's for a device code that is unknown or already used.
 */
export const DEVICE_POLL_ERRORS = {
  pending: 'authorization_pending',
  slowDown: 'slow_down',
  denied: 'access_denied',
  expired: 'expired_token',
  invalidGrant: 'invalid_grant',
} as const;

/** A user code as typed on the /device page. */
export const deviceUserCodeBodySchema = z.strictObject({
  userCode: z.string().max(32),
});
export type DeviceUserCodeBody = z.infer<typeof deviceUserCodeBodySchema>;

/** What is asking, as the /device page shows it before the person approves. */
export const deviceRequestSchema = z.object({
  userCode: z.string(),
  clientId: z.enum(DEVICE_CLIENT_IDS),
  clientName: z.string(),
  hostname: z.string().nullable(),
  scopes: z.array(z.enum(PERSONAL_TOKEN_SCOPES)),
  /** The name the new key will have on the account page. */
  tokenName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type DeviceRequest = z.infer<typeof deviceRequestSchema>;

/** The key's name: "corevault CLI on <hostname>" (within the key name's 100 characters). */
export function deviceTokenName(hostnameOrNull: string | null): string {
  return hostnameOrNull ? `corevault CLI on ${hostnameOrNull}` : 'corevault CLI';
}

export const DEVICE_MESSAGES = {
  pending: 'Waiting for the code to be approved in the app.',
  slowDown: 'Polling too fast: wait the interval between polls.',
  denied: 'The sign-in was denied in the app.',
  expired: 'This code has expired. Run corevault login again for a new one.',
  invalidGrant: 'This device code is unknown or was already used. Run corevault login again.',
  badCode: 'That is not a code from corevault login: 8 letters, like BCDF-GHJK.',
  notFound:
    'No sign-in request has this code. Check the code your terminal shows, or run corevault login again.',
  answered: 'This code was already approved or denied. Run corevault login again if you need a new one.',
  approved: 'Approved. The command line is signed in: you can close this tab.',
  deniedDone: 'Denied. No key was created.',
  sessionOnly: 'A sign-in request can only be approved from a signed-in browser session.',
} as const;
