import { type z } from 'zod';
import {
  baseConfigSchema,
  kafkaConfigSchema,
  mongoConfigSchema,
  redisConfigSchema,
} from '@core-vault/platform';

/** View ingestion and statistics. */
export const analyticsConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend(redisConfigSchema.shape);

export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
