import { EMBED_DEFAULTS } from './artifact-limits';
import { type FrameHeightSetting, embedFrameSize } from './frame-height';

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

/** The script that lets an automatic embed follow its document's height (on the renderer's origin). */
export const EMBED_SCRIPT_PATH = '/assets/embed.js';
/** The attribute that asks the embed script to size an iframe; without it the iframe keeps its height. */
export const EMBED_AUTOSIZE_ATTRIBUTE = 'data-cv-autosize';

/**
 * The iframe snippet users paste into their pages (100% by 600px unless told otherwise). With
 * `autosize` the iframe is marked for the embed script, which follows after it: the iframe then
 * grows and shrinks with the artifact (docs/reference/rendering.md, "Embeds"); without the
 * script, or without the mark, its height is the embedder's and the artifact scrolls inside.
 */
export function embedCode(
  origin: string,
  id: string,
  options: {
    width?: string;
    height?: string;
    title?: string;
    version?: number;
    /** Where the embed script is served (the renderer's own origin); required for `autosize`. */
    autosize?: { scriptOrigin: string };
  } = {},
): string {
  const width = options.width ?? EMBED_DEFAULTS.width;
  const height = options.height ?? EMBED_DEFAULTS.height;
  const title = options.title ? ` title="${escapeAttr(options.title)}"` : '';
  const mark = options.autosize ? ` ${EMBED_AUTOSIZE_ATTRIBUTE}` : '';
  const script = options.autosize
    ? `<script async src="${escapeAttr(trimOrigin(options.autosize.scriptOrigin) + EMBED_SCRIPT_PATH)}"></script>`
    : '';
  return `<iframe src="${escapeAttr(embedUrl(origin, id, options.version))}" width="${escapeAttr(width)}" height="${escapeAttr(height)}"${title}${mark} frameborder="0" loading="lazy"></iframe>${script}`;
}

/** The embed code's height for the owner's setting: the pinned px, or the default and (automatic) the script. */
export function embedSizing(
  renderer: string,
  frameHeight: FrameHeightSetting | undefined,
): { height: string; autosize?: { scriptOrigin: string } } {
  const size = embedFrameSize(frameHeight ?? null);
  return {
    height: `${size.height}px`,
    ...(size.autosize ? { autosize: { scriptOrigin: renderer } } : {}),
  };
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
  /** The owner's frame height: the embed code's iframe height, or automatic sizing. */
  frameHeight: FrameHeightSetting = null,
): ShareLinks {
  return {
    url: viewUrl(origins.app, id, version),
    embedUrl: embedUrl(origins.renderer, id, version),
    embedCode: embedCode(origins.renderer, id, {
      ...(title ? { title } : {}),
      version,
      ...embedSizing(origins.renderer, frameHeight),
    }),
  };
}

/** The text of the share sheet (spec §3 Shareable data). */
export function shareText(type: string, title: string): string {
  return `Check out this ${type} artifact: ${title}`;
}
