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
   * (`{label}.{RENDERER_ORIGIN host}`; docs/rendering.md, "Origins"). Secret: with it, anyone could
   * tell which artifact a label belongs to. Changing it moves every artifact to a new origin, so
   * what viewers' browsers kept for artifacts is left behind.
   */
  ARTIFACT_ORIGIN_SECRET: secret(zod.string().min(32, 'must be at least 32 characters')),
  /** Built browser assets (scripts/build-assets.mjs); defaults to dist/public beside this app. */
  ASSETS_DIR: zod.string().optional(),
});

export type UsercontentConfig = z.infer<typeof usercontentConfigSchema>;

export function allowedParents(config: UsercontentConfig): Set<string> {
  const extra = config.FRAME_PARENT_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return new Set([config.WEB_ORIGIN, ...extra]);
}
