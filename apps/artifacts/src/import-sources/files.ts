import { detectArtifactType, typeFromFileName } from '@core-vault/artifact-detection';
import { type ArtifactType } from '@core-vault/contracts';
import { ITEM_MESSAGES, type SourceItem, checked, cleanTitle, errorItem } from './source-item';

/** Extensions read as artifacts: by name where it says the type, by content otherwise. */
const BY_CONTENT = new Set(['js', 'mjs', 'txt', 'mmd']);
const HTML = new Set(['html', 'htm']);

const extensionOf = (path: string): string => {
  const base = path.split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};

/**
 * Whether a path of a folder or zip is left out without a word: hidden files and folders
 * (a clone's .git), macOS's resource forks, folders themselves.
 */
export function ignoredPath(path: string): boolean {
  if (path.endsWith('/')) return true;
  return path.split('/').some((segment) => segment.startsWith('.') || segment === '__MACOSX');
}

/** Bytes read of one file at most: anything longer is over the content limit whatever it holds. */
export const FILE_READ_MAX_BYTES = 4 * 500_000 + 4;

/**
 * One file of a folder, a zip or a gist as an item: the type by extension (libs/artifact-detection:
 * .md .svg .tsx .jsx .ts), .html as HTML, .js .mjs .txt by their content, other extensions
 * listed as not imported; a file that is not UTF-8 text is listed as binary.
 */
export function fileItem(path: string, bytes: Buffer, origin: string, tags: string[] = []): SourceItem {
  const ext = extensionOf(path);
  const title = cleanTitle(path.split('/').pop());
  const known: ArtifactType | null = HTML.has(ext) ? 'HTML' : typeFromFileName(path);
  if (!known && !BY_CONTENT.has(ext)) return errorItem(origin, title, ITEM_MESSAGES.notAnArtifactFile(ext));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return errorItem(origin, title, ITEM_MESSAGES.binary);
  }
  if (text.includes('\u0000')) return errorItem(origin, title, ITEM_MESSAGES.binary);
  const type = known ?? (ext === 'mmd' ? 'MARKDOWN' : (detectArtifactType(text) ?? 'UNKNOWN'));
  const content = ext === 'mmd' ? `\`\`\`mermaid\n${text}\n\`\`\`\n` : text;
  return checked({ title, type, content, origin, tags });
}
