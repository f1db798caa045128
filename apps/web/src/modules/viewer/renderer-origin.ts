import {
  PREVIEW_LABEL_LENGTH,
  PREVIEW_LABEL_PREFIX,
  base32,
  labelOfOrigin,
  labelOrigin,
} from '@core-vault/contracts';
import { RENDERER_ORIGIN } from '../../lib/renderer-origin';

export { RENDERER_ORIGIN };

const SANDBOX =
  'allow-scripts allow-forms allow-modals allow-popups allow-popups-to-escape-sandbox allow-downloads';

/**
 * The frame's sandbox. allow-same-origin gives artifacts real storage on the renderer host; it
 * is dropped (opaque origin) if the renderer were ever configured on the app's own origin, so
 * scripts and same-origin never meet there.
 */
export function frameSandbox(appOrigin: string, rendererOrigin = RENDERER_ORIGIN): string {
  return rendererOrigin && rendererOrigin !== appOrigin ? `${SANDBOX} allow-same-origin` : SANDBOX;
}

/**
 * The frame shell's address: `/frame/{id}` for a saved artifact, `/frame` for an unsaved preview.
 * The renderer sends it on to the artifact's own origin (or a throwaway one for a preview), where
 * the shell renders that artifact only. `network` asks for a CSP with outbound network: only for
 * an artifact whose owner allowed it (the CSP is fixed when the frame loads, so a change of the
 * setting loads a new frame).
 */
export const frameUrl = (
  appOrigin: string,
  rendererOrigin = RENDERER_ORIGIN,
  network = false,
  artifactId?: string,
): string =>
  `${rendererOrigin}/frame${artifactId ? `/${encodeURIComponent(artifactId)}` : ''}?parent=${encodeURIComponent(appOrigin)}${network ? '&network=1' : ''}`;

/**
 * A preview origin's label (`p-` and 20 random base32 characters), made once per preview session
 * (an upload form, an edit dialog): every frame of that session uses the same throwaway origin,
 * so the libraries its artifacts load come from that origin's HTTP cache after the first preview
 * (the browser keeps one cache per site, and every label is a site of its own).
 */
export const newPreviewLabel = (): string =>
  PREVIEW_LABEL_PREFIX +
  base32(crypto.getRandomValues(new Uint8Array(13)), PREVIEW_LABEL_LENGTH - PREVIEW_LABEL_PREFIX.length);

/** The preview shell on the session's own preview origin (the renderer serves it on any such label). */
export const previewFrameUrl = (
  appOrigin: string,
  label: string,
  network = false,
  rendererOrigin = RENDERER_ORIGIN,
): string =>
  `${labelOrigin(rendererOrigin, label)}/frame?parent=${encodeURIComponent(appOrigin)}${network ? '&network=1' : ''}`;

/**
 * True for an artifact's (or a preview's) own origin under the renderer: the only origins a frame
 * may speak from (libs/contracts/src/rendering/artifact-origins.ts).
 */
export const isArtifactOrigin = (origin: string, rendererOrigin = RENDERER_ORIGIN): boolean =>
  Boolean(rendererOrigin) && labelOfOrigin(rendererOrigin, origin) !== null;

export const embedUrl = (id: string, search = '', rendererOrigin = RENDERER_ORIGIN): string =>
  `${rendererOrigin}/embed/${encodeURIComponent(id)}${search}`;
