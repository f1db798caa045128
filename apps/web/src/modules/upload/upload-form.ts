import {
  ARTIFACT_LIMITS,
  ARTIFACT_MESSAGES,
  type ArtifactType,
  type CreateArtifactBody,
  parseTags,
} from '@core-vault/contracts';
import { ApiError } from '../../lib/api/errors';

/** The upload form (spec artifacts §3): type defaults to HTML, private by default, tags as text. */
export interface UploadFields {
  title: string;
  type: Exclude<ArtifactType, 'UNKNOWN'>;
  content: string;
  isPublic: boolean;
  /** Outbound network for the artifact (off by default; docs/rendering.md, "Network"). */
  allowNetwork: boolean;
  tags: string;
}

export const emptyUpload: UploadFields = {
  title: '',
  type: 'HTML',
  content: '',
  isPublic: false,
  allowNetwork: false,
  tags: '',
};

export const UPLOAD_MESSAGES = {
  required: 'Title, type and content are required.',
  failed: 'Error uploading artifact. Please try again.',
  network: 'Network error. Please check your internet connection.',
  withMessage: (message: string) => `Error: ${message}`,
  cancelled: 'Upload cancelled. Your content is still in the form.',
} as const;

/** The first rule the form breaks (spec §5, in order), or null. */
export function uploadProblem(f: UploadFields): string | null {
  if (!f.title.trim() || !f.type || !f.content.trim()) return UPLOAD_MESSAGES.required;
  if (f.content.length > ARTIFACT_LIMITS.contentMaxChars) return ARTIFACT_MESSAGES.contentTooLarge;
  if (f.title.length > ARTIFACT_LIMITS.titleMaxChars) return ARTIFACT_MESSAGES.titleTooLong;
  return null;
}

/** The create body: tags split on commas, trimmed, empties dropped, and left out if none. */
export function createBody(f: UploadFields, now = new Date()): CreateArtifactBody {
  const tags = parseTags(f.tags);
  return {
    title: f.title.trim(),
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
