import {
  type RenderTheme,
  SHARE_CARD_SIZE,
  artifactShareMeta,
  embedCode,
  embedFrameSize,
  labelOfOrigin,
  shareCardUrl,
  shareMetaTags,
} from '@core-vault/contracts';
import { buildArtifactDocument, documentNeeds, escapeHtml, messageDocument, prepareReact } from '../document';
import { type ArtifactLookup, type ArtifactSource, LOOKUP_MESSAGES, PINNED_VERSION } from './artifact-source';
import { highlightOnServer, transformOnServer } from './node-renderers';

/**
 * The /frame shell: the checked parent origin and the artifact this origin belongs to ('' on a
 * preview origin) for frame.js, and nothing else.
 */
export function frameShell(parentOrigin: string, artifactId: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="cv-parent-origin" content="${escapeHtml(parentOrigin)}"><meta name="cv-artifact" content="${escapeHtml(artifactId)}">
<title>Core Vault renderer</title><script type="module" src="/assets/frame.js"></script></head><body></body></html>`;
}

export const parseTheme = (value: string | null): RenderTheme => (value === 'dark' ? 'dark' : 'light');

export interface PageResult {
  status: number;
  html: string;
  /** The artifact's owner allowed outbound network (its CSP follows). */
  allowNetwork?: boolean;
  /** The gateway's ETag of the read the page was built from. */
  etag?: string;
}

/** `?v=N`: absent (follow the latest), a version, or invalid (answered like a missing version). */
export function parsePinned(value: string | null): number | undefined | 'invalid' {
  if (value === null) return undefined;
  return PINNED_VERSION.test(value) ? Number(value) : 'invalid';
}

/**
 * The link-preview tags of an embed (canonical: the artifact's /view page) go in its head: in
 * our shell right after <meta charset>, replacing the shell's <title>; in an HTML artifact (a
 * page of its own) right after its doctype, where the parser puts them in the head — its own
 * tags stay, after ours (the first <title> is the one that counts).
 */
export function withShareTags(html: string, tags: string, ownDocument: boolean): string {
  if (!ownDocument) {
    const charset = '<meta charset="utf-8">';
    const at = html.indexOf(charset);
    if (at >= 0) {
      // The shell's title is escaped text: it holds no "<".
      const rest = html.slice(at + charset.length).replace(/<title>[^<]*<\/title>\n?/, '');
      return `${html.slice(0, at + charset.length)}\n${tags}${rest}`;
    }
  }
  // A scan, not `^\s*(<!--[\s\S]*?-->\s*)*<!doctype[^>]*>`, which could match a run of comments
  // in exponentially many ways when no doctype follows (document/doctype.ts does the same).
  let at = 0;
  let doctype = '';
  for (;;) {
    while (at < html.length && /\s/.test(html[at] as string)) at++;
    if (!html.startsWith('<!--', at)) break;
    const end = html.indexOf('-->', at + 4);
    if (end < 0) break;
    at = end + 3;
  }
  const close = html.slice(at, at + 9).toLowerCase() === '<!doctype' ? html.indexOf('>', at + 9) : -1;
  if (close >= 0) doctype = html.slice(0, close + 1);
  return `${doctype || '<!doctype html>'}\n${tags}\n${html.slice(doctype.length)}`;
}

/** /embed/{id}[?v=N]: the artifact (version) alone with a small brand link, built on the server. */
export async function embedPage(
  source: ArtifactSource,
  id: string,
  theme: RenderTheme,
  webOrigin: string,
  pinnedParam: string | null = null,
): Promise<PageResult> {
  const base = { mode: 'embed' as const, theme, brandHref: `${webOrigin}/` };
  const pinned = parsePinned(pinnedParam);
  const found: ArtifactLookup =
    pinned === 'invalid'
      ? { ok: false, status: 404, message: LOOKUP_MESSAGES.versionNotFound }
      : await source.find(id, pinned);
  if (!found.ok) {
    const text =
      found.status === 403
        ? 'Only its owner can see it.'
        : found.status === 404
          ? "The artifact you're looking for doesn't exist or is no longer available."
          : 'Please try again later.';
    return { status: found.status, html: messageDocument(found.message, text, base) };
  }
  const { artifact } = found;
  const pin = typeof pinned === 'number' ? pinned : undefined;
  const needs = documentNeeds(artifact);
  const html = buildArtifactDocument(artifact, {
    ...base,
    // Automatic height (no owner's setting): the embed script may follow the document.
    autosize: artifact.frameHeight === undefined,
    brandHref: `${webOrigin}/view/${encodeURIComponent(id)}${pin ? `?v=${pin}` : ''}`,
    runtimeApi: `${webOrigin}/api/v1/artifacts/${encodeURIComponent(id)}`,
    ...(needs.highlight ? { highlight: highlightOnServer } : {}),
    ...(needs.react
      ? { react: prepareReact(artifact.content, transformOnServer, artifact.securityWarning) }
      : {}),
  });
  const meta = artifactShareMeta(found.share, { webOrigin, ...(pin ? { pinned: pin } : {}) });
  const tags = shareMetaTags(found.share.card ? meta : { ...meta, image: undefined });
  return {
    status: 200,
    html: withShareTags(html, tags, artifact.type === 'HTML'),
    allowNetwork: artifact.allowNetwork === true,
    ...(found.etag ? { etag: found.etag } : {}),
  };
}

export type OEmbedResult = { status: number; body: Record<string, unknown> };

/** oEmbed (https://oembed.com) for public artifacts: type rich, html = the embed iframe. */
export async function oembed(
  source: ArtifactSource,
  params: URLSearchParams,
  origins: { web: string; renderer: string; embed: (id: string) => string },
): Promise<OEmbedResult> {
  const format = params.get('format') ?? 'json';
  if (format !== 'json') return { status: 501, body: { message: 'Only format=json is supported.' } };
  const url = params.get('url');
  const target = url ? artifactIdFromUrl(url, origins) : null;
  if (!target)
    return { status: 404, body: { message: 'url must be a Core Vault /view/{id} or /embed/{id} address.' } };
  const { id, pinned } = target;
  const found = await source.find(id, pinned);
  if (!found.ok) return { status: found.status === 502 ? 502 : 404, body: { message: found.message } };
  const maxWidth = positive(params.get('maxwidth'));
  const maxHeight = positive(params.get('maxheight'));
  // The owner's pinned height, or 600; within the consumer's maxheight.
  const size = embedFrameSize(found.artifact.frameHeight ?? null);
  const height = Math.min(size.height, maxHeight ?? size.height);
  const width = maxWidth ?? 800;
  const theme = parseTheme(params.get('theme'));
  let html = embedCode(origins.embed(id), id, {
    width: maxWidth ? String(maxWidth) : '100%',
    height: String(height),
    title: found.artifact.title,
    // Automatic: the embed script follows the document, unless the consumer set a maximum.
    ...(size.autosize && maxHeight === undefined ? { autosize: { scriptOrigin: origins.renderer } } : {}),
  });
  // A pinned link embeds that version; the theme rides along.
  const query = [pinned ? `v=${pinned}` : '', theme === 'dark' ? 'theme=dark' : '']
    .filter(Boolean)
    .join('&amp;');
  if (query) html = html.replace(/(\/embed\/[^"]+)"/, `$1?${query}"`);
  return {
    status: 200,
    body: {
      version: '1.0',
      type: 'rich',
      provider_name: 'Core Vault',
      provider_url: `${origins.web}/`,
      title: found.artifact.title,
      html,
      width,
      height,
      // The public read names no owner, so there is no author_name to give.
      ...(found.share.card
        ? {
            thumbnail_url: shareCardUrl(origins.web, id, pinned),
            thumbnail_width: SHARE_CARD_SIZE.width,
            thumbnail_height: SHARE_CARD_SIZE.height,
          }
        : {}),
    },
  };
}

const positive = (v: string | null): number | undefined => {
  const n = v === null ? NaN : Number(v);
  return Number.isInteger(n) && n > 0 && n <= 10_000 ? n : undefined;
};

/** The artifact id of a Core Vault /view or /embed URL, with its pinned version (`?v=N`). */
function artifactIdFromUrl(
  raw: string,
  origins: { web: string; renderer: string },
): { id: string; pinned?: number } | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const match = /^\/(view|embed)\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) return null;
  const [, kind, id] = match;
  const okOrigin =
    kind === 'view'
      ? url.origin === origins.web
      : url.origin === origins.renderer || labelOfOrigin(origins.renderer, url.origin) !== null;
  if (!okOrigin || !id) return null;
  const pinned = parsePinned(url.searchParams.get('v'));
  if (pinned === 'invalid') return null;
  return { id: decodeURIComponent(id), ...(pinned ? { pinned } : {}) };
}
