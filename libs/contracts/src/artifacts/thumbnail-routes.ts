import { z } from 'zod';
import { type ApiRoute, defineRoute } from '../http/route';
import { ARTIFACT_MESSAGES as M } from './artifact-limits';
import { SHARE_CARD_SIZE } from './share-meta';

/**
 * The pictures the thumbnailer makes of every artifact version (docs/thumbnails.md): `og` is the
 * link preview (the share card's size, PNG: what unfurlers read best), `card` the dashboard's
 * (half of it, WebP: small). Both are the same render, the card scaled down.
 */
export const THUMBNAIL_SIZES = {
  card: { width: SHARE_CARD_SIZE.width / 2, height: SHARE_CARD_SIZE.height / 2, mediaType: 'image/webp' },
  og: { width: SHARE_CARD_SIZE.width, height: SHARE_CARD_SIZE.height, mediaType: 'image/png' },
} as const;
export type ThumbnailSize = keyof typeof THUMBNAIL_SIZES;

export const THUMBNAIL_MESSAGES = {
  versionInvalid: M.versionInvalid,
  sizeInvalid: "size must be 'card' or 'og'",
  pending: 'The preview image of this version is not ready yet.',
  unavailable: 'No preview image could be made of this version.',
} as const;

/** `?size=card|og` (default card), `?v=N`: that content version (the latest without it). */
export const thumbnailQuerySchema = z.object({
  size: z.enum(['card', 'og'], THUMBNAIL_MESSAGES.sizeInvalid).default('card'),
  v: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, THUMBNAIL_MESSAGES.versionInvalid)
    .transform(Number)
    .optional(),
});
export type ThumbnailQuery = z.output<typeof thumbnailQuerySchema>;

export const thumbnailRoute = {
  get: defineRoute({
    id: 'getArtifactThumbnail',
    method: 'GET',
    path: '/api/v1/artifacts/:id/thumbnail',
    summary: `A picture of the artifact (version), rendered in headless Chromium: size=card (${THUMBNAIL_SIZES.card.width}×${THUMBNAIL_SIZES.card.height} WebP) or og (${THUMBNAIL_SIZES.og.width}×${THUMBNAIL_SIZES.og.height} PNG). Read like the artifact: a private one only by its owner, an unpublished version only by its owner. 404 THUMBNAIL_PENDING while it is being made`,
    tag: 'artifacts',
    access: 'public',
    params: z.object({ id: z.string() }),
    query: thumbnailQuerySchema,
    response: z.string().meta({ format: 'binary' }),
    responseMediaType: 'image/webp',
    errors: {
      400: THUMBNAIL_MESSAGES.versionInvalid,
      403: M.private,
      404: `${M.notFound} / ${M.versionNotFound} / ${THUMBNAIL_MESSAGES.pending} / ${THUMBNAIL_MESSAGES.unavailable}`,
    },
  }),
} as const;

/** The thumbnail calls (answered by the artifacts service, from what the thumbnailer stored). */
export const thumbnailRoutes: readonly ApiRoute[] = Object.values(thumbnailRoute);
