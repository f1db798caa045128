import { type z } from 'zod';
import {
  baseConfigSchema,
  kafkaConfigSchema,
  mongoConfigSchema,
  redisConfigSchema,
} from '@core-vault/platform';

/** Artifacts, versions, collections, search, sanitizing. */
export const artifactsConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend(redisConfigSchema.shape);

export type ArtifactsConfig = z.infer<typeof artifactsConfigSchema>;
