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

export interface ArtifactMetadata {
  claudeVersion: string;
  extractedAt: string;
  size: number;
}

/**
 * Metadata as stored: claudeVersion fixed to the Sonnet 4 label, extractedAt from the input when
 * it is a valid date (else now), size always the content's character count. A JSON-string
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
  return {
    claudeVersion: CLAUDE_VERSION_LABEL,
    extractedAt: (date && !Number.isNaN(date.getTime()) ? date : now).toISOString(),
    size: content.length,
  };
}

/** The stored title: trimmed, 'Untitled' when empty. */
export function normalizeTitle(title: string | undefined | null): string {
  const trimmed = (title ?? '').trim();
  return trimmed || 'Untitled';
}
