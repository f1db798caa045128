import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { PassThrough, type Readable, pipeline } from 'node:stream';
import { type ImportSource, IMPORT_SOURCE_MESSAGES as M } from '@core-vault/contracts';
import { chatgptArtifacts } from './chatgpt-export';
import { claudeArtifacts } from './claude-export';
import { FILE_READ_MAX_BYTES, fileItem, ignoredPath } from './files';
import { gistItems } from './gist';
import { ImportSourceException } from './import-sources.exception';
import { jsonElements } from './json-elements';
import { ITEM_MESSAGES, type SourceItem, errorItem } from './source-item';
import { ZipSource } from './zip';

/** A source ready to be read, as many times as asked (preview, then the run's two passes). */
export interface OpenedSource {
  /** What the file turned out to be. */
  source: Exclude<ImportSource, 'auto'>;
  items(): AsyncGenerator<SourceItem>;
  close(): void;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Opens an uploaded file as the source it is: a zip (by its signature) holding conversations.json
 * (Claude's or ChatGPT's export) or else files; a JSON array of conversations; a gist's JSON
 * (an object with `files`); a folder bundle (JSON lines `{"path","content"}`, what the app and
 * the CLI send for a folder). `requested` settles what the bytes cannot tell (gist or folder).
 */
export async function openSource(
  path: string,
  requested: ImportSource,
  filename = 'file',
): Promise<OpenedSource> {
  const head = await readHead(path);
  if (head.subarray(0, 4).equals(Buffer.from('PK\u0003\u0004', 'latin1'))) return openZip(path);
  if (head.length === 0) throw ImportSourceException.unreadable(M.nothingToImport);
  if (requested === 'files') return { source: 'files', items: () => singleFile(path, filename), close: noop };
  const first = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()[0];
  if (requested === 'folder') return { source: 'folder', items: () => folderItems(path), close: noop };
  if (first === '[')
    return {
      source: await conversationsKind(() => createReadStream(path)),
      items: () => conversationItems(createReadStream(path)),
      close: noop,
    };
  if (first === '{')
    return { source: 'gist', items: () => gistFileItems(createReadStream(path)), close: noop };
  throw ImportSourceException.unreadable(requested === 'gist' ? M.notAGist : M.notAnExport);
}

const noop = () => undefined;

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Claude or ChatGPT, by the first conversation (Claude's have chat_messages, ChatGPT's a mapping). */
async function conversationsKind(input: () => Readable): Promise<'claude' | 'chatgpt'> {
  for await (const element of jsonElements(input(), 'array')) {
    if (isObject(element.value) && 'mapping' in element.value) return 'chatgpt';
    if (isObject(element.value) && 'chat_messages' in element.value) return 'claude';
    break;
  }
  throw ImportSourceException.unreadable(M.notAnExport);
}

/** Each conversation's artifacts, one conversation in memory at a time. */
async function* conversationItems(input: Readable): AsyncGenerator<SourceItem> {
  for await (const { index, value, tooLarge } of jsonElements(input, 'array')) {
    const origin = `Conversation ${index + 1}`;
    if (tooLarge) yield errorItem(origin, origin, ITEM_MESSAGES.conversationTooLarge);
    else if (isObject(value) && Array.isArray(value['chat_messages'])) yield* claudeArtifacts(value);
    else if (isObject(value) && isObject(value['mapping'])) yield* chatgptArtifacts(value);
    else yield errorItem(origin, origin, ITEM_MESSAGES.notAConversation);
  }
}

async function* gistFileItems(input: Readable): AsyncGenerator<SourceItem> {
  for await (const { value, tooLarge } of jsonElements(input, 'values')) {
    const items = !tooLarge && isObject(value) ? gistItems(value) : null;
    if (!items) throw ImportSourceException.unreadable(M.notAGist);
    yield* items;
    return;
  }
  throw ImportSourceException.unreadable(M.notAGist);
}

/** One file on its own (the "files" source without a zip). */
async function* singleFile(path: string, filename: string): AsyncGenerator<SourceItem> {
  const name = filename.replace(/\\/g, '/');
  const { size } = await stat(path);
  // Never read more than an artifact can hold.
  yield size > FILE_READ_MAX_BYTES
    ? errorItem(name, name, ITEM_MESSAGES.tooLarge(size))
    : fileItem(name, await readFile(path), name);
}

/** A folder as JSON lines, one `{"path","content"}` per file, each line read on its own. */
async function* folderItems(path: string): AsyncGenerator<SourceItem> {
  for await (const { index, value, tooLarge } of jsonElements(createReadStream(path), 'values')) {
    if (tooLarge) {
      yield errorItem(`Line ${index + 1}`, `Line ${index + 1}`, ITEM_MESSAGES.tooLarge(FILE_READ_MAX_BYTES));
      continue;
    }
    if (!isObject(value) || typeof value['path'] !== 'string' || typeof value['content'] !== 'string')
      throw ImportSourceException.unreadable(M.badFolderLine(index + 1));
    const file = value['path'].replace(/\\/g, '/');
    if (ignoredPath(file)) continue;
    yield fileItem(file, Buffer.from(value['content'], 'utf8'), file);
  }
}

/** conversations.json at the root or one folder down (an export unpacked and zipped again). */
const isConversations = (name: string) => /^(?:[^/]+\/)?conversations\.json$/.test(name);

async function openZip(path: string): Promise<OpenedSource> {
  const zip = await ZipSource.open(path);
  const conversations = zip.entries.find((e) => isConversations(e.fileName));
  if (conversations) {
    try {
      const source = await conversationsKind(() => streamOf(zip, conversations));
      return {
        source,
        items: async function* () {
          yield* conversationItems(await zip.stream(conversations));
        },
        close: () => zip.close(),
      };
    } catch (err) {
      zip.close();
      throw err;
    }
  }
  return {
    source: 'files',
    items: async function* () {
      for (const entry of zip.entries) {
        if (ignoredPath(entry.fileName)) continue;
        if (entry.uncompressedSize > FILE_READ_MAX_BYTES) {
          const title = entry.fileName.split('/').pop() ?? entry.fileName;
          yield errorItem(entry.fileName, title, ITEM_MESSAGES.tooLarge(entry.uncompressedSize));
          continue;
        }
        yield fileItem(entry.fileName, await zip.read(entry, FILE_READ_MAX_BYTES), entry.fileName);
      }
    },
    close: () => zip.close(),
  };
}

/** A lazily opened entry stream (conversationsKind reads its first element only). */
function streamOf(zip: ZipSource, entry: Parameters<ZipSource['stream']>[0]): Readable {
  // jsonElements takes a Readable at once; the entry opens asynchronously, so pass it through.
  const through = new PassThrough();
  zip.stream(entry).then(
    (s) => pipeline(s, through, () => undefined),
    (err: unknown) => through.destroy(err instanceof Error ? err : new Error(String(err))),
  );
  return through;
}
