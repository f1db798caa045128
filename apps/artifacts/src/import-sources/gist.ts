import { ITEM_MESSAGES, type SourceItem, errorItem, isoDate } from './source-item';
import { fileItem } from './files';

/**
 * The files of a gist as GitHub's REST API returns it (GET /gists/{gist_id}: `files` maps each
 * file name to `{filename, type, language, raw_url, size, truncated, content}`; see the README
 * beside the samples). A file the API cut short (`truncated`) is listed, not imported half.
 */
export function gistItems(gist: Record<string, unknown>): SourceItem[] | null {
  const files = gist['files'];
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return null;
  const id = typeof gist['id'] === 'string' ? gist['id'].slice(0, 64) : '';
  const description = typeof gist['description'] === 'string' ? gist['description'].trim() : '';
  const origin = `Gist ${id}${description ? `: ${description}` : ''}`.slice(0, 300);
  const createdAt = isoDate(gist['created_at']);
  const updatedAt = isoDate(gist['updated_at']) ?? createdAt;
  return Object.entries(files as Record<string, unknown>).map(([key, raw]) => {
    const file = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const name = typeof file['filename'] === 'string' ? file['filename'] : key;
    if (file['truncated'] === true) return errorItem(origin, name, ITEM_MESSAGES.gistTruncated);
    if (typeof file['content'] !== 'string') return errorItem(origin, name, ITEM_MESSAGES.empty);
    const item = fileItem(name, Buffer.from(file['content'], 'utf8'), origin, ['gist']);
    return { ...item, createdAt, updatedAt };
  });
}

/**
 * A gist's id from what a person pastes: the id itself, or a gist.github.com URL
 * (`https://gist.github.com/{user}/{id}`, optionally with a revision or `.git`). Null for
 * anything else, so no other address is ever fetched.
 */
export function gistIdOf(input: string): string | null {
  const text = input.trim();
  if (/^[0-9a-f]{5,64}$/i.test(text)) return text.toLowerCase();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname !== 'gist.github.com') return null;
  const segments = url.pathname.split('/').filter(Boolean);
  // /{id}, /{user}/{id}, /{user}/{id}/{revision}
  const candidate = (segments.length >= 2 ? segments[1] : segments[0])?.replace(/\.git$/, '');
  return candidate && /^[0-9a-f]{5,64}$/i.test(candidate) ? candidate.toLowerCase() : null;
}
