import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { IMPORT_SOURCE_MESSAGES as M, type ImportSource } from '@core-vault/contracts';
import { makeZip } from '../testing/make-zip';
import { fencedBlocks } from './chatgpt-export';
import { antArtifacts } from './claude-export';
import { gistIdOf } from './gist';
import { ImportSourceException } from './import-sources.exception';
import { jsonElements } from './json-elements';
import { openSource } from './read-source';
import { type SourceItem } from './source-item';

const samples = join(__dirname, '../../test-data/import-sources');
let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'cv-import-spec-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function itemsOf(bytes: Buffer | string, source: ImportSource = 'auto', filename?: string) {
  const path = join(dir, `f${n++}`);
  writeFileSync(path, bytes);
  const opened = await openSource(path, source, filename);
  try {
    const items: SourceItem[] = [];
    for await (const item of opened.items()) items.push(item);
    return { source: opened.source, items };
  } finally {
    opened.close();
  }
}

async function refused(bytes: Buffer | string, source: ImportSource = 'auto'): Promise<string> {
  const err = await itemsOf(bytes, source).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImportSourceException);
  expect((err as ImportSourceException).getStatus()).toBe(400);
  return (err as ImportSourceException).message;
}

describe('Claude export', () => {
  it('rebuilds each artifact to its final content: tool calls (create, update, rewrite) and antArtifact tags', async () => {
    const { source, items } = await itemsOf(readFileSync(join(samples, 'claude-conversations.json')));
    expect(source).toBe('claude');
    expect(items.map((i) => [i.title, i.type, i.origin])).toEqual([
      ['Budget Dashboard', 'REACT', 'Budget dashboard'],
      ['Budget notes', 'MARKDOWN', 'Budget dashboard'],
      ['Round logo', 'SVG', 'Logo (older conversation)'],
      ['Logo page', 'HTML', 'Logo (older conversation)'],
    ]);
    expect(items[0]?.content).toContain('useState(1500)');
    expect(items[0]?.content).not.toContain('1200');
    expect(items[1]?.content).toBe('# Notes\n\n- rent\n- food\n- travel\n');
    expect(items[0]).toMatchObject({
      createdAt: '2025-03-02T10:01:00.000Z',
      updatedAt: '2025-03-02T10:04:00.000Z',
    });
    expect(items.every((i) => !i.error && i.tags.includes('claude'))).toBe(true);
  });

  it('notes an update whose text is not there, keeping the last content it could build', async () => {
    const conv = [
      {
        name: 'c',
        chat_messages: [
          {
            sender: 'assistant',
            content: [
              {
                type: 'tool_use',
                name: 'artifacts',
                input: { id: 'a', type: 'text/html', command: 'create', content: '<p>one</p>' },
              },
              {
                type: 'tool_use',
                name: 'artifacts',
                input: { id: 'a', command: 'update', old_str: 'missing', new_str: 'x' },
              },
            ],
          },
        ],
      },
    ];
    const { items } = await itemsOf(JSON.stringify(conv));
    expect(items).toHaveLength(1);
    expect(items[0]?.content).toBe('<p>one</p>');
    expect(items[0]?.note).toMatch(/^1 edit could not be applied/);
  });

  it('reads conversations.json from inside the export zip', async () => {
    const zip = makeZip([
      { name: 'users.json', data: '[]' },
      { name: 'conversations.json', data: readFileSync(join(samples, 'claude-conversations.json')) },
    ]);
    const { source, items } = await itemsOf(zip);
    expect(source).toBe('claude');
    expect(items).toHaveLength(4);
  });

  it('reads antArtifact tags without patterns, ignoring an unclosed one', () => {
    expect(
      antArtifacts(
        '<antArtifact identifier="x" type="text/html" title=\'T\'>\n<p/>\n</antArtifact><antArtifact identifier="y">open',
      ),
    ).toEqual([
      { identifier: 'x', type: 'text/html', title: 'T', id: 'x', command: 'create', content: '<p/>\n' },
    ]);
  });
});

describe('ChatGPT export', () => {
  it('takes canvas documents and html/jsx/tsx/svg/markdown code blocks of the current branch', async () => {
    const { source, items } = await itemsOf(readFileSync(join(samples, 'chatgpt-conversations.json')));
    expect(source).toBe('chatgpt');
    expect(items.map((i) => [i.title, i.type])).toEqual([
      ['landing_page', 'HTML'],
      ['Landing page — svg 1', 'SVG'],
    ]);
    expect(items[0]?.content).toContain('<h1>Welcome</h1>');
    expect(items[0]?.createdAt).toBe('2025-01-01T10:01:00.000Z');
  });

  it('applies whole-document canvas rewrites and never runs other patterns', async () => {
    const msg = (id: string, parent: string | null, recipient: string, text: string) => ({
      id,
      parent,
      message: { author: { role: 'assistant' }, recipient, content: { content_type: 'code', text } },
    });
    const conv = {
      title: 't',
      current_node: 'c',
      mapping: {
        a: msg(
          'a',
          null,
          'canmore.create_textdoc',
          JSON.stringify({ name: 'doc', type: 'document', content: 'v1' }),
        ),
        b: msg(
          'b',
          'a',
          'canmore.update_textdoc',
          JSON.stringify({ updates: [{ pattern: '.*', replacement: 'v2' }] }),
        ),
        c: msg(
          'c',
          'b',
          'canmore.update_textdoc',
          JSON.stringify({ updates: [{ pattern: '(a+)+$', replacement: 'x' }] }),
        ),
      },
    };
    const { items } = await itemsOf(JSON.stringify([conv]));
    expect(items).toEqual([expect.objectContaining({ title: 'doc', type: 'MARKDOWN', content: 'v2' })]);
    expect(items[0]?.note).toMatch(/pattern the vault does not run/);
  });

  it('survives a cyclic mapping', async () => {
    const conv = {
      title: 't',
      current_node: 'a',
      mapping: { a: { parent: 'b', message: null }, b: { parent: 'a', message: null } },
    };
    expect((await itemsOf(JSON.stringify([conv]))).items).toEqual([]);
  });

  it('reads fences line by line: language, closing fence, an unclosed block to the end', () => {
    expect(
      fencedBlocks('```html\n<p>a</p>\n```\n~~~~tsx\nconst A = () => <b/>;\n~~~\nstill\n~~~~\n```md\n# open'),
    ).toEqual([
      { language: 'html', type: 'HTML', content: '<p>a</p>' },
      { language: 'tsx', type: 'REACT', content: 'const A = () => <b/>;\n~~~\nstill' },
      { language: 'md', type: 'MARKDOWN', content: '# open' },
    ]);
  });
});

describe('gists, folders and zips of files', () => {
  it('takes a gist JSON of the REST API, listing a truncated file instead of importing half of it', async () => {
    const { source, items } = await itemsOf(readFileSync(join(samples, 'gist.json')));
    expect(source).toBe('gist');
    expect(items.map((i) => [i.title, i.type, i.error ? 'error' : 'ok'])).toEqual([
      ['chart.html', 'HTML', 'ok'],
      ['README.md', 'MARKDOWN', 'ok'],
      ['big.html', 'UNKNOWN', 'error'],
    ]);
    expect(items[0]?.origin).toBe('Gist aa5a315d61ae9438b18d: Chart experiments');
  });

  it('reads a gist id from its URL and nothing else', () => {
    expect(gistIdOf('https://gist.github.com/octocat/aa5a315d61ae9438b18d')).toBe('aa5a315d61ae9438b18d');
    expect(gistIdOf('AA5A315D61AE9438B18D')).toBe('aa5a315d61ae9438b18d');
    expect(gistIdOf('https://evil.example/octocat/aa5a315d61ae9438b18d')).toBeNull();
    expect(gistIdOf('http://gist.github.com/octocat/aa5a315d61ae9438b18d')).toBeNull();
    expect(gistIdOf('../../etc')).toBeNull();
  });

  it('reads a zip of files by extension and content; hidden, binary and other files are listed or left out', async () => {
    const zip = makeZip([
      { name: 'site/index.html', data: '<!doctype html><p>hi</p>' },
      { name: 'site/App.tsx', data: 'export default function App() { return <div/>; }' },
      { name: 'site/notes.txt', data: '# Title\n\nSome markdown text that is long enough to detect.' },
      { name: 'site/.git/config', data: '[core]' },
      { name: '__MACOSX/site/._index.html', data: 'x' },
      { name: 'site/logo.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      { name: 'site/bad.html', data: Buffer.from([0xff, 0xfe, 0x00, 0x41]) },
    ]);
    const { source, items } = await itemsOf(zip);
    expect(source).toBe('files');
    expect(items.map((i) => [i.title, i.type, i.error ?? null])).toEqual([
      ['index.html', 'HTML', null],
      ['App.tsx', 'REACT', null],
      ['notes.txt', 'MARKDOWN', null],
      ['logo.png', 'UNKNOWN', 'Not an artifact: .png files are not imported.'],
      ['bad.html', 'UNKNOWN', 'A binary file, not text: not imported.'],
    ]);
  });

  it('reads a folder bundle line by line', async () => {
    const lines = [
      { path: 'a/page.html', content: '<p>x</p>' },
      { path: 'a/.hidden.md', content: '# no' },
      { path: 'a/diagram.svg', content: '<svg/>' },
    ];
    const { source, items } = await itemsOf(lines.map((l) => JSON.stringify(l)).join('\n'), 'folder');
    expect(source).toBe('folder');
    expect(items.map((i) => [i.origin, i.type])).toEqual([
      ['a/page.html', 'HTML'],
      ['a/diagram.svg', 'SVG'],
    ]);
  });
});

describe('hostile files', () => {
  it('broken JSON, wrong shapes and wrong types are 400s with the reason', async () => {
    expect(await refused('[{"name": "x", "chat_messages": [}')).toMatch(/^The file is not valid JSON/);
    expect(await refused('[1, 2]')).toBe(M.notAnExport);
    expect(await refused('{"files": 3}')).toBe(M.notAGist);
    expect(await refused('not json')).toBe(M.notAnExport);
    expect(await refused('{"path": 1}', 'folder')).toBe(M.badFolderLine(1));
  });

  it('refuses nesting deeper than the limit', async () => {
    expect(await refused(`[${'['.repeat(200)}${']'.repeat(200)}]`)).toBe(M.tooDeep);
  });

  it('skips one oversized conversation (listed), reading the rest; the guard never holds it whole', async () => {
    const big = 'x'.repeat(1_000);
    const input = JSON.stringify([
      { name: 'a', chat_messages: [{ text: big }, { text: big }] },
      { name: 'b', chat_messages: [] },
    ]);
    const out = [];
    for await (const e of jsonElements(Readable.from([input]), 'array', M.notAnExport, 1_500)) out.push(e);
    expect(out.map((e) => [e.index, e.tooLarge])).toEqual([
      [0, true],
      [1, false],
    ]);
    expect(out[1]?.value).toEqual({ name: 'b', chat_messages: [] });
  });

  it('refuses a zip whose entry says it inflates more than 200 times (a bomb)', async () => {
    const bomb = makeZip([{ name: 'conversations.json', data: Buffer.alloc(20 * 1024 * 1024, 0x20) }]);
    expect(await refused(bomb)).toBe(M.zipRatio('conversations.json'));
  });

  it('refuses a zip entry that inflates beyond what it declared', async () => {
    const lying = makeZip([{ name: 'page.html', data: `<p>${'a'.repeat(5000)}</p>`, declaredSize: 10 }]);
    expect(await refused(lying)).toMatch(/^The zip file cannot be read/);
  });

  it('refuses path traversal and absolute paths in a zip', async () => {
    expect(await refused(makeZip([{ name: '../../etc/passwd.html', data: 'x' }]))).toBe(
      M.zipUnsafePath('../../etc/passwd.html'),
    );
    expect(await refused(makeZip([{ name: '/abs.html', data: 'x' }]))).toBe(M.zipUnsafePath('/abs.html'));
  });

  it('refuses a truncated zip', async () => {
    const zip = makeZip([{ name: 'a.html', data: '<p>a</p>' }]);
    expect(await refused(zip.subarray(0, zip.length - 10))).toMatch(/^The zip file cannot be read/);
  });

  it('lists an artifact over the content limit instead of importing it', async () => {
    const huge = 'a'.repeat(600_000);
    const { items } = await itemsOf(
      JSON.stringify([
        {
          name: 'c',
          chat_messages: [
            {
              sender: 'assistant',
              content: [
                { type: 'tool_use', name: 'artifacts', input: { id: 'x', type: 'text/html', content: huge } },
              ],
            },
          ],
        },
      ]),
    );
    expect(items[0]?.error).toMatch(/^Too large: 600,000 characters/);
  });
});
