import { z } from 'zod';

/** Flood protection of the public tracking calls. */
export const analyticsGatewayConfigSchema = z.object({
  /** Tracking requests (single or batch) one client IP may make per window. */
  TRACK_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000_000).default(120),
  TRACK_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /** Longest a tracking call waits for Kafka's acknowledgement before it is answered 503. */
  TRACK_PUBLISH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
});
