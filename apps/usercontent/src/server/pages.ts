import { type RenderTheme, embedCode } from '@core-vault/contracts';
import { buildArtifactDocument, documentNeeds, escapeHtml, messageDocument, prepareReact } from '../document';
import { type ArtifactSource } from './artifact-source';
import { highlightOnServer, transformOnServer } from './node-renderers';

/** The /frame shell: the checked parent origin for frame.js, and nothing else. */
export function frameShell(parentOrigin: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="cv-parent-origin" content="${escapeHtml(parentOrigin)}">
<title>Core Vault renderer</title><script type="module" src="/assets/frame.js"></script></head><body></body></html>`;
}

export const parseTheme = (value: string | null): RenderTheme => (value === 'dark' ? 'dark' : 'light');

export interface PageResult {
  status: number;
  html: string;
  /** The artifact's owner allowed outbound network (its CSP follows). */
  allowNetwork?: boolean;
}

/** /embed/{id}: the artifact alone with a small brand link, built on the server. */
export async function embedPage(
  source: ArtifactSource,
  id: string,
  theme: RenderTheme,
  webOrigin: string,
): Promise<PageResult> {
  const base = { mode: 'embed' as const, theme, brandHref: `${webOrigin}/` };
  const found = await source.find(id);
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
  const needs = documentNeeds(artifact);
  const html = buildArtifactDocument(artifact, {
    ...base,
    brandHref: `${webOrigin}/view/${encodeURIComponent(id)}`,
    ...(needs.highlight ? { highlight: highlightOnServer } : {}),
    ...(needs.react
      ? { react: prepareReact(artifact.content, transformOnServer, artifact.securityWarning) }
      : {}),
  });
  return { status: 200, html, allowNetwork: artifact.allowNetwork === true };
}

export type OEmbedResult = { status: number; body: Record<string, unknown> };

/** oEmbed (https://oembed.com) for public artifacts: type rich, html = the embed iframe. */
export async function oembed(
  source: ArtifactSource,
  params: URLSearchParams,
  origins: { web: string; renderer: string },
): Promise<OEmbedResult> {
  const format = params.get('format') ?? 'json';
  if (format !== 'json') return { status: 501, body: { message: 'Only format=json is supported.' } };
  const url = params.get('url');
  const id = url ? artifactIdFromUrl(url, origins) : null;
  if (!id)
    return { status: 404, body: { message: 'url must be a Core Vault /view/{id} or /embed/{id} address.' } };
  const found = await source.find(id);
  if (!found.ok) return { status: found.status === 502 ? 502 : 404, body: { message: found.message } };
  const maxWidth = positive(params.get('maxwidth'));
  const maxHeight = positive(params.get('maxheight'));
  const height = Math.min(600, maxHeight ?? 600);
  const width = maxWidth ?? 800;
  const theme = parseTheme(params.get('theme'));
  let html = embedCode(origins.renderer, id, {
    width: maxWidth ? String(maxWidth) : '100%',
    height: String(height),
    title: found.artifact.title,
  });
  if (theme === 'dark') html = html.replace(/(\/embed\/[^"]+)"/, '$1?theme=dark"');
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
    },
  };
}

const positive = (v: string | null): number | undefined => {
  const n = v === null ? NaN : Number(v);
  return Number.isInteger(n) && n > 0 && n <= 10_000 ? n : undefined;
};

function artifactIdFromUrl(raw: string, origins: { web: string; renderer: string }): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const match = /^\/(view|embed)\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) return null;
  const [, kind, id] = match;
  const okOrigin = kind === 'view' ? url.origin === origins.web : url.origin === origins.renderer;
  return okOrigin && id ? decodeURIComponent(id) : null;
}
