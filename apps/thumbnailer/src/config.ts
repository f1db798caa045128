import { z } from 'zod';
import {
  baseConfigSchema,
  httpUrl,
  kafkaConfigSchema,
  mongoConfigSchema,
  redisConfigSchema,
} from '@core-vault/platform';

/**
 * The thumbnailer: the artifacts context's worker that renders each artifact version in headless
 * Chromium (docs/thumbnails.md). It reads the artifacts database (MONGO_DB is the artifacts
 * service's) and writes only its artifact_thumbnails collection.
 */
export const thumbnailerConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend(redisConfigSchema.shape)
  .extend({
    /** The renderer (apps/usercontent): artifacts are rendered by it, on their own origins. */
    RENDERER_ORIGIN: httpUrl,
    /**
     * This worker's own origin as the renderer's frames see it: the page that frames the artifact
     * is served here, and the renderer must list it in FRAME_PARENT_ORIGINS.
     */
    THUMBNAILER_ORIGIN: httpUrl,
    /** BullMQ queue of the render jobs; failed jobs land in `<queue>-dead` (tests use their own). */
    THUMBNAIL_QUEUE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .default('thumbnails'),
    THUMBNAIL_CONSUMER_GROUP: z.string().min(1).max(200).default('thumbnailer.versions'),
    /** Renders at once per replica (one Chromium, one page per render). */
    THUMBNAIL_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Longest one render may take, from opening the page to the picture. */
    THUMBNAIL_RENDER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(20_000),
    /** Attempts of a job before it goes to the dead-letter queue. */
    THUMBNAIL_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
    /** First retry delay (doubles with each attempt). */
    THUMBNAIL_BACKOFF_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
    /**
     * How often each replica looks for current versions without a picture (artifacts saved before
     * the thumbnailer existed, or while it was down past the events' retention) and queues them;
     * once at start too. 0 turns the backfill off.
     */
    THUMBNAIL_BACKFILL_EVERY_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(86_400_000)
      .refine((ms) => ms === 0 || ms >= 100, '0 (off) or at least 100 ms')
      .default(3_600_000),
    /** Versions one backfill pass queues at most (oldest first). */
    THUMBNAIL_BACKFILL_BATCH: z.coerce.number().int().min(1).max(1_000).default(100),
    /** The Chromium binary (the image installs Debian's). */
    CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
    /**
     * Chromium's --host-resolver-rules, for a renderer whose origins are `localhost` names that
     * live in another container (compose: `MAP localhost usercontent, MAP *.localhost usercontent`).
     * Unset in a cluster, where the renderer's origins are real host names.
     */
    CHROMIUM_HOST_RULES: z
      .string()
      .max(500)
      .regex(/^[\w.*:, -]+$/, 'host-resolver rules: MAP <pattern> <host>, comma-separated')
      .optional(),
  });

export type ThumbnailerConfig = z.infer<typeof thumbnailerConfigSchema>;
