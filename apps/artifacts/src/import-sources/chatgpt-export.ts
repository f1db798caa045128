import { type ArtifactType } from '@core-vault/contracts';
import { ITEM_MESSAGES, type SourceItem, checked, cleanTitle, isoDate, typeOfLanguage } from './source-item';

/**
 * Artifacts of one conversation of ChatGPT's data export (conversations.json: `mapping`, a tree
 * of message nodes; samples and sources in apps/artifacts/test-data/import-sources/README.md).
 * The conversation is read along its current branch (from `current_node` up to the root). Two
 * kinds of artifact: canvas documents — an assistant message to `canmore.create_textdoc` whose
 * text is `{"name","type","content"}`, changed later by `canmore.update_textdoc`
 * (`{"updates":[{"pattern","replacement"}]}`) — and fenced code blocks of html, jsx, tsx, svg or
 * markdown in the assistant's answers.
 */
export function chatgptArtifacts(conversation: Record<string, unknown>): SourceItem[] {
  const name = cleanTitle(conversation['title'], 'ChatGPT conversation');
  const base = { origin: name, tags: ['chatgpt'] };
  const docs: Doc[] = [];
  const blocks: SourceItem[] = [];
  for (const message of branch(conversation)) {
    const author = isObject(message['author']) ? message['author']['role'] : undefined;
    if (author !== 'assistant') continue;
    const content = isObject(message['content']) ? message['content'] : {};
    const at = isoDate(message['create_time']);
    const recipient = message['recipient'];
    if (recipient === 'canmore.create_textdoc' || recipient === 'canmore.update_textdoc') {
      const body = parseJson(content['text'] ?? firstPart(content));
      if (!body) continue;
      if (recipient === 'canmore.create_textdoc') createDoc(docs, body, at);
      else updateDoc(docs.at(-1), body, at);
      continue;
    }
    if (recipient !== undefined && recipient !== null && recipient !== 'all') continue;
    const parts = Array.isArray(content['parts']) ? content['parts'] : [];
    for (const part of parts)
      if (typeof part === 'string')
        for (const block of fencedBlocks(part))
          blocks.push(
            checked({
              ...base,
              title: cleanTitle(`${name} — ${block.language} ${blocks.length + 1}`),
              type: block.type,
              content: block.content,
              createdAt: at,
              updatedAt: at,
            }),
          );
  }
  const canvases = docs.map((d) =>
    checked({
      ...base,
      title: cleanTitle(d.title, name),
      type: d.type,
      content: d.content,
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
      ...(d.skipped ? { note: ITEM_MESSAGES.regexUpdates(d.skipped) } : {}),
    }),
  );
  return [...canvases, ...blocks];
}

interface Doc {
  title: string;
  type: ArtifactType;
  content: string;
  createdAt?: string;
  updatedAt?: string;
  skipped: number;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function firstPart(content: Record<string, unknown>): unknown {
  return Array.isArray(content['parts']) ? content['parts'][0] : undefined;
}

function parseJson(text: unknown): Record<string, unknown> | null {
  if (typeof text !== 'string') return null;
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : null;
  } catch {
    return null;
  }
}

/** The messages of the current branch, root first; a broken or cyclic tree yields what it can. */
function branch(conversation: Record<string, unknown>): Record<string, unknown>[] {
  const mapping = isObject(conversation['mapping']) ? conversation['mapping'] : {};
  const nodes = Object.keys(mapping).length;
  const path: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  let id = conversation['current_node'];
  while (typeof id === 'string' && !seen.has(id) && seen.size <= nodes) {
    seen.add(id);
    const node = mapping[id];
    if (!isObject(node)) break;
    if (isObject(node['message'])) path.push(node['message']);
    id = node['parent'];
  }
  return path.reverse();
}

/** canvas types ("document", "code/react", "code/html", …) as the vault's. */
function typeOfCanvas(type: unknown): ArtifactType {
  if (type === 'document') return 'MARKDOWN';
  if (typeof type === 'string' && type.startsWith('code/')) return typeOfLanguage(type.slice(5)) ?? 'UNKNOWN';
  return 'MARKDOWN';
}

function createDoc(docs: Doc[], body: Record<string, unknown>, at?: string): void {
  if (typeof body['content'] !== 'string') return;
  docs.push({
    title: typeof body['name'] === 'string' ? body['name'] : '',
    type: typeOfCanvas(body['type']),
    content: body['content'],
    createdAt: at,
    updatedAt: at,
    skipped: 0,
  });
}

/** Patterns that mean "the whole document": the rewrite canvas sends. */
const WHOLE = new Set(['.*', '^.*$', '(?s).*', '[\\s\\S]*', '^[\\s\\S]*$']);

/**
 * Applies a canvas edit. Its patterns are regular expressions written by the model: the vault does
 * not run untrusted patterns (a pattern can backtrack without bound), so only whole rewrites are
 * applied; other edits are counted and named in the item's note.
 */
function updateDoc(doc: Doc | undefined, body: Record<string, unknown>, at?: string): void {
  if (!doc || !Array.isArray(body['updates'])) return;
  for (const u of body['updates']) {
    if (isObject(u) && typeof u['replacement'] === 'string' && WHOLE.has(String(u['pattern']))) {
      doc.content = u['replacement'];
      doc.skipped = 0;
    } else doc.skipped++;
  }
  if (at) doc.updatedAt = at;
}

const FENCE_LANGUAGES = new Set(['html', 'jsx', 'tsx', 'svg', 'markdown', 'md']);

/**
 * Fenced code blocks (``` or ~~~) of the languages kept, read line by line: an info string's
 * first word is the language; a block runs to a closing fence of the same kind and at least
 * the same length, or to the end of the text.
 */
export function fencedBlocks(text: string): { language: string; type: ArtifactType; content: string }[] {
  const out: { language: string; type: ArtifactType; content: string }[] = [];
  const lines = text.split('\n');
  let open: { fence: string; language: string; from: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').replace(/\r$/, '');
    const trimmed = line.trimStart();
    if (line.length - trimmed.length > 3) continue;
    const char = trimmed[0];
    if (char !== '`' && char !== '~') continue;
    let n = 0;
    while (trimmed[n] === char) n++;
    if (n < 3) continue;
    const fence = char.repeat(n);
    const rest = trimmed.slice(n).trim();
    if (!open) {
      open = { fence, language: (rest.split(/\s/)[0] ?? '').toLowerCase(), from: i + 1 };
      continue;
    }
    if (rest === '' && fence[0] === open.fence[0] && n >= open.fence.length) {
      push(out, open.language, lines.slice(open.from, i));
      open = null;
    }
  }
  if (open) push(out, open.language, lines.slice(open.from));
  return out;
}

function push(
  out: { language: string; type: ArtifactType; content: string }[],
  language: string,
  lines: string[],
): void {
  if (!FENCE_LANGUAGES.has(language)) return;
  const type = typeOfLanguage(language);
  if (!type) return;
  out.push({ language, type, content: lines.join('\n') });
}
