/**
 * Export keeps everything (issue #18 item 6), through the gateway of a real stack: a trial user
 * with more artifacts than the old export held (105, seeded 20 per batch), several versions with
 * notes on some, collections, public and private ones, takes the export; a second account imports
 * it in the SPA's requests (planImportBatches) and its own export then matches the first in
 * everything but ids, counters and authors. The billing export holds all of them and says it is
 * complete; a bad file is a 400 naming the artifact and the field; every imported artifact's
 * created event leaves through the outbox.
 */
import { MongoClient } from 'mongodb';
import {
  type ExportedArtifact,
  type ImportArtifactsResult,
  PORTABILITY_LIMITS,
  exportTrailerSchema,
  exportedArtifactSchema,
  importRunLineSchema,
  importSourcePreviewSchema,
  planImportBatches,
} from '@core-vault/contracts';
import { testInfra, waitFor } from '@core-vault/platform/testing';
import { type Stack, startStack } from './support/stack';
import { type SeededUser, seedTrialUser } from './web/artifact-life/accounts';

const COUNT = 105;
const EDITED = [0, 50, 104];
const EDITS = 3;

let stack: Stack;
let mongo: MongoClient;

beforeAll(async () => {
  stack = await startStack({ web: false, env: { PASSWORD_SCRYPT_LOG_N: '14' } });
  mongo = await MongoClient.connect(testInfra().mongoUrl);
}, 420_000);

afterAll(async () => {
  await mongo?.close();
  await stack?.stop();
});

async function must(user: SeededUser, method: string, path: string, status: number, body?: unknown) {
  const a = await user.api(method, path, body);
  if (a.status !== status) throw new Error(`${method} ${path}: ${a.status} ${a.text.slice(0, 400)}`);
  return a.body;
}

/** The NDJSON export of a user, checked line by line against the contract. */
async function exportOf(user: SeededUser): Promise<ExportedArtifact[]> {
  const a = await user.api('GET', '/api/v1/artifacts/export');
  expect(a.status).toBe(200);
  expect(a.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  const lines = a.text.split('\n');
  expect(lines.pop()).toBe('');
  const trailer = exportTrailerSchema.parse(JSON.parse(lines.pop() ?? ''));
  const artifacts = lines.map((l) => exportedArtifactSchema.parse(JSON.parse(l)));
  expect(trailer.end.count).toBe(artifacts.length);
  return artifacts;
}

/** What an import must keep: everything but ids, counters and who made each version. */
const kept = (a: ExportedArtifact) => ({
  title: a.title,
  description: a.description,
  type: a.type,
  content: a.content,
  tags: a.tags,
  isPublic: a.isPublic,
  allowNetwork: a.allowNetwork,
  metadata: a.metadata,
  version: a.version,
  versionCreatedAt: a.versionCreatedAt,
  versionNote: a.versionNote,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  collections: a.collections,
  versions: a.versions.map(({ author: _author, ...v }) => v),
});

it('exports every artifact with its history and imports it into another account', async () => {
  const [source, target] = await Promise.all([
    seedTrialUser(stack, 'port-src'),
    seedTrialUser(stack, 'port-dst'),
  ]);

  // ---- more artifacts than the old export held, in batches of 20 ----
  const ids: string[] = [];
  for (let start = 0; start < COUNT; start += 20) {
    const artifacts = Array.from({ length: Math.min(20, COUNT - start) }, (_, k) => {
      const i = start + k;
      return i % 2
        ? {
            title: `Note ${i}`,
            type: 'MARKDOWN',
            content: `# Note ${i}\n\nÜber 😀 "quoted"`,
            tags: `n${i % 5},all`,
          }
        : {
            title: `Page ${i}`,
            type: 'HTML',
            content: `<p>Page ${i}</p>`,
            isPublic: i % 4 === 0,
            description: `About *page ${i}*`,
          };
    });
    const body = await must(source, 'POST', '/api/v1/artifacts/batch', 201, { artifacts });
    ids.push(...(body['artifacts'] as { id: string }[]).map((a) => a.id));
  }
  for (const i of EDITED)
    for (let e = 1; e <= EDITS; e++)
      await must(source, 'PATCH', `/api/v1/artifacts/${ids[i]}`, 200, {
        content: `<p>Page ${i} edit ${e}</p>`,
        type: 'HTML',
        versionNote: `Edit ${e}`,
        ...(e === 2 ? { title: `Page ${i} renamed` } : {}),
      });
  const collection = await must(source, 'POST', '/api/v1/collections', 201, { name: 'Favorites' });
  const collectionId = (collection['collection'] as { id: string }).id;
  for (const i of [1, 50])
    await must(source, 'PUT', `/api/v1/collections/${collectionId}/artifacts/${ids[i]}`, 200);

  // ---- the export has every artifact and every version ----
  const exported = await exportOf(source);
  expect(exported).toHaveLength(COUNT);
  expect(new Set(exported.map((a) => a.id))).toEqual(new Set(ids));
  for (const i of EDITED) {
    const a = exported.find((x) => x.id === ids[i]);
    expect(a?.version).toBe(1 + EDITS);
    expect(a?.versions.map((v) => v.version)).toEqual([1, 2, 3]);
    expect(a?.content).toBe(`<p>Page ${i} edit ${EDITS}</p>`);
    expect(a?.description).toBe(`About *page ${i}*`);
    expect(a?.versionNote).toBe(`Edit ${EDITS}`);
    expect(a?.versions.map((v) => v.note)).toEqual([null, 'Edit 1', 'Edit 2']);
  }
  expect(exported.find((x) => x.id === ids[50])?.collections).toEqual(['Favorites']);

  // The billing export streams the same artifacts into its document and says it is whole.
  const billing = await must(source, 'GET', '/api/v1/billing/export', 200);
  expect((billing['artifacts'] as unknown[]).length).toBe(COUNT);
  expect(billing).toMatchObject({ analytics: { totalArtifacts: COUNT }, notes: [], complete: true });

  // ---- a bad file: 400, the artifact and the field named, nothing stored ----
  const bad = await target.api('POST', '/api/v1/artifacts/import', {
    artifacts: [exported[0], { ...exported[1], content: '' }],
  });
  expect(bad.status).toBe(400);
  expect(String(bad.body['message'])).toContain('Artifact 2');
  expect(JSON.stringify(bad.body['details'])).toContain('artifacts.1.content');
  expect((await must(target, 'GET', '/api/v1/artifacts?limit=1', 200))['total']).toBe(0);

  // ---- import, in the requests the SPA sends ----
  const plan = planImportBatches(exported);
  expect(plan.tooLarge).toEqual([]);
  expect(plan.batches.length).toBeGreaterThanOrEqual(
    Math.ceil(COUNT / PORTABILITY_LIMITS.importRequestMaxArtifacts),
  );
  const results: ImportArtifactsResult['results'] = [];
  for (const batch of plan.batches) {
    const body = await must(target, 'POST', '/api/v1/artifacts/import', 200, {
      artifacts: batch.map((p) => p.item),
    });
    results.push(...(body as ImportArtifactsResult).results);
  }
  expect(results.filter((r) => r.status !== 'imported')).toEqual([]);
  expect(results).toHaveLength(COUNT);

  // ---- the second account's export matches the first in everything an import keeps ----
  const imported = await exportOf(target);
  expect(imported).toHaveLength(COUNT);
  expect(imported.some((a) => ids.includes(a.id))).toBe(false);
  for (const a of imported) expect([a.viewCount, a.shareCount, a.downloadCount]).toEqual([0, 0, 0]);
  const byCreated = (list: ExportedArtifact[]) =>
    [...list]
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.title.localeCompare(b.title))
      .map(kept);
  expect(byCreated(imported)).toEqual(byCreated(exported));

  // Versions read back through the versions route too, oldest kept first.
  const edited = imported.find((a) => a.title === `Page ${EDITED[1]} renamed`);
  const versions = await must(target, 'GET', `/api/v1/artifacts/${edited?.id}/versions`, 200);
  expect((versions['versions'] as { version: number }[]).map((v) => v.version)).toEqual([4, 3, 2, 1]);

  // Each created event left through the outbox, as for an upload.
  const artifactsDb = mongo
    .db(`cv_e2e_${stack.runId}_artifacts`)
    .collection<{ _id: string; _outboxPending?: number }>('artifacts');
  await waitFor(
    () => artifactsDb.countDocuments({ _id: { $in: imported.map((a) => a.id) }, _outboxPending: { $gt: 0 } }),
    (pending) => pending === 0,
    { timeoutMs: 30_000, intervalMs: 250, what: 'imported artifacts published' },
  );
}, 240_000);

/**
 * Imports from other sources through the gateway (#35.3): a Claude export larger than any JSON
 * body the gateway parses (2.5 MB) streams through it to the artifacts service, is previewed,
 * then run with its progress lines and report.
 */
it('imports a Claude export streamed through the gateway: preview, then run with progress and report', async () => {
  const user = await seedTrialUser(stack, 'port-claude');
  const padding = 'A long question about quarterly figures. '.repeat(2_000);
  const conversations = Array.from({ length: 40 }, (_, i) => ({
    uuid: `c${i}`,
    name: `Conversation ${i}`,
    created_at: '2025-03-02T10:00:00Z',
    chat_messages: [
      { sender: 'human', text: padding, content: [{ type: 'text', text: padding }] },
      {
        sender: 'assistant',
        created_at: '2025-03-02T10:01:00Z',
        content: [
          {
            type: 'tool_use',
            name: 'artifacts',
            input: {
              id: `page-${i}`,
              type: 'text/html',
              title: `Page ${i}`,
              command: 'create',
              content: `<p>Page ${i}</p>`,
            },
          },
        ],
      },
    ],
  }));
  const file = Buffer.from(JSON.stringify(conversations));
  expect(file.length).toBeGreaterThan(2.5 * 1024 * 1024);
  const send = (path: string) =>
    fetch(`${stack.gatewayUrl}/api/v1/artifacts/import-sources/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream' },
      body: file,
    });

  const preview = await send('preview?source=claude&filename=conversations.json');
  expect(preview.status).toBe(200);
  const plan = importSourcePreviewSchema.parse(await preview.json());
  expect(plan.counts).toEqual({ total: 40, importable: 40, duplicates: 0, errors: 0 });
  expect((await must(user, 'GET', '/api/v1/artifacts?limit=1', 200))['total']).toBe(0);

  const run = await send(`run?source=claude&expect=${plan.fileHash}`);
  expect(run.status).toBe(200);
  const lines = (await run.text())
    .trim()
    .split('\n')
    .map((l) => importRunLineSchema.parse(JSON.parse(l)));
  expect(lines[0]).toEqual({ progress: { done: 0, total: 40 } });
  expect(lines.at(-1)).toMatchObject({ report: { imported: 40, skippedDuplicates: 0, failed: 0 } });
  expect((await must(user, 'GET', '/api/v1/artifacts?limit=1', 200))['total']).toBe(40);
}, 120_000);
