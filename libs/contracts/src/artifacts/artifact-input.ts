import { ARTIFACT_LIMITS, ARTIFACT_MESSAGES, CLAUDE_VERSION_LABEL } from './artifact-limits';

export class ArtifactInputError extends Error {
  override readonly name = 'ArtifactInputError';
}

/**
 * Tags as the upload form sends them (comma-separated text) or as a list: every entry is split
 * on commas, trimmed, empties dropped, duplicates removed (first spelling wins). Throws
 * ArtifactInputError with a user-facing message when over the limits.
 */
export function parseTags(input: string | readonly string[] | undefined | null): string[] {
  if (input === undefined || input === null) return [];
  const parts = (typeof input === 'string' ? [input] : input).flatMap((entry) => entry.split(','));
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const raw of parts) {
    const tag = raw.trim();
    if (!tag || seen.has(tag)) continue;
    if (tag.length > ARTIFACT_LIMITS.tagMaxChars) throw new ArtifactInputError(ARTIFACT_MESSAGES.tagTooLong);
    seen.add(tag);
    tags.push(tag);
    if (tags.length > ARTIFACT_LIMITS.tagsMax) throw new ArtifactInputError(ARTIFACT_MESSAGES.tooManyTags);
  }
  return tags;
}

/** Where a captured artifact came from (the browser extension's provenance, #19). */
export interface ArtifactSource {
  /** The site it was captured on: 'claude.ai', 'chatgpt.com', 'web', … */
  site: string;
  /** The page address, only when the user allowed it (http/https only). */
  url?: string;
  capturedAt?: string;
  assistant?: string;
  model?: string;
  /** What was captured: artifact, canvas, code-block, selection, page. */
  kind?: string;
}

export interface ArtifactMetadata {
  claudeVersion: string;
  extractedAt: string;
  size: number;
  source?: ArtifactSource;
}

const SOURCE_TEXT_MAX = 100;
const SOURCE_URL_MAX = 2048;

function shortText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().slice(0, SOURCE_TEXT_MAX);
  return text || undefined;
}

function pageUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > SOURCE_URL_MAX) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Provenance as stored: known fields only, short strings, an http(s) address, a real date. Like
 * the rest of the metadata it is lenient — a malformed source is dropped, never a reason to
 * refuse the artifact — because the capture is the user's and the provenance only describes it.
 */
export function normalizeSource(input: unknown): ArtifactSource | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const raw = input as Record<string, unknown>;
  const site = shortText(raw['site']);
  if (!site) return undefined;
  const captured = typeof raw['capturedAt'] === 'string' ? new Date(raw['capturedAt']) : null;
  const source: ArtifactSource = {
    site,
    url: pageUrl(raw['url']),
    capturedAt: captured && !Number.isNaN(captured.getTime()) ? captured.toISOString() : undefined,
    assistant: shortText(raw['assistant']),
    model: shortText(raw['model']),
    kind: shortText(raw['kind']),
  };
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined)) as ArtifactSource;
}

/**
 * Metadata as stored: claudeVersion fixed to the Sonnet 4 label, extractedAt from the input when
 * it is a valid date (else now), size always the content's character count, and the capture's
 * `source` when it has one. A JSON-string
 * metadata is parsed; bad JSON (or anything not an object) counts as {}.
 */
export function normalizeMetadata(input: unknown, content: string, now = new Date()): ArtifactMetadata {
  let raw: unknown = input;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      raw = {};
    }
  }
  const object = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {};
  const extracted = (object as { extractedAt?: unknown }).extractedAt;
  const date = typeof extracted === 'string' || typeof extracted === 'number' ? new Date(extracted) : null;
  const source = normalizeSource((object as { source?: unknown }).source);
  return {
    claudeVersion: CLAUDE_VERSION_LABEL,
    extractedAt: (date && !Number.isNaN(date.getTime()) ? date : now).toISOString(),
    size: content.length,
    ...(source ? { source } : {}),
  };
}

/** The stored title: trimmed, 'Untitled' when empty. */
export function normalizeTitle(title: string | undefined | null): string {
  const trimmed = (title ?? '').trim();
  return trimmed || 'Untitled';
}
