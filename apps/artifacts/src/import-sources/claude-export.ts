import { type ArtifactType } from '@core-vault/contracts';
import { ITEM_MESSAGES, type SourceItem, checked, cleanTitle, isoDate, typeOfLanguage } from './source-item';

/**
 * Artifacts of one conversation of Claude's data export (conversations.json; samples and the
 * format's sources in apps/artifacts/test-data/import-sources/README.md). An artifact is made by
 * the assistant either as an `artifacts` tool call in a message's `content` blocks
 * (`input.command` create / update / rewrite, keyed by `input.id`) or, in older conversations,
 * as an `<antArtifact identifier=… type=… title=…>` tag in the message's text (a later tag with
 * the same identifier replaces it). Each identifier becomes one item with its final content.
 */
export function claudeArtifacts(conversation: Record<string, unknown>): SourceItem[] {
  const name = cleanTitle(conversation['name'], 'Claude conversation');
  const messages = Array.isArray(conversation['chat_messages']) ? conversation['chat_messages'] : [];
  const found = new Map<string, Draft>();
  for (const raw of messages) {
    if (!isObject(raw) || raw['sender'] !== 'assistant') continue;
    const at = isoDate(raw['created_at']);
    const blocks = Array.isArray(raw['content']) ? raw['content'] : [];
    // content[] is the message itself in current exports; `text` repeats its text parts.
    if (blocks.length)
      for (const block of blocks) {
        if (!isObject(block)) continue;
        if (block['type'] === 'tool_use' && block['name'] === 'artifacts' && isObject(block['input']))
          applyCommand(found, block['input'], at);
        else if (block['type'] === 'text' && typeof block['text'] === 'string')
          for (const tag of antArtifacts(block['text'])) applyCommand(found, tag, at);
      }
    else if (typeof raw['text'] === 'string')
      for (const tag of antArtifacts(raw['text'])) applyCommand(found, tag, at);
  }
  return [...found.values()].map((d) =>
    checked({
      title: cleanTitle(d.title, name),
      type: d.type,
      content: d.content,
      origin: name,
      tags: ['claude'],
      createdAt: d.createdAt ?? isoDate(conversation['created_at']),
      updatedAt: d.updatedAt ?? d.createdAt,
      ...(d.failed ? { note: ITEM_MESSAGES.updatesFailed(d.failed) } : {}),
    }),
  );
}

interface Draft {
  title: string;
  type: ArtifactType;
  content: string;
  createdAt?: string;
  updatedAt?: string;
  failed: number;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function applyCommand(found: Map<string, Draft>, input: Record<string, unknown>, at?: string): void {
  const id = str(input['id']) ?? str(input['identifier']);
  if (!id) return;
  const command = str(input['command']) ?? 'create';
  const draft = found.get(id);
  if (command === 'update') {
    const [from, to] = [str(input['old_str']), str(input['new_str'])];
    if (!draft) return;
    // One replacement of the first occurrence, as Claude applies it; plain text, never a pattern.
    const where = from ? draft.content.indexOf(from) : -1;
    if (from === undefined || to === undefined || where < 0) draft.failed++;
    else draft.content = draft.content.slice(0, where) + to + draft.content.slice(where + from.length);
    if (at) draft.updatedAt = at;
    return;
  }
  // create, rewrite (and a create of an identifier seen before): the whole content anew.
  const raw = str(input['content']);
  if (raw === undefined) return;
  const mime = str(input['type']);
  // Mermaid goes into a fenced block: the Markdown view shows the diagram's source.
  const content = mime === MERMAID ? `\`\`\`mermaid\n${raw}\n\`\`\`\n` : raw;
  const type = typeOfClaude(mime, str(input['language'])) ?? draft?.type ?? 'UNKNOWN';
  const title = str(input['title']) ?? draft?.title ?? '';
  if (draft) Object.assign(draft, { content, type, title, ...(at ? { updatedAt: at } : {}) });
  else found.set(id, { title, type, content, createdAt: at, updatedAt: at, failed: 0 });
}

const MERMAID = 'application/vnd.ant.mermaid';
const MIME_TYPES: Readonly<Record<string, ArtifactType>> = {
  'application/vnd.ant.react': 'REACT',
  'text/html': 'HTML',
  'image/svg+xml': 'SVG',
  'text/markdown': 'MARKDOWN',
  'application/vnd.ant.mermaid': 'MARKDOWN',
};

/** The vault's type of a Claude artifact type (a code artifact by its language). */
export function typeOfClaude(mime: string | undefined, language: string | undefined): ArtifactType | null {
  if (!mime) return null;
  if (mime === 'application/vnd.ant.code') return typeOfLanguage(language) ?? 'UNKNOWN';
  return MIME_TYPES[mime] ?? 'UNKNOWN';
}

const OPEN = '<antArtifact';
const CLOSE = '</antArtifact>';
/** Longest opening tag read: real ones are a few hundred characters. */
const MAX_TAG = 4_000;

/**
 * The `<antArtifact …>…</antArtifact>` tags of a message's text, read by indexOf (no pattern:
 * the text is untrusted and may be long). Mermaid's content is put in a fenced block, so the
 * Markdown view shows the diagram's source.
 */
export function antArtifacts(text: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf(OPEN, from);
    if (start < 0) break;
    const end = text.indexOf('>', start);
    if (end < 0 || end - start > MAX_TAG) break;
    const close = text.indexOf(CLOSE, end);
    if (close < 0) break;
    const attrs = attributes(text.slice(start + OPEN.length, end));
    const content = text.slice(end + 1, close).replace(/^\r?\n/, '');
    out.push({ ...attrs, id: attrs['identifier'], command: 'create', content });
    from = close + CLOSE.length;
  }
  return out;
}

/** `name="value"` pairs of a tag, scanned once. */
function attributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  let i = 0;
  while (i < source.length) {
    const eq = source.indexOf('=', i);
    if (eq < 0) break;
    const name = source.slice(i, eq).trim();
    const quote = source[eq + 1];
    if (quote !== '"' && quote !== "'") break;
    const endQuote = source.indexOf(quote, eq + 2);
    if (endQuote < 0) break;
    if (name) out[name] = source.slice(eq + 2, endQuote);
    i = endQuote + 1;
  }
  return out;
}
