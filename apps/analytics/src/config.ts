import { z } from 'zod';
import { ANALYTICS_LIMITS } from '@core-vault/contracts';
import {
  authConfigSchema,
  baseConfigSchema,
  kafkaConfigSchema,
  mongoConfigSchema,
  redisConfigSchema,
  secret,
} from '@core-vault/platform';

/** View ingestion and statistics. */
export const analyticsConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend(redisConfigSchema.shape)
  .extend(authConfigSchema.shape)
  .extend({
    /** Server-side salt of the visitor hash: raw anonymous session ids are never stored. */
    ANALYTICS_VISITOR_SALT: secret(z.string().min(16, 'must be at least 16 characters')),
    VIEWS_CONSUMER_GROUP: z.string().min(1).max(200).default('analytics.views'),
    ARTIFACTS_CONSUMER_GROUP: z.string().min(1).max(200).default('analytics.artifacts'),
    USER_DELETED_CONSUMER_GROUP: z.string().min(1).max(200).default('analytics.user-deleted'),
    /** How long a view's event id is remembered in Redis to drop a resent copy. */
    VIEW_DEDUPE_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 14)
      .default(48),
    /** Views of artifact ids no artifact-created event has named are dropped after this. */
    UNKNOWN_ARTIFACT_HOLD_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),
    /** Most views handed to the statistics writer at once (fetches are sized to match: ~1 KB a view). */
    VIEWS_BATCH_SIZE: z.coerce.number().int().min(1).max(50_000).default(20_000),
    /**
     * Beacon views one visitor may add to one artifact per UTC day; more are answered alike and
     * not counted (docs/reference/analytics.md, "Counts you can trust"). The gateway has the same setting
     * for consented views; load tests sending from one address raise both.
     */
    TRACK_VIEWS_PER_VISITOR_DAY: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000_000)
      .default(ANALYTICS_LIMITS.viewsPerVisitorPerDay),
    /** Redis key prefix of the visitor sets (tests use their own). */
    ANALYTICS_REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_-]{1,64}$/)
      .default('an'),
  });

export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
