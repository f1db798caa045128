/**
 * Published Claude artifacts that use the Claude runtime (corpus/runtime) on the real stack:
 * `window.storage` and `window.claude.complete` / the Anthropic Messages API from the page.
 *
 * Each item is created public as one user. Storage items: a signed-in viewer (A) writes on the
 * view page, reloads and still sees the data; a second signed-in viewer (B) does not see A's
 * personal data but does see shared data; the same as embeds, where an anonymous viewer's
 * personal data lives in the browser (C writes and reloads, a fresh browser D checks). AI items:
 * on a stack whose artifacts service talks to a fake model (Anthropic wire protocol, loopback),
 * the page shows the model's answer, on the view page and as an embed; on a stack without AI,
 * the frame shows the runtime's notice instead of a blank page.
 *
 * Items come from two lists (claude-runtime-items.ts): published ones, cited and not committed,
 * and our own, committed under corpus/runtime/own. A published item whose file is absent (a fresh
 * clone) or differs is skipped and listed as `unavailable` with the command that restores it
 * (CLAUDE_RUNTIME_CORPUS=<a copy of corpus/runtime without items/> runs as a fresh clone would).
 *
 * Prints `claude-runtime: {...}`, writes .local/bench/claude-runtime.json and fails when fewer
 * than MIN_ITEMS items are available or any check of an available item fails. The services must
 * be built (tsc -b tsconfig.build.json, the renderer's assets);
 * CLAUDE_RUNTIME_BUILD=1 builds first.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { devTokenFor, uniqueSuffix, workspaceRoot } from '@core-vault/platform/testing';
import { pool } from '../support/pool';
import { type Stack, startStack } from '../support/stack';
import { seedTrialUser } from '../web/artifact-life/accounts';
import {
  type CheckResult,
  type Mode,
  aiAnswered,
  aiNoticeShown,
  checked,
  open,
  showsNotWritten,
  showsWritten,
  write,
} from './claude-runtime-checks';
import { type FakeModel, startFakeModel } from './claude-runtime-model';
import { type Marks, type RuntimeItem, loadRuntimeCorpus, runtimeCreateBody } from './claude-runtime-items';
import { type Urls } from './corpus-checks';
import { CHROMIUM_ARGS, LOOPBACK_ONLY } from './stack';

const PARALLEL = 3;
/** Fewer available items than this and the run proves too little: it fails. */
const MIN_ITEMS = 6;
// CLAUDE_RUNTIME_CORPUS: another corpus folder, e.g. a copy without items/ to run as a fresh clone.
const { items: corpus, unavailable } = loadRuntimeCorpus(process.env['CLAUDE_RUNTIME_CORPUS'] || undefined);
const aiItems = corpus.filter((item) => item.ai);
const owner = `claude-runtime-${uniqueSuffix()}`;
const token = devTokenFor(owner);
/** Sent by the vault to the provider only: the suite checks the model saw it. Not a real key. */
const FAKE_KEY = `cv-fake-key-${uniqueSuffix()}`;

interface Target {
  stack: Stack;
  urls: Urls;
  ids: Map<string, string>;
}

let model: FakeModel;
let ai: Target;
let off: Target | null = null;
let browser: Browser;
let viewerA: BrowserContext;
let viewerB: BrowserContext;
let setupSeconds = 0;

const rendererOrigin = (s: Stack) =>
  s.serviceUrl('usercontent' as Parameters<Stack['serviceUrl']>[0]).replace('127.0.0.1', 'localhost');

async function api(stack: Stack, method: string, path: string, body?: unknown) {
  const res = await fetch(`${stack.gatewayUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      origin: stack.webUrl,
      'sec-fetch-site': 'same-origin',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: res.status, json };
}

/**
 * Creates every item (public, as the owner); shared stores also take anonymous embed writes.
 * `aiOff`: copies whose owner turned AI calls off (the notice's case, on the same vault).
 */
async function createAll(stack: Stack, items: typeof corpus, aiOff = false): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  await Promise.all(
    items.map(async (item) => {
      const created = await api(stack, 'POST', '/api/v1/artifacts', runtimeCreateBody(item));
      const id = (created.json['artifact'] as { id?: string } | undefined)?.id;
      if (created.status !== 201 || !id)
        throw new Error(`${item.id}: create ${created.status} ${String(created.json['message'])}`);
      ids.set(item.id, id);
      if (aiOff) {
        const set = await api(stack, 'PATCH', `/api/v1/artifacts/${id}/runtime`, { aiCalls: false });
        if (set.status !== 200) throw new Error(`${item.id}: AI switch ${set.status}`);
      }
      if (item.runtime.storage === 'shared') {
        const set = await api(stack, 'PATCH', `/api/v1/artifacts/${id}/runtime`, {
          anonymousSharedWrites: true,
        });
        if (set.status !== 200) throw new Error(`${item.id}: runtime settings ${set.status}`);
      }
    }),
  );
  return ids;
}

async function signedIn(stack: Stack, prefix: string): Promise<BrowserContext> {
  const user = await seedTrialUser(stack, prefix);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // The onboarding tour would cover the page.
  await context.addInitScript(() => window.localStorage.setItem('cv.onboarding-completed', 'true'));
  await (await user.signIn(context)).close();
  return context;
}

beforeAll(async () => {
  const started = Date.now();
  model = await startFakeModel(aiItems.map((item) => item.ai!));
  const build = process.env['CLAUDE_RUNTIME_BUILD'] === '1';
  // One vault with a model. The notice is checked on copies whose owner turned AI calls off (the
  // same notice as a vault without a model, whose 503 the API suite covers): one stack, not two.
  const aiStack = await startStack({
    build,
    env: { AI_PROVIDER: 'anthropic', AI_BASE_URL: model.url, AI_API_KEY: FAKE_KEY, AI_MODEL: 'fake-model' },
  });
  // No DNS but loopback (per-artifact origins are *.localhost): nothing can leave the machine.
  browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, LOOPBACK_ONLY],
  });
  const urlsOf = (s: Stack): Urls => ({ web: s.webUrl, renderer: rendererOrigin(s) });
  const [ids, offIds, a, b] = await Promise.all([
    createAll(aiStack, corpus),
    createAll(aiStack, aiItems, true),
    signedIn(aiStack, 'rt-a'),
    signedIn(aiStack, 'rt-b'),
  ]);
  ai = { stack: aiStack, urls: urlsOf(aiStack), ids };
  off = { stack: aiStack, urls: urlsOf(aiStack), ids: offIds };
  viewerA = a;
  viewerB = b;
  setupSeconds = Math.round((Date.now() - started) / 100) / 10;
}, 240_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await ai?.stack.stop();
  await model?.stop();
}, 60_000);

const marksFor = (writer: string, n: number): Marks => ({
  marker: `cv${writer}${uniqueSuffix(3)}`,
  count: String(n),
});

/**
 * One storage item in one mode: the writer writes, reloads and still sees it; another viewer
 * then does not (personal) or does (shared). View page: viewers A and B, signed in. Embed: two
 * fresh browsers (anonymous; personal data stays in the first one's browser).
 */
async function storageChecks(item: RuntimeItem, mode: Mode): Promise<CheckResult[]> {
  const id = ai.ids.get(item.id)!;
  const shared = item.runtime.storage === 'shared';
  const writer =
    mode === 'view' ? viewerA : await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const other =
    mode === 'view' ? viewerB : await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const marks = marksFor(mode === 'view' ? 'A' : 'C', mode === 'view' ? 3 : 5);
  try {
    const kept = await checked(writer, item.id, `${mode}:reload`, async (page) => {
      const root = await open(page, ai.urls, id, mode);
      const failed = await write(page, root, item, marks, mode === 'view' || shared);
      if (failed) return failed;
      await page.reload({ waitUntil: 'domcontentloaded' });
      return showsWritten(await open(page, ai.urls, id, mode), item, marks);
    });
    if (!kept.ok) return [kept];
    const seen = await checked(
      other,
      item.id,
      `${mode}:${shared ? 'shared-seen' : 'personal-private'}`,
      async (page) => {
        const root = await open(page, ai.urls, id, mode);
        return shared ? showsWritten(root, item, marks) : showsNotWritten(root, item, marks);
      },
    );
    return [kept, seen];
  } finally {
    if (mode === 'embed') await Promise.all([writer.close(), other.close()]);
  }
}

async function aiChecks(item: RuntimeItem): Promise<CheckResult[]> {
  const anonymous = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const results = [
      await checked(viewerA, item.id, 'ai:view', async (page) =>
        aiAnswered(page, await open(page, ai.urls, ai.ids.get(item.id)!, 'view'), item),
      ),
      await checked(anonymous, item.id, 'ai:embed', async (page) =>
        aiAnswered(page, await open(page, ai.urls, ai.ids.get(item.id)!, 'embed'), item),
      ),
    ];
    if (off)
      results.push(
        await checked(viewerA, item.id, 'ai-off:view', async (page) =>
          aiNoticeShown(page, await open(page, off!.urls, off!.ids.get(item.id)!, 'view'), item),
        ),
        await checked(anonymous, item.id, 'ai-off:embed', async (page) =>
          aiNoticeShown(page, await open(page, off!.urls, off!.ids.get(item.id)!, 'embed'), item),
        ),
      );
    return results;
  } finally {
    await anonymous.close();
  }
}

describe('Claude-runtime artifacts on the real stack', () => {
  it('keep their data across reloads, keep personal data personal and get AI answers', async () => {
    const started = Date.now();
    const jobs: (() => Promise<CheckResult[]>)[] = [
      ...corpus
        .filter((item) => item.runtime.storage && item.interaction && item.persisted)
        .flatMap((item) => (['view', 'embed'] as const).map((mode) => () => storageChecks(item, mode))),
      ...aiItems.map((item) => () => aiChecks(item)),
    ];
    const results = (await pool(jobs, PARALLEL, (job) => job())).flat();
    const failed = results.filter((r) => !r.ok);
    // The vault, not the page, holds the provider key: every model request carried it.
    const keyless = model.requests.filter((r) => r.apiKey !== FAKE_KEY).length;
    const summary = {
      items: corpus.length,
      published: corpus.filter((item) => item.origin === 'published').length,
      own: corpus.filter((item) => item.origin === 'own').length,
      unavailable: unavailable.map((u) => `${u.id} (${u.why}; restore: ${u.restore})`),
      storageItems: corpus.filter((item) => item.runtime.storage).length,
      aiItems: aiItems.length,
      checks: results.length,
      passed: results.length - failed.length,
      setupSeconds,
      runtimeSeconds: Math.round((Date.now() - started) / 100) / 10,
      modelRequests: model.requests.length,
      modelRequestsWithoutVaultKey: keyless,
      results,
    };
    const dir = join(workspaceRoot, '.local', 'bench');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'claude-runtime.json'), JSON.stringify(summary, null, 2));
    console.log(`claude-runtime: ${JSON.stringify({ ...summary, results: undefined })}`);
    const why = failed.map((r) => `${r.item} ${r.check}: ${r.why}`);
    if (why.length) console.log(`claude-runtime failing:\n${why.join('\n')}`);
    expect(corpus.length).toBeGreaterThanOrEqual(MIN_ITEMS);
    expect(why).toEqual([]);
    if (aiItems.length) expect(model.requests.length).toBeGreaterThan(0);
    expect(keyless).toBe(0);
  }, 300_000);
});
