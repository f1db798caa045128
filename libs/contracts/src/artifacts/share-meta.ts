/**
 * What a link to an artifact shows where it is pasted (chats, social networks, search results):
 * the tags of the first HTML response of `/view/{id}` (gateway) and `/embed/{id}` (renderer).
 * Crawlers do not run the SPA, so these are built on the server, from the public read only.
 */

import { collapseWhitespace, htmlToPlain, markdownToPlain } from './plain-text';

export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;
export const SITE_NAME = 'Core Vault';

/** The generic texts of the SPA's index.html: what every page that is no public artifact shows. */
export const GENERIC_SHARE_TEXT = {
  title: 'Core Vault — Intelligence, captured',
  description: 'Keep, organise and share the artifacts your AI assistant produces.',
} as const;

const LIMITS = { title: 120, description: 200 } as const;

const TYPE_LABELS: Readonly<Record<string, string>> = {
  REACT: 'React',
  HTML: 'HTML',
  MARKDOWN: 'Markdown',
  SVG: 'SVG',
  TYPESCRIPT: 'TypeScript',
  UNKNOWN: 'Text',
};

/** The label of a type on cards and in texts ("React", "Markdown"…). */
export const shareTypeLabel = (type: string): string => TYPE_LABELS[type] ?? 'Text';

/** The fields of a public read (GET /api/v1/artifacts/:id[?v=N]) the tags are made of. */
export interface ShareSubject {
  id: string;
  title: string;
  type: string;
  description?: string;
  content?: string;
  indexable?: boolean;
  /** The version shown (N of a pinned read). */
  version?: number;
  ownerName?: string | null;
}

export interface ShareMeta {
  title: string;
  /** The document's <title>. */
  documentTitle: string;
  description: string;
  canonical: string;
  /** Absent for the generic tags: no image is made of anything but a public artifact. */
  image?: { url: string; width: number; height: number; alt: string };
  ogType: 'article' | 'website';
  robots: 'index, follow' | 'noindex';
}

const trimOrigin = (origin: string): string => origin.replace(/\/+$/, '');

/** Cut at a word boundary (by code points: never half a surrogate pair), with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > max * 0.6 ? head.slice(0, space) : head).trimEnd()}…`;
}

const collapse = collapseWhitespace;

export { htmlToPlain, markdownToPlain };

/**
 * An excerpt of 200 characters needs only the start of the plain text: Markdown-lite markers are
 * stripped from this much of it, whatever the size of the artifact.
 */
const EXCERPT_SOURCE_CHARS = 4_000;

/** The first `max` UTF-16 units, without a lone high surrogate at the cut. */
function head(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** A neutral line for artifacts whose content reads badly as prose (code). */
export const neutralLine = (type: string): string =>
  `A ${shareTypeLabel(type)} artifact shared on ${SITE_NAME}.`;

/** The description shown for a public artifact: its own, else an excerpt of prose content. */
export function shareDescription(subject: ShareSubject): string {
  const own = markdownToPlain(subject.description ?? '');
  if (own) return clip(own, LIMITS.description);
  const content = subject.content ?? '';
  const excerpt =
    subject.type === 'HTML' || subject.type === 'SVG'
      ? htmlToPlain(content)
      : subject.type === 'MARKDOWN'
        ? markdownToPlain(head(htmlToPlain(content), EXCERPT_SOURCE_CHARS))
        : '';
  return excerpt ? clip(excerpt, LIMITS.description) : neutralLine(subject.type);
}

const pinQuery = (version?: number): string => (version ? `?v=${version}` : '');

/** The preview image of a public artifact (version): a PNG served through the app's origin. */
export function shareCardUrl(origin: string, id: string, version?: number): string {
  return `${trimOrigin(origin)}/api/v1/artifacts/${encodeURIComponent(id)}/card.png${pinQuery(version)}`;
}

/** Tags of a public artifact; `pinned` when the link names a version (`?v=N`). */
export function artifactShareMeta(
  subject: ShareSubject,
  options: { webOrigin: string; pinned?: number },
): ShareMeta {
  const title = clip(collapse(subject.title) || 'Untitled artifact', LIMITS.title);
  const shown = options.pinned ? `${title} (version ${options.pinned})` : title;
  const origin = trimOrigin(options.webOrigin);
  return {
    title: shown,
    documentTitle: `${shown} — ${SITE_NAME}`,
    description: shareDescription(subject),
    canonical: `${origin}/view/${encodeURIComponent(subject.id)}${pinQuery(options.pinned)}`,
    image: {
      url: shareCardUrl(origin, subject.id, options.pinned),
      ...SHARE_CARD_SIZE,
      alt: `${shareTypeLabel(subject.type)} artifact “${title}” on ${SITE_NAME}`,
    },
    ogType: 'article',
    robots: subject.indexable === true && !options.pinned ? 'index, follow' : 'noindex',
  };
}

/** The tags of anything else under /view/ (private, unknown, deleted): nothing about it. */
export function genericShareMeta(webOrigin: string, path: string): ShareMeta {
  return {
    title: GENERIC_SHARE_TEXT.title,
    documentTitle: GENERIC_SHARE_TEXT.title,
    description: GENERIC_SHARE_TEXT.description,
    canonical: `${trimOrigin(webOrigin)}${path}`,
    ogType: 'website',
    robots: 'noindex',
  };
}

/** Escapes text for HTML text and double- or single-quoted attribute values alike. */
export function escapeHtmlText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The <head> markup of the tags, every value escaped. */
export function shareMetaTags(meta: ShareMeta): string {
  const e = escapeHtmlText;
  const name = (n: string, v: string) => `<meta name="${n}" content="${e(v)}">`;
  const prop = (p: string, v: string) => `<meta property="${p}" content="${e(v)}">`;
  const image = meta.image
    ? [
        prop('og:image', meta.image.url),
        prop('og:image:type', 'image/png'),
        prop('og:image:width', String(meta.image.width)),
        prop('og:image:height', String(meta.image.height)),
        prop('og:image:alt', meta.image.alt),
        name('twitter:image', meta.image.url),
        name('twitter:image:alt', meta.image.alt),
      ]
    : [];
  return [
    `<title>${e(meta.documentTitle)}</title>`,
    name('description', meta.description),
    name('robots', meta.robots),
    `<link rel="canonical" href="${e(meta.canonical)}">`,
    prop('og:site_name', SITE_NAME),
    prop('og:type', meta.ogType),
    prop('og:title', meta.title),
    prop('og:description', meta.description),
    prop('og:url', meta.canonical),
    name('twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    name('twitter:title', meta.title),
    name('twitter:description', meta.description),
    ...image,
  ].join('\n    ');
}
