import { detectArtifactType, type ArtifactType } from '@core-vault/artifact-detection';
import { ARTIFACT_LIMITS, DEFAULT_TITLE } from '@core-vault/contracts';
import type { CaptureKind, CaptureSite, CapturedItem, PageCapture } from '../adapters';

export interface CapturedDraft {
  /** Stable within the page (kind + content hash): the popup keys its list and results by it. */
  key: string;
  kind: CaptureKind;
  title: string;
  type: ArtifactType;
  content: string;
  metadata: {
    source: {
      site: CaptureSite;
      url?: string;
      capturedAt: string;
      assistant?: string;
      model?: string;
      kind: string;
    };
  };
}

export interface DraftOptions {
  includePageUrl: boolean;
  now: Date;
}

/** A code block's language → the type it names. Others (python, js, css…) are left to detection. */
const LANGUAGE_TYPES: Readonly<Record<string, ArtifactType>> = {
  html: 'HTML',
  htm: 'HTML',
  xhtml: 'HTML',
  jsx: 'REACT',
  tsx: 'REACT',
  ts: 'TYPESCRIPT',
  typescript: 'TYPESCRIPT',
  svg: 'SVG',
  md: 'MARKDOWN',
  markdown: 'MARKDOWN',
};

export function typeFor(item: CapturedItem): ArtifactType {
  if (item.kind === 'page') return 'HTML';
  const hinted = item.language ? LANGUAGE_TYPES[item.language.toLowerCase()] : undefined;
  const detected = detectArtifactType(item.content);
  // A "ts" label on code with JSX in it is a component (detection tells them apart).
  if (hinted === 'TYPESCRIPT' && detected === 'REACT') return 'REACT';
  return hinted ?? detected ?? 'HTML';
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/** Text of a bit of markup: tags dropped, common entities decoded, whitespace collapsed. */
function plain(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The content's own heading: a Markdown heading, an HTML/SVG <title>, an <h1> (also in JSX). */
function headingOf(content: string, type: ArtifactType): string | undefined {
  if (type === 'MARKDOWN') {
    const heading = /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(content)?.[1];
    if (heading) return plain(heading);
  }
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(content)?.[1];
  if (title && plain(title)) return plain(title);
  const h1 = /<h1[^>]*>([^<{]+)<\/h1>/i.exec(content)?.[1];
  return h1 && plain(h1) ? plain(h1) : undefined;
}

/** A component's or module's name: `export default function PomodoroTimer`, `export const Chart`. */
function declaredName(content: string, type: ArtifactType): string | undefined {
  if (type !== 'REACT' && type !== 'TYPESCRIPT') return undefined;
  const exported = /\bexport\s+(?:default\s+)?(?:async\s+)?(?:function|class|const|let)\s+([A-Za-z_$][\w$]*)/;
  return exported.exec(content)?.[1];
}

const BOILERPLATE =
  /^(?:import\b|from\s+\S+\s+import\b|export\s*\{|['"]use |package\s|using\s|#include|#!|<\?xml|<!doctype|<html|<head|<body|<meta)/i;
const COMMENT_MARKERS = /^(?:\/\/+|\/\*+|\*+\/?|#+|<!--|--+>?|"""|''')\s*/;

/** The first line that says something: comment markers and tags stripped, boilerplate skipped. */
function firstMeaningfulLine(content: string): string | undefined {
  for (const raw of content.split('\n')) {
    const line = raw.trim();
    if (!line || BOILERPLATE.test(line)) continue;
    const text = plain(line.replace(COMMENT_MARKERS, '').replace(/\s*(?:\*\/|-->)\s*$/, ''));
    if ((text.match(/\p{L}/gu) ?? []).length >= 3) return text;
  }
  return undefined;
}

/** At most the contract's title length, cut on a character boundary with an ellipsis. */
export function clampTitle(title: string): string {
  // Control characters (a pasted NUL, a tab) become spaces; \p{Cc} names them without a raw range.
  const clean = title
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(clean);
  if (chars.length <= ARTIFACT_LIMITS.titleMaxChars) return clean || DEFAULT_TITLE;
  return `${chars
    .slice(0, ARTIFACT_LIMITS.titleMaxChars - 1)
    .join('')
    .trimEnd()}…`;
}

export function titleFor(item: CapturedItem, type: ArtifactType, pageTitle: string): string {
  const candidates =
    item.kind === 'page'
      ? [pageTitle, headingOf(item.content, 'HTML')]
      : [
          item.title,
          headingOf(item.content, type),
          declaredName(item.content, type),
          firstMeaningfulLine(item.content),
          pageTitle,
        ];
  return clampTitle(candidates.find((c) => c?.trim()) ?? DEFAULT_TITLE);
}

/** FNV-1a, 32 bits: a short stable key, not a security measure. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/**
 * The page's items as create bodies: identical content once (the first finder wins, so an open
 * artifact beats the same code in the conversation), the page address only when the user allows.
 */
export function draftsFrom(capture: PageCapture, opts: DraftOptions): CapturedDraft[] {
  const seen = new Set<string>();
  const drafts: CapturedDraft[] = [];
  for (const item of capture.items) {
    const identity = item.content.trim();
    if (!identity || seen.has(identity)) continue;
    seen.add(identity);
    const type = typeFor(item);
    drafts.push({
      key: `${item.kind}-${hash(identity)}`,
      kind: item.kind,
      title: titleFor(item, type, capture.pageTitle),
      type,
      content: item.content,
      metadata: {
        source: {
          site: capture.site,
          ...(opts.includePageUrl ? { url: capture.url } : {}),
          capturedAt: opts.now.toISOString(),
          ...(capture.assistant ? { assistant: capture.assistant } : {}),
          ...(capture.model ? { model: capture.model } : {}),
          kind: item.kind,
        },
      },
    });
  }
  return drafts;
}
