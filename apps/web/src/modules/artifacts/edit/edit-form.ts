import {
  ARTIFACT_LIMITS,
  ARTIFACT_MESSAGES,
  type Artifact,
  type EditableArtifactField,
  type UpdateArtifactBody,
  parseTags,
} from '@core-vault/contracts';
import { ApiError } from '../../../lib/api/errors';
import { type UploadFields, asFormType, uploadProblem } from '../../upload';

/** What the edit dialog lets the owner change, as the form holds it (tags as typed text). */
export interface EditFields {
  title: string;
  description: string;
  tags: string;
  type: UploadFields['type'];
  content: string;
  /** Kept with the new version when content or type changes; not a field of the artifact. */
  versionNote: string;
}

/** The fields the form edits, in the order a summary names them. */
export const FORM_FIELDS = [
  'title',
  'description',
  'tags',
  'type',
  'content',
] as const satisfies readonly EditableArtifactField[];
export type FormField = (typeof FORM_FIELDS)[number];

export const FIELD_LABELS: Record<FormField, string> = {
  title: 'Title',
  description: 'Description',
  tags: 'Tags',
  type: 'Type',
  content: 'Content',
};

export const EDIT_MESSAGES = {
  nothingChanged: 'Nothing has changed yet.',
  saved: 'Changes saved.',
  failed: 'Could not save your changes. Please try again.',
  unsaved: 'You have unsaved changes. Leave without saving them?',
  latestFailed: 'Could not load the latest version. Please try again.',
  /** After "Review latest": which fields someone else changed since the form opened. */
  changedElsewhere: (fields: string[]) =>
    fields.length
      ? `Changed since you opened it: ${fields.join(', ')}.`
      : 'Only settings outside this form changed (visibility or network access).',
} as const;

/** The form's starting values for a stored artifact. */
export function fieldsOf(
  a: Pick<Artifact, 'title' | 'description' | 'tags' | 'type' | 'content'>,
): EditFields {
  return {
    title: a.title,
    description: a.description,
    tags: a.tags.join(', '),
    type: asFormType(a.type),
    content: a.content,
    versionNote: '',
  };
}

// Tags compare as the API stores them: split, trimmed, de-duplicated (a reformatted list is no change).
const tagsOf = (text: string) => {
  try {
    return parseTags(text);
  } catch {
    return null; // refused by editProblem before anything is sent
  }
};
const sameTags = (a: string, b: string) => JSON.stringify(tagsOf(a)) === JSON.stringify(tagsOf(b));

/** The form fields whose value differs between two states (what the owner changed, or someone else). */
export function changedFields(before: EditFields, after: EditFields): FormField[] {
  return FORM_FIELDS.filter((f) => {
    if (f === 'tags') return !sameTags(before.tags, after.tags);
    if (f === 'title' || f === 'description') return before[f].trim() !== after[f].trim();
    return before[f] !== after[f];
  });
}

/** The first rule the edit breaks — the upload form's rules and messages, plus the version note. */
export function editProblem(f: EditFields): string | null {
  return (
    uploadProblem(f) ??
    (f.versionNote.length > ARTIFACT_LIMITS.versionNoteMaxChars ? ARTIFACT_MESSAGES.versionNoteTooLong : null)
  );
}

/**
 * The PATCH body: only what the owner changed since the form opened, plus the revision it opened
 * at (the server refuses it when someone saved in between). Null when nothing changed. The note
 * goes only with a change that makes a version (content or type).
 */
export function editBody(
  opened: EditFields,
  current: EditFields,
  revision: number,
): UpdateArtifactBody | null {
  const changed = changedFields(opened, current);
  if (changed.length === 0) return null;
  const body: UpdateArtifactBody = { revision };
  for (const f of changed) {
    if (f === 'title') body.title = current.title.trim();
    else if (f === 'description') body.description = current.description.trim();
    else if (f === 'tags') body.tags = tagsOf(current.tags) ?? [];
    else if (f === 'type') body.type = current.type;
    else body.content = current.content;
  }
  const note = current.versionNote.trim();
  if (note && (changed.includes('content') || changed.includes('type'))) body.versionNote = note;
  return body;
}

/** Someone saved the artifact after this form opened (409 ARTIFACT_EDIT_CONFLICT). */
export const isEditConflict = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status === 409 && err.code === 'ARTIFACT_EDIT_CONFLICT';

/** The message for a failed save: the API's own when it gave one. */
export const saveFailure = (err: unknown): string =>
  err instanceof ApiError && err.message ? err.message : EDIT_MESSAGES.failed;
