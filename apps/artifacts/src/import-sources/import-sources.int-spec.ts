/**
 * Imports from other sources against the real database and broker (#35 point 3): a Claude export
 * zip previewed (duplicates against the vault and within the file, nothing written), run (NDJSON
 * progress, then the report; the artifacts stored with their created events), a different file
 * refused, hostile files refused with nothing written, and a gist read from a local server that
 * speaks GitHub's REST JSON (GITHUB_API_URL).
 */
import { readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  type ImportRunLine,
  type ImportSourcePreview,
  IMPORT_SOURCE_MESSAGES as M,
  importRunLineSchema,
  importSourcePreviewSchema,
} from '@core-vault/contracts';
import { uniqueSuffix } from '@core-vault/platform/testing';
import { makeZip } from '../testing/make-zip';
import { artifactInput, tokenFor, useArtifactsApp } from '../testing';

const samples = join(__dirname, '../../test-data/import-sources');
const s = uniqueSuffix();
const ida = tokenFor(`ida-${s}`);
const gist = readFileSync(join(samples, 'gist.json'), 'utf8');

let github: Server;
let githubUrl = '';
beforeAll(async () => {
  // GitHub's GET /gists/{id}: the sample's JSON for its id, 404 for any other.
  github = createServer((req, res) => {
    const found = req.url === '/gists/aa5a315d61ae9438b18d';
    res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    res.end(found ? gist : '{"message":"Not Found"}');
  });
  await new Promise<void>((resolve) => github.listen(0, '127.0.0.1', resolve));
  githubUrl = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => github.close(resolve)));

// A getter: the app starts in the next beforeAll, once the fake GitHub listens.
const ctx = useArtifactsApp({
  get GITHUB_API_URL() {
    return githubUrl;
  },
});

const claudeZip = makeZip([
  { name: 'users.json', data: '[]' },
  { name: 'conversations.json', data: readFileSync(join(samples, 'claude-conversations.json')) },
]);

async function post(path: string, body?: Buffer) {
  return fetch(`${ctx.t.url}/api/v1/artifacts/import-sources/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ida}`, 'content-type': 'application/octet-stream' },
    ...(body ? { body } : {}),
  });
}

async function preview(query: string, body?: Buffer): Promise<ImportSourcePreview> {
  const res = await post(`preview?${query}`, body);
  expect(res.status).toBe(200);
  return importSourcePreviewSchema.parse(await res.json());
}

const stored = () => ctx.db.collection('artifacts').countDocuments({ owner: `ida-${s}` });

it('previews a Claude export zip with duplicates, runs it with progress and a report, refuses a changed file', async () => {
  // One artifact already in the vault with the same content as the export's SVG.
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>\n';
  const seeded = await ctx.api('POST', '/api/v1/artifacts', {
    token: ida,
    body: artifactInput({ type: 'SVG', content: svg }),
  });
  expect(seeded.status).toBe(201);

  const plan = await preview('source=claude&filename=export.zip', claudeZip);
  expect(plan.source).toBe('claude');
  expect(plan.items.map((i) => [i.title, i.type, i.duplicate])).toEqual([
    ['Budget Dashboard', 'REACT', null],
    ['Budget notes', 'MARKDOWN', null],
    ['Round logo', 'SVG', 'existing'],
    ['Logo page', 'HTML', null],
  ]);
  expect(plan.counts).toEqual({ total: 4, importable: 3, duplicates: 1, errors: 0 });
  expect(await stored()).toBe(1);

  const other = await post(`run?expect=${'0'.repeat(64)}`, claudeZip);
  expect(other.status).toBe(409);
  expect(((await other.json()) as { message: string }).message).toBe(M.fileChanged);

  const run = await post(`run?source=claude&expect=${plan.fileHash}`, claudeZip);
  expect(run.status).toBe(200);
  expect(run.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  const lines: ImportRunLine[] = (await run.text())
    .trim()
    .split('\n')
    .map((l) => importRunLineSchema.parse(JSON.parse(l)));
  const last = lines.at(-1);
  if (!last || !('report' in last)) throw new Error('no report line');
  expect(lines[0]).toEqual({ progress: { done: 0, total: 3 } });
  expect(last.report).toMatchObject({ imported: 3, skippedDuplicates: 1, failed: 0, failures: [] });
  expect(await stored()).toBe(4);

  const docs = await ctx.db
    .collection('artifacts')
    .find({ _id: { $in: last.report.ids } } as never)
    .toArray();
  const budget = docs.find((d) => d['title'] === 'Budget Dashboard');
  expect(budget).toMatchObject({
    type: 'REACT',
    tags: ['claude'],
    description: 'Imported from Budget dashboard',
  });
  expect(String(budget?.['content'])).toContain('useState(1500)');
  // Each with the created event of an upload in its outbox (the relay publishes it).
  expect(docs.every((d) => Array.isArray(d['_outbox']))).toBe(true);

  // A second preview sees all of them as already there.
  expect((await preview('source=claude', claudeZip)).counts).toMatchObject({ importable: 0, duplicates: 4 });
});

it('refuses hostile files with their reason and writes nothing', async () => {
  const before = await stored();
  const cases: [Buffer, string | RegExp][] = [
    [Buffer.from('[{"name": "x", "chat_messages": ['), /^The file is not valid JSON/],
    [makeZip([{ name: '../evil.html', data: '<p>x</p>' }]), M.zipUnsafePath('../evil.html')],
    [
      makeZip([{ name: 'conversations.json', data: Buffer.alloc(8 * 1024 * 1024, 0x20) }]),
      M.zipRatio('conversations.json'),
    ],
  ];
  for (const [body, message] of cases) {
    const res = await post('run?source=auto', body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
  }
  const empty = await post('preview');
  expect(empty.status).toBe(400);
  expect(((await empty.json()) as { code: string }).code).toBe('IMPORT_NO_FILE');
  expect(await stored()).toBe(before);
});

it('reads a gist by URL from the configured GitHub API', async () => {
  const plan = await preview(
    `source=gist&gist=${encodeURIComponent('https://gist.github.com/octocat/aa5a315d61ae9438b18d')}`,
  );
  expect(plan.items.map((i) => [i.title, i.error === null])).toEqual([
    ['chart.html', true],
    ['README.md', true],
    ['big.html', false],
  ]);
  const missing = await post('preview?source=gist&gist=0123456789abcdef');
  expect(missing.status).toBe(404);
  const wrong = await post(`preview?source=gist&gist=${encodeURIComponent('https://example.com/x')}`);
  expect(wrong.status).toBe(400);
});
