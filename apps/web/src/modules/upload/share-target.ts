import { detectArtifactType, titleFromFileName, typeForFile } from '@core-vault/artifact-detection';
import { ARTIFACT_LIMITS } from '@core-vault/contracts';
import { type UploadFields, asFormType, emptyUpload } from './upload-form';

/**
 * What another app shared into Core Vault (the manifest's share_target): public/share-target-sw.js
 * keeps it in Cache Storage and sends the person to /upload, where the form starts from it (a
 * signed-out person signs in first, so Sign Out's clean-up leaves it). Read once: the page deletes
 * it after taking it; one left for longer than SHARE_MAX_AGE_MS (on a shared device, for whoever
 * signs in next) is deleted unread.
 */
export const SHARE_CACHE = 'cv-share-target';
const FIELDS = '/share-target/shared/fields';
const FILE = '/share-target/shared/file';
export const SHARE_MAX_AGE_MS = 30 * 60_000;

export interface SharedItem {
  title: string;
  text: string;
  url: string;
  file: { name: string; content: string } | null;
  /** A file was shared but was too large to keep (the worker's limit). */
  fileTooLarge: boolean;
}

export const SHARE_TEXTS = {
  received: 'Shared from another app: check the fields, then select Upload Artifact.',
  fileTooLarge: `The shared file was too large (the content may have ${ARTIFACT_LIMITS.contentMaxChars.toLocaleString('en')} characters at most).`,
} as const;

/** The Cache Storage of this page, or undefined where there is none (plain http, old browsers). */
const browserCaches = (): CacheStorage | undefined => (globalThis as { caches?: CacheStorage }).caches;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The item the share sheet left, or null (nothing shared, too old, or unreadable). Leaves it in place. */
export async function readShared(storage = browserCaches(), now = Date.now()): Promise<SharedItem | null> {
  if (!storage || !(await storage.has(SHARE_CACHE))) return null;
  try {
    const cache = await storage.open(SHARE_CACHE);
    const fields = await cache.match(FIELDS);
    if (!fields) return null;
    const raw = (await fields.json()) as Record<string, unknown>;
    const sharedAt = typeof raw['sharedAt'] === 'number' ? raw['sharedAt'] : 0;
    if (!(now - sharedAt <= SHARE_MAX_AGE_MS)) {
      await clearShared(storage);
      return null;
    }
    const file = await cache.match(FILE);
    const fileName = str(raw['fileName']);
    return {
      title: str(raw['title']),
      text: str(raw['text']),
      url: str(raw['url']),
      file: file && fileName ? { name: fileName, content: await file.text() } : null,
      fileTooLarge: raw['fileTooLarge'] === true,
    };
  } catch {
    return null;
  }
}

/** Forgets the shared item (taken by the form, or the person signed out). */
export async function clearShared(storage = browserCaches()): Promise<void> {
  try {
    await storage?.delete(SHARE_CACHE);
  } catch {
    // nothing kept
  }
}

/**
 * The upload form's fields from a shared item: a file's content and name win (type from the
 * file), else the text, with the shared address added when the text does not already hold it
 * (share sheets put a page's address in `url` or in `text`, depending on the app). The title is
 * the shared title, else the file's name; the type is detected from the content (HTML otherwise).
 */
export function sharedUpload(item: SharedItem): UploadFields {
  const url = item.url.trim();
  const text = item.text.trim();
  const content = item.file
    ? item.file.content
    : url && !text.includes(url)
      ? [text, url].filter(Boolean).join('\n\n')
      : text;
  const title = (item.title.trim() || (item.file ? titleFromFileName(item.file.name) : '')).slice(
    0,
    ARTIFACT_LIMITS.titleMaxChars,
  );
  const type = item.file
    ? asFormType(typeForFile(item.file.name, content, emptyUpload.type))
    : asFormType(detectArtifactType(content) ?? emptyUpload.type);
  return { ...emptyUpload, title, content, type };
}
