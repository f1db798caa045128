import { z } from 'zod';
import { ANALYTICS_LIMITS } from '@core-vault/contracts';

/** Flood protection of the public tracking calls. */
export const analyticsGatewayConfigSchema = z.object({
  /** Tracking requests (single or batch) one client IP may make per window. */
  TRACK_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000_000).default(120),
  TRACK_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /** Longest a tracking call waits for Kafka's acknowledgement before it is answered 503. */
  TRACK_PUBLISH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Views one track-views request may carry (400 above); load tests and benchmarks raise it. */
  TRACK_BATCH_MAX_EVENTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(ANALYTICS_LIMITS.batchCeilingEvents)
    .default(ANALYTICS_LIMITS.batchMaxEvents),
  /**
   * Views one visitor may add to one artifact per UTC day; more are accepted and not counted
   * (docs/reference/analytics.md, "Counts you can trust"). Load tests sending from one address raise it.
   */
  TRACK_VIEWS_PER_VISITOR_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000_000)
    .default(ANALYTICS_LIMITS.viewsPerVisitorPerDay),
});
