import { ARTIFACT_LIMITS as L, type ArtifactType } from '@core-vault/contracts';

/** One artifact found in a source, before the vault decides anything about it. */
export interface SourceItem {
  title: string;
  type: ArtifactType;
  content: string;
  /** Where it came from: a conversation's name, a gist, a file's path. */
  origin: string;
  /** Tags it gets (the source's name: claude, chatgpt, gist). */
  tags: string[];
  createdAt?: string;
  updatedAt?: string;
  /** Why it cannot be imported; nothing of it is written. */
  error?: string;
  /** Something to know about an importable item. */
  note?: string;
}

export const ITEM_MESSAGES = {
  empty: 'Its content is empty.',
  tooLarge: (chars: number) =>
    `Too large: ${chars.toLocaleString('en-US')} characters; an artifact holds at most ${L.contentMaxChars.toLocaleString('en-US')}.`,
  conversationTooLarge: 'This conversation is too large to read (over 16 million characters): skipped.',
  notAConversation: 'This entry is not a conversation of the export: skipped.',
  updatesFailed: (n: number) =>
    `${n} ${n === 1 ? 'edit' : 'edits'} could not be applied (the text ${n === 1 ? 'it changes was' : 'they change was'} not found): imported as of the last edit that could.`,
  regexUpdates: (n: number) =>
    `${n} canvas ${n === 1 ? 'edit uses' : 'edits use'} a pattern the vault does not run: imported as of the last whole rewrite.`,
  binary: 'A binary file, not text: not imported.',
  notAnArtifactFile: (ext: string) =>
    `Not an artifact: ${ext ? `.${ext} files` : 'files without an extension'} are not imported.`,
  gistTruncated:
    "GitHub's API cut this file at 1 MB: import the gist's zip (Download ZIP) or a clone of it instead.",
} as const;

/** Dates as the import contract wants them (ISO 8601); anything else is left out. */
export function isoDate(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    // Unix seconds (ChatGPT's create_time).
    const d = new Date(value * 1000);
    return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
  }
  if (typeof value !== 'string' || value.length > 40) return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

/** A title under the vault's limit (Untitled when there is none). */
export function cleanTitle(...candidates: unknown[]): string {
  for (const c of candidates) {
    if (typeof c !== 'string') continue;
    const t = c.replace(/\s+/g, ' ').trim();
    if (t) return t.length > L.titleMaxChars ? `${t.slice(0, L.titleMaxChars - 1)}…` : t;
  }
  return 'Untitled';
}

/** The item as found, with its error when its content breaks the vault's limits. */
export function checked(item: SourceItem): SourceItem {
  if (item.error) return item;
  if (!item.content.trim()) return { ...item, error: ITEM_MESSAGES.empty };
  if (item.content.length > L.contentMaxChars)
    return { ...item, error: ITEM_MESSAGES.tooLarge(item.content.length) };
  return item;
}

/** An entry that is not an artifact but should be listed with its reason. */
export function errorItem(origin: string, title: string, error: string): SourceItem {
  return { title: cleanTitle(title), type: 'UNKNOWN', content: '', origin, tags: [], error };
}

const LANGUAGE_TYPES: Readonly<Record<string, ArtifactType>> = {
  html: 'HTML',
  htm: 'HTML',
  jsx: 'REACT',
  tsx: 'REACT',
  react: 'REACT',
  svg: 'SVG',
  markdown: 'MARKDOWN',
  md: 'MARKDOWN',
  typescript: 'TYPESCRIPT',
  ts: 'TYPESCRIPT',
};

/** The vault's type of a code language name (a fence's info string, a canvas or code artifact). */
export function typeOfLanguage(language: unknown): ArtifactType | null {
  if (typeof language !== 'string') return null;
  return LANGUAGE_TYPES[language.trim().toLowerCase()] ?? null;
}
