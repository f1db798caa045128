import { basename } from 'node:path';
import { detectArtifactType, titleFromFileName, typeFromFileName } from '@core-vault/artifact-detection';
import { ARTIFACT_LIMITS, type ArtifactTypeInput, DEFAULT_TITLE } from '@core-vault/contracts';

/** Files the shared detection leaves to the content, whose extension says it all the same. */
const MORE_EXTENSIONS: Readonly<Record<string, ArtifactTypeInput>> = {
  html: 'HTML',
  htm: 'HTML',
  markdown: 'MARKDOWN',
};

/** How a pushed file's type was decided (shown with --json, and tested). */
export interface PushType {
  type: ArtifactTypeInput;
  from: 'option' | 'extension' | 'content' | 'vault';
}

/**
 * The type to send for a pushed file: --type when given; else its extension (.md .svg .tsx .jsx
 * .ts as the web app's upload reads them, and .html .htm .markdown); else the content, by the
 * same rules the vault applies (libs/artifact-detection); else AUTO, and the vault decides (text
 * of 50 characters or fewer is too short to tell).
 */
export function pushType(
  fileName: string | undefined,
  content: string,
  option?: ArtifactTypeInput,
): PushType {
  if (option) return { type: option, from: 'option' };
  if (fileName) {
    const byName = typeFromFileName(fileName);
    if (byName) return { type: byName, from: 'extension' };
    const extension = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
    const more = extension === undefined ? undefined : MORE_EXTENSIONS[extension];
    if (more) return { type: more, from: 'extension' };
  }
  const byContent = detectArtifactType(content);
  return byContent ? { type: byContent, from: 'content' } : { type: 'AUTO', from: 'vault' };
}

/**
 * The title of a pushed file without --title: the file's name without its extension; for stdin,
 * the document's own title (an HTML <title>, an SVG <title>, the first Markdown heading), else its
 * first line; else "Untitled". Cut to the vault's 200 characters.
 */
export function pushTitle(fileName: string | undefined, content: string): string {
  const fromName = fileName ? titleFromFileName(basename(fileName)) : '';
  const title = fromName || titleInContent(content) || DEFAULT_TITLE;
  return [...title].slice(0, ARTIFACT_LIMITS.titleMaxChars).join('');
}

function titleInContent(content: string): string {
  const head = content.slice(0, 20_000);
  const tag = /<title[^>]*>([^<]{1,300})<\/title>/i.exec(head)?.[1];
  if (tag?.trim()) return collapse(decodeBasicEntities(tag));
  const heading = /^ {0,3}#{1,6}[ \t]+(\S[^\n]*)$/m.exec(head)?.[1];
  if (heading) return collapse(heading.replace(/[ \t]#+[ \t]*$/, ''));
  const first = head.split('\n').find((line) => line.trim() !== '');
  return first ? collapse(first).slice(0, 80) : '';
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function decodeBasicEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
