import {
  ARTIFACT_LIMITS,
  ARTIFACT_MESSAGES,
  ArtifactInputError,
  type ArtifactType,
  type CreateArtifactBody,
  parseTags,
} from '@core-vault/contracts';
import { ApiError } from '../../lib/api/errors';

/** The upload form (spec artifacts §3): type defaults to HTML, private by default, tags as text. */
export interface UploadFields {
  title: string;
  /** Markdown-lite, shown on the view page and searched (up to 2,000 characters). */
  description: string;
  type: Exclude<ArtifactType, 'UNKNOWN'>;
  content: string;
  isPublic: boolean;
  /** Outbound network for the artifact (off by default; docs/reference/rendering.md, "Network"). */
  allowNetwork: boolean;
  tags: string;
}

export const emptyUpload: UploadFields = {
  title: '',
  description: '',
  type: 'HTML',
  content: '',
  isPublic: false,
  allowNetwork: false,
  tags: '',
};

/** The types a person can choose (AUTO and UNKNOWN are the server's). */
export const ARTIFACT_TYPE_OPTIONS: { value: UploadFields['type']; label: string }[] = [
  { value: 'HTML', label: 'HTML' },
  { value: 'REACT', label: 'React' },
  { value: 'MARKDOWN', label: 'Markdown' },
  { value: 'SVG', label: 'SVG' },
  { value: 'TYPESCRIPT', label: 'TypeScript' },
];

/** A type the form can show: anything else (UNKNOWN) becomes HTML, the form's default. */
export const asFormType = (t: string): UploadFields['type'] =>
  ARTIFACT_TYPE_OPTIONS.find((x) => x.value === t)?.value ?? 'HTML';

export const UPLOAD_MESSAGES = {
  required: 'Title, type and content are required.',
  failed: 'Error uploading artifact. Please try again.',
  network: 'Network error. Please check your internet connection.',
  withMessage: (message: string) => `Error: ${message}`,
  cancelled: 'Upload cancelled. Your content is still in the form.',
} as const;

/** The API's message for tags it would refuse (too many, one too long), or null. */
export function tagsProblem(tags: string): string | null {
  try {
    parseTags(tags);
    return null;
  } catch (err) {
    if (err instanceof ArtifactInputError) return err.message;
    throw err;
  }
}

/** The first rule the form breaks (spec §5, in order), or null. The edit dialog applies the same. */
export function uploadProblem(
  f: Pick<UploadFields, 'title' | 'type' | 'content' | 'description' | 'tags'>,
): string | null {
  if (!f.title.trim() || !f.type || !f.content.trim()) return UPLOAD_MESSAGES.required;
  if (f.content.length > ARTIFACT_LIMITS.contentMaxChars) return ARTIFACT_MESSAGES.contentTooLarge;
  if (f.title.length > ARTIFACT_LIMITS.titleMaxChars) return ARTIFACT_MESSAGES.titleTooLong;
  if (f.description.length > ARTIFACT_LIMITS.descriptionMaxChars) return ARTIFACT_MESSAGES.descriptionTooLong;
  return tagsProblem(f.tags);
}

/** The create body: the description only when given, tags split on commas, trimmed, empties dropped, and left out if none. */
export function createBody(f: UploadFields, now = new Date()): CreateArtifactBody {
  const tags = parseTags(f.tags);
  return {
    title: f.title.trim(),
    ...(f.description.trim() ? { description: f.description.trim() } : {}),
    type: f.type,
    content: f.content,
    isPublic: f.isPublic,
    ...(f.allowNetwork ? { allowNetwork: true } : {}),
    metadata: { extractedAt: now.toISOString() },
    ...(tags.length ? { tags } : {}),
  };
}

/** The alert after a failed upload (spec artifacts §8). */
export function uploadFailure(err: unknown): string {
  if (!(err instanceof ApiError)) return UPLOAD_MESSAGES.failed;
  if (err.isNetwork) return UPLOAD_MESSAGES.network;
  if (err.code === 'HTTP_ERROR') return err.message;
  return err.message ? UPLOAD_MESSAGES.withMessage(err.message) : UPLOAD_MESSAGES.failed;
}
