import { z } from 'zod';
import {
  authConfigSchema,
  baseConfigSchema,
  httpUrl,
  kafkaConfigSchema,
  mongoConfigSchema,
  redisConfigSchema,
} from '@core-vault/platform';
import { aiConfigShape } from './runtime/ai-config';

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
    /** The consumer group that counts copies (remixes) of an artifact from the copies' created events. */
    REMIX_COUNT_CONSUMER_GROUP: z.string().min(1).max(200).default('artifacts.remix-counts'),
    /** The consumer group that keeps owners' display names ("Remixed from … by Ada L."). */
    OWNER_NAMES_CONSUMER_GROUP: z.string().min(1).max(200).default('artifacts.owner-names'),
    /**
     * GitHub's REST API, where a gist named by URL is read from (imports, docs/guides/imports.md);
     * tests point it at a local server speaking the same JSON.
     */
    GITHUB_API_URL: httpUrl.default('https://api.github.com'),
    /** The search engine (OpenSearch 2.x, or Amazon OpenSearch Service in production). */
    OPENSEARCH_URL: httpUrl.default('http://127.0.0.1:9200'),
    /**
     * Amazon OpenSearch with IAM: the region to sign requests for (AWS SigV4, credentials from the
     * AWS SDK's default chain). Unset: no signing (basic authentication through the URL, or none).
     */
    OPENSEARCH_AWS_REGION: z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d+$/, 'an AWS region such as eu-west-1')
      .optional(),
    /** What is signed for: `es` (a managed domain) or `aoss` (OpenSearch Serverless). */
    OPENSEARCH_AWS_SERVICE: z.enum(['es', 'aoss']).default('es'),
    /**
     * The search read model's alias; the live concrete index behind it is `<alias>-<timestamp>`.
     * Lower case, as OpenSearch requires of index names.
     */
    SEARCH_INDEX: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,150}$/)
      .default('cv-artifacts'),
    /** The consumer group that feeds the search index from the artifacts' own events. */
    SEARCH_CONSUMER_GROUP: z.string().min(1).max(200).default('artifacts.search-index'),
    /**
     * How long a deleted artifact stays in the trash before the purge job deletes it for good
     * (30 days; the tests set seconds).
     */
    TRASH_RETENTION_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .max(365 * 86_400_000)
      .default(30 * 86_400_000),
    /** How often the purge job looks for artifacts whose time in the trash is over. */
    TRASH_PURGE_EVERY_MS: z.coerce.number().int().min(200).max(86_400_000).default(3_600_000),
    /** BullMQ queue of the purge job; a run that failed every attempt lands in `<queue>-dead`. */
    TRASH_QUEUE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .default('artifacts-trash'),
    TRASH_PURGE_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    TRASH_PURGE_BACKOFF_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
    /** The consumer group that deletes artifact runtime data with its artifact or account. */
    RUNTIME_CONSUMER_GROUP: z.string().min(1).max(200).default('artifacts.runtime-data'),
    /** Redis key prefix of the runtime's rate limits and daily AI counters (tests use their own). */
    RUNTIME_REDIS_PREFIX: z.string().min(1).max(100).default('artifact-runtime'),
    /** Storage calls per minute per viewer per artifact (runtime-limits.ts says why 300). */
    RUNTIME_STORAGE_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
    /** AI calls per minute per viewer per artifact (the daily quotas bound the cost). */
    RUNTIME_AI_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
    ...aiConfigShape,
  });

export type ArtifactsConfig = z.infer<typeof artifactsConfigSchema>;
