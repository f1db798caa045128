import { type ImportArtifact, importArtifactSchema } from '@core-vault/contracts';

/** An artifact of the file as checked here by the service's own contract, ready to send. */
export type ImportItem = ImportArtifact;

export const IMPORT_TEXTS = {
  notAnExport: 'This file is not a Core Vault export. Choose the .json file that Export Data downloaded.',
  unreadable: 'The file could not be read. Please try again.',
  requestFailed: 'It could not be imported. Please try again.',
  empty: 'This export has no artifacts to import.',
  incompleteExport:
    'This export was incomplete when it was made: only the artifacts it holds can be imported.',
  tooLarge: 'Too large to import: its current version alone is over the size of one import request.',
  progress: (done: number, total: number) => `Imported ${done} of ${total} artifacts`,
  allDone: (total: number) =>
    `All ${total} ${total === 1 ? 'artifact was' : 'artifacts were'} imported into your account.`,
  someFailed: (failed: number) =>
    `${failed} ${failed === 1 ? 'artifact' : 'artifacts'} could not be imported:`,
  itemInvalid: (path: string, message: string) => (path ? `${path}: ${message}` : message),
} as const;

export interface FileItem {
  /** Position in the file's artifacts list (0-based). */
  index: number;
  title: string;
}
export interface ValidItem extends FileItem {
  item: ImportItem;
}
export interface InvalidItem extends FileItem {
  reason: string;
}

export type ReadResult =
  | { ok: true; valid: ValidItem[]; invalid: InvalidItem[]; incomplete: boolean }
  | { ok: false; message: string };

/**
 * Reads an export file: the data export document (its "artifacts" list) or the artifacts
 * service's NDJSON export. Each artifact is checked against the import contract here, so a bad
 * one is named with its reason before anything is sent and the good ones still go.
 */
export function readExportFile(text: string): ReadResult {
  const list = artifactsOf(text);
  if (!list) return { ok: false, message: IMPORT_TEXTS.notAnExport };
  if (list.items.length === 0) return { ok: false, message: IMPORT_TEXTS.empty };
  const valid: ValidItem[] = [];
  const invalid: InvalidItem[] = [];
  list.items.forEach((raw, index) => {
    const title = titleOf(raw, index);
    const parsed = importArtifactSchema.safeParse(raw);
    if (parsed.success) {
      // What the contract read (fields it does not use, like counters, are left behind).
      valid.push({ index, title, item: parsed.data });
      return;
    }
    const issue = parsed.error.issues[0];
    invalid.push({
      index,
      title,
      reason: IMPORT_TEXTS.itemInvalid(issue?.path.join('.') ?? '', issue?.message ?? 'Invalid artifact.'),
    });
  });
  return { ok: true, valid, invalid, incomplete: list.incomplete };
}

function artifactsOf(text: string): { items: unknown[]; incomplete: boolean } | null {
  try {
    const doc: unknown = JSON.parse(text);
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return null;
    const { artifacts, complete } = doc as { artifacts?: unknown; complete?: unknown };
    return Array.isArray(artifacts) ? { items: artifacts, incomplete: complete === false } : null;
  } catch {
    return ndjson(text);
  }
}

/** GET /api/v1/artifacts/export saved as a file: one artifact per line, then the trailer. */
function ndjson(text: string): { items: unknown[]; incomplete: boolean } | null {
  const items: unknown[] = [];
  let trailer = false;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'object' && value !== null && 'end' in value) trailer = true;
      else items.push(value);
    } catch {
      return null;
    }
  }
  return items.length || trailer ? { items, incomplete: !trailer } : null;
}

function titleOf(raw: unknown, index: number): string {
  const title = typeof raw === 'object' && raw !== null ? (raw as { title?: unknown }).title : undefined;
  return typeof title === 'string' && title.trim() ? title.trim() : `Artifact ${index + 1}`;
}
