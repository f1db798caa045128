import { z } from 'zod';
import {
  authConfigSchema,
  authIssuerConfigSchema,
  baseConfigSchema,
  httpUrl,
  kafkaConfigSchema,
  mailConfigSchema,
  mongoConfigSchema,
  redisConfigSchema,
  secret,
} from '@core-vault/platform';

/** Users, credentials, sign-in codes, sessions, roles. */
export const identityConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend(redisConfigSchema.shape)
  .extend(authConfigSchema.shape)
  .extend(authIssuerConfigSchema.shape)
  .extend(mailConfigSchema.shape)
  .extend({
    /** Comma-separated admin e-mail addresses, compared case-insensitively. */
    ADMIN_EMAILS: z.string().max(4000).default(''),
    /** HMAC key for stored sign-in/reset codes and refresh tokens (a leaked database is not enough). */
    IDENTITY_HMAC_SECRET: secret(z.string().min(32, 'must be at least 32 characters')),
    /** log2 of scrypt's N. OWASP: 17 (128 MiB, r=8, p=1). Lower only to speed up tests. */
    PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(14).max(20).default(17),
    /** Consumer group of the billing events (tests use their own). */
    BILLING_EVENTS_GROUP: z.string().min(1).max(200).default('identity.billing-events'),
    USER_DELETED_CONSUMER_GROUP: z.string().min(1).max(200).default('identity.user-deleted'),
    /** Absolute lifetime of a refresh-token family (a sign-in). */
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /**
     * Seconds after a rotation in which the rotated refresh token still yields the SAME successor
     * (not a revocation): several tabs refreshing at once with one cookie converge instead of
     * tripping reuse detection, as Auth0's and Okta's rotation leeway do. Later reuse is theft.
     */
    SESSION_REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(20),
    /** The SPA's origin: a device sign-in's verification_uri is its /device page. */
    WEB_ORIGIN: httpUrl.default('http://127.0.0.1:4200'),
    /** How long a device sign-in's codes live (RFC 8628 `expires_in`). */
    DEVICE_CODE_TTL_SECONDS: z.coerce.number().int().min(5).max(1800).default(600),
    /** Seconds a device waits between polls (RFC 8628 `interval`); slow_down adds 5 each time. */
    DEVICE_CODE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  });

export type IdentityConfig = z.infer<typeof identityConfigSchema>;

/** Admin addresses in normalised form. */
export function adminEmails(config: Pick<IdentityConfig, 'ADMIN_EMAILS'>): ReadonlySet<string> {
  return new Set(
    config.ADMIN_EMAILS.split(',')
      .map((e) => e.trim().normalize('NFC').toLowerCase())
      .filter(Boolean),
  );
}
