import { EMBED_DEFAULTS } from './artifact-limits';

export interface ShareLinks {
  url: string;
  embedUrl: string;
  embedCode: string;
}

const trimOrigin = (origin: string): string => origin.replace(/\/+$/, '');
const escapeAttr = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `?v=N` pins a link to content version N; without it the link follows the latest version. */
const pin = (version?: number): string => (version === undefined ? '' : `?v=${version}`);

/** The public page of an artifact: `{origin}/view/{id}` (`?v=N` when pinned). */
export function viewUrl(origin: string, id: string, version?: number): string {
  return `${trimOrigin(origin)}/view/${encodeURIComponent(id)}${pin(version)}`;
}

/** The embed page of an artifact: `{origin}/embed/{id}` (`?v=N` when pinned). */
export function embedUrl(origin: string, id: string, version?: number): string {
  return `${trimOrigin(origin)}/embed/${encodeURIComponent(id)}${pin(version)}`;
}

/** The iframe snippet users paste into their pages (100% by 600px unless told otherwise). */
export function embedCode(
  origin: string,
  id: string,
  options: { width?: string; height?: string; title?: string; version?: number } = {},
): string {
  const width = options.width ?? EMBED_DEFAULTS.width;
  const height = options.height ?? EMBED_DEFAULTS.height;
  const title = options.title ? ` title="${escapeAttr(options.title)}"` : '';
  return `<iframe src="${escapeAttr(embedUrl(origin, id, options.version))}" width="${escapeAttr(width)}" height="${escapeAttr(height)}"${title} frameborder="0" loading="lazy"></iframe>`;
}

/**
 * The view page lives on the app's origin; the embed page on the renderer's origin (the app
 * refuses to be framed, so pasted embed code must point at the renderer).
 */
export function shareLinks(
  origins: { app: string; renderer: string },
  id: string,
  title?: string,
  version?: number,
): ShareLinks {
  return {
    url: viewUrl(origins.app, id, version),
    embedUrl: embedUrl(origins.renderer, id, version),
    embedCode: embedCode(origins.renderer, id, { ...(title ? { title } : {}), version }),
  };
}

/** The text of the share sheet (spec §3 Shareable data). */
export function shareText(type: string, title: string): string {
  return `Check out this ${type} artifact: ${title}`;
}
