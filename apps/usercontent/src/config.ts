import { type z } from 'zod';
import { z as zod } from 'zod';
import { baseConfigSchema, httpUrl, secret } from '@core-vault/platform';

const origin = httpUrl.refine(
  (v) => new URL(v).origin === v,
  'must be an origin (scheme://host[:port], no path)',
);

/** The renderer origin: serves artifact documents, embeds and the libraries they load. */
export const usercontentConfigSchema = baseConfigSchema.extend({
  /** This server's public origin: a different host than the app, so it shares no cookies with it. */
  RENDERER_ORIGIN: origin,
  /** The app's origin: brand links, oEmbed provider, and by default the only allowed /frame parent. */
  WEB_ORIGIN: origin,
  /** Extra origins allowed to frame /frame (comma-separated); WEB_ORIGIN always is. */
  FRAME_PARENT_ORIGINS: zod
    .string()
    .default('')
    .refine(
      (v) => v.split(',').every((o) => !o.trim() || origin.safeParse(o.trim()).success),
      'must be a comma-separated list of origins',
    ),
  /** The gateway's public read of artifacts (embeds fetch public artifacts server-side). */
  GATEWAY_URL: httpUrl,
  GATEWAY_TIMEOUT_MS: zod.coerce.number().int().min(100).max(60_000).default(5_000),
  /**
   * The key that turns an artifact id into the label of its own origin
   * (`{label}.{RENDERER_ORIGIN host}`; docs/reference/rendering.md, "Origins"). Secret: with it, anyone could
   * tell which artifact a label belongs to. Changing it moves every artifact to a new origin, so
   * what viewers' browsers kept for artifacts is left behind.
   */
  ARTIFACT_ORIGIN_SECRET: secret(zod.string().min(32, 'must be at least 32 characters')),
  /** Built browser assets (scripts/build-assets.mjs); defaults to dist/public beside this app. */
  ASSETS_DIR: zod.string().optional(),
  /*
   * The library mirror's npm cache (docs/reference/rendering.md, "Library mirror"): packages CDN URLs name
   * that the pinned set lacks are fetched from the registry on first use and kept here. Every
   * setting is optional; mirrorCacheSettings() gives the defaults.
   */
  /** Cache folder; a volume in production. Default: .cache/usercontent-mirror/npm in the repository. */
  MIRROR_CACHE_DIR: zod.string().min(1).optional(),
  /** The upstream registry (a company registry or proxy). Default: https://registry.npmjs.org/. */
  MIRROR_REGISTRY_URL: httpUrl.optional(),
  /** Bearer token for that registry, if it wants one. */
  MIRROR_REGISTRY_TOKEN: secret(zod.string().min(1).optional()),
  /** `off`: serve only what the pinned set and the cache hold; never ask the registry. */
  MIRROR_FETCH: zod.enum(['on', 'off']).optional(),
  /** Per registry request (metadata, or a whole tarball). Default 30,000. */
  MIRROR_FETCH_TIMEOUT_MS: zod.coerce.number().int().min(1_000).max(600_000).optional(),
  /** Largest package accepted, packed and unpacked (MB). Defaults 50 and 250. */
  MIRROR_MAX_TARBALL_MB: zod.coerce.number().int().min(1).max(2_000).optional(),
  MIRROR_MAX_UNPACKED_MB: zod.coerce.number().int().min(1).max(10_000).optional(),
  /** Packages never served, comma-separated: `name` or `name@range` (besides a built-in list). */
  MIRROR_DENY: zod
    .string()
    .optional()
    .refine(
      (v) => !v || v.split(',').every((e) => /^\s*(@[\w.~-]+\/)?[\w.~-]+(@[^,]+)?\s*$/.test(e) || !e.trim()),
      'must be a comma-separated list of package names, each optionally @range',
    ),
});

export type UsercontentConfig = z.infer<typeof usercontentConfigSchema>;

export interface MirrorCacheSettings {
  dir: string | undefined;
  registryUrl: string;
  registryToken: string | undefined;
  fetch: boolean;
  timeoutMs: number;
  maxTarballBytes: number;
  maxUnpackedBytes: number;
  deny: string[];
}

/** The npm cache's settings with their defaults (dir undefined: the repository's .cache). */
export function mirrorCacheSettings(config: UsercontentConfig): MirrorCacheSettings {
  return {
    dir: config.MIRROR_CACHE_DIR,
    registryUrl: config.MIRROR_REGISTRY_URL ?? 'https://registry.npmjs.org/',
    registryToken: config.MIRROR_REGISTRY_TOKEN,
    fetch: config.MIRROR_FETCH !== 'off',
    timeoutMs: config.MIRROR_FETCH_TIMEOUT_MS ?? 30_000,
    maxTarballBytes: (config.MIRROR_MAX_TARBALL_MB ?? 50) * 1024 * 1024,
    maxUnpackedBytes: (config.MIRROR_MAX_UNPACKED_MB ?? 250) * 1024 * 1024,
    deny: (config.MIRROR_DENY ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
  };
}

export function allowedParents(config: UsercontentConfig): Set<string> {
  const extra = config.FRAME_PARENT_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return new Set([config.WEB_ORIGIN, ...extra]);
}
