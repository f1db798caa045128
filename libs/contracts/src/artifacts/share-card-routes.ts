import { z } from 'zod';
import { type ApiRoute, defineRoute } from '../http/route';
import { ARTIFACT_MESSAGES as M } from './artifact-limits';
import { SHARE_CARD_SIZE } from './share-meta';

export const SHARE_CARD_MESSAGES = {
  versionInvalid: M.versionInvalid,
  busy: 'Preview images are being made for many artifacts right now. Please try again shortly.',
} as const;

/** `?v=N`: the card of content version N (a positive whole number); the latest without it. */
export const shareCardQuerySchema = z.object({
  v: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, SHARE_CARD_MESSAGES.versionInvalid)
    .transform(Number)
    .optional(),
});
export type ShareCardQuery = z.output<typeof shareCardQuerySchema>;

/** The PNG body, for the API reference (the answer is bytes, not JSON). */
export const shareCardImageSchema = z.string().meta({ format: 'binary' });

export const shareCardRoute = {
  get: defineRoute({
    id: 'getArtifactShareCard',
    method: 'GET',
    path: '/api/v1/artifacts/:id/card.png',
    summary: `The link preview image of a public artifact (version): a ${SHARE_CARD_SIZE.width}×${SHARE_CARD_SIZE.height} PNG (Cache-Control public, ETag, 304 on If-None-Match); regenerated when the version, title or description changes`,
    tag: 'artifacts',
    access: 'public',
    params: z.object({ id: z.string() }),
    query: shareCardQuerySchema,
    response: shareCardImageSchema,
    responseMediaType: 'image/png',
    // Private artifacts answer like unknown ones: an image says nothing about them.
    errors: {
      400: SHARE_CARD_MESSAGES.versionInvalid,
      404: `${M.notFound} (also for private artifacts) / Version not found`,
      503: SHARE_CARD_MESSAGES.busy,
    },
  }),
} as const;

/** Public calls of the share card (answered by the artifacts service). */
export const shareCardRoutes: readonly ApiRoute[] = Object.values(shareCardRoute);
