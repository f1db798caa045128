import { z } from 'zod';
import {
  authConfigSchema,
  baseConfigSchema,
  httpUrl,
  kafkaConfigSchema,
  mongoConfigSchema,
  redisConfigSchema,
  secret,
} from '@core-vault/platform';

const priceId = z.string().regex(/^[A-Za-z0-9_]{3,100}$/, 'must be a Stripe price id');

/** Stripe customers, subscriptions, invoices, webhooks. */
export const billingConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend(redisConfigSchema.shape)
  .extend(authConfigSchema.shape)
  .extend({
    /** local: stripe-mock at STRIPE_API_BASE plus the test-card route; live: api.stripe.com. */
    STRIPE_MODE: z.enum(['local', 'live']),
    STRIPE_SECRET_KEY: secret(
      z
        .string()
        .regex(
          /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/,
          'must be a Stripe secret key (sk_test_... or sk_live_...)',
        ),
    ),
    /** Where the SDK sends requests in local mode (stripe-mock); ignored in live mode. */
    STRIPE_API_BASE: httpUrl.optional(),
    STRIPE_WEBHOOK_SECRET: secret(
      z.string().regex(/^whsec_[A-Za-z0-9_]+$/, 'must be a webhook signing secret (whsec_...)'),
    ),
    /** For Stripe Elements in the SPA (live mode). */
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'must be a publishable key')
      .optional(),
    STRIPE_TIMEOUT_MS: z.coerce.number().int().min(500).max(80_000).default(10_000),
    /** The SDK retries network errors, 409 and 5xx with the same idempotency key. */
    STRIPE_MAX_NETWORK_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
    STRIPE_PRICE_PRO_MONTHLY: priceId,
    STRIPE_PRICE_PRO_YEARLY: priceId,
    STRIPE_PRICE_BUSINESS_MONTHLY: priceId,
    STRIPE_PRICE_BUSINESS_YEARLY: priceId,
    WEB_ORIGIN: httpUrl,
    USER_DELETED_CONSUMER_GROUP: z.string().min(1).max(200).default('billing.user-deleted'),
    /** Sources of the data export (the caller's bearer token goes along). */
    IDENTITY_URL: httpUrl,
    ARTIFACTS_URL: httpUrl,
  })
  .refine((c) => c.STRIPE_MODE === 'live' || c.STRIPE_API_BASE !== undefined, {
    message: 'is required when STRIPE_MODE=local',
    path: ['STRIPE_API_BASE'],
  });

export type BillingConfig = z.infer<typeof billingConfigSchema>;
