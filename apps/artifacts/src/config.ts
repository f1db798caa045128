import { z } from 'zod';
import {
  authConfigSchema,
  baseConfigSchema,
  httpUrl,
  kafkaConfigSchema,
  mongoConfigSchema,
  redisConfigSchema,
} from '@core-vault/platform';

/** Artifacts, versions, collections, search, sanitizing. */
export const artifactsConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend(redisConfigSchema.shape)
  .extend(authConfigSchema.shape)
  .extend({
    /** Origin of the web app, for share URLs and embed code (`{origin}/view/{id}`). */
    WEB_ORIGIN: httpUrl,
    /** The renderer's origin: embed code and embed URLs point there. */
    RENDERER_ORIGIN: httpUrl,
    /** Seconds a public artifact stays in the Redis read cache (changes invalidate it at once). */
    PUBLIC_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    /** Browser/CDN max-age of a public read; short, since changes must show on the next read. */
    PUBLIC_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(0),
    VIEW_COUNT_CONSUMER_GROUP: z.string().min(1).max(200).default('artifacts.view-counts'),
    USER_DELETED_CONSUMER_GROUP: z.string().min(1).max(200).default('artifacts.user-deleted'),
  });

export type ArtifactsConfig = z.infer<typeof artifactsConfigSchema>;
