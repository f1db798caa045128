/**
 * The real-artifact corpus (./corpus, 60 artifacts people published) through the real stack:
 * every service from dist, the renderer and the SPA (support/stack.ts). Each item is created as
 * one user through the gateway, public, then opened on the public view page (the SPA framing the
 * renderer) and as an embed (a heavy item as an embed only), four pages at a time in one
 * Chromium. Per item and mode: no error screen, no uncaught error, no refused/failed request the
 * corpus does not expect, a frame of sensible height, and the item's interaction visibly changes
 * the page.
 *
 * Prints `corpus: {...}`, writes .local/bench/corpus.json and fails below a 95 % pass rate,
 * listing the failing items by cause. Chromium resolves no host but this machine's, so nothing
 * can leave it: an artifact's own CDN and API URLs are the renderer's business (mirror or block).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { devTokenFor, uniqueSuffix, workspaceRoot } from '@core-vault/platform/testing';
import { pool } from '../support/pool';
import { type Stack, startStack } from '../support/stack';
import { type Cause, type Mode, type ModeResult, type Urls, checkMode } from './corpus-checks';
import { type CorpusItem, createBody, loadCorpus } from './corpus-items';
import { CHROMIUM_ARGS, LOOPBACK_ONLY } from './stack';

const PASS_RATE = 0.95;
const PARALLEL_PAGES = 4;
/** Causes that can be the machine's load rather than the artifact (see the retry below). */
const TIMING_CAUSES: readonly Cause[] = ['interaction', 'not-rendered'];
const MAX_RETRIES = 6;
const RETRY_PATIENCE = 2;
/**
 * A heavy item's ceilings in the parallel pass, where it shares the cores with three other pages
 * (alone, with twice the ceilings, the pagoda took 139 s as an embed; beside them 154 s).
 */
const HEAVY_PATIENCE = 4;
const patienceOf = (item: CorpusItem) => (item.heavy ? HEAVY_PATIENCE : 1);
/** CORPUS_ONLY=id,id runs a part of the corpus (to look into an item; the pass-rate gate still applies). */
const only = process.env['CORPUS_ONLY']?.split(',').map((s) => s.trim());
const corpus = loadCorpus().filter((item) => !only || only.includes(item.id));
const owner = `corpus-${uniqueSuffix()}`;
const token = devTokenFor(owner);

let stack: Stack;
let browser: Browser;
let urls: Urls;
const ids = new Map<string, string>();

async function create(item: (typeof corpus)[number]): Promise<string> {
  const res = await fetch(`${stack.gatewayUrl}/api/v1/artifacts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      origin: stack.webUrl,
      'sec-fetch-site': 'same-origin',
    },
    body: JSON.stringify(createBody(item)),
  });
  const json = (await res.json()) as { artifact?: { id: string }; message?: string };
  if (res.status !== 201 || !json.artifact)
    throw new Error(`${item.id}: create ${res.status} ${json.message}`);
  return json.artifact.id;
}

let buildNote = 'built';

/**
 * Builds and starts the stack. The tree is shared with engineers changing the renderer: when
 * their work in progress does not compile, the corpus still runs on the last good dist/ (said in
 * the summary) rather than reporting nothing. CORPUS_BUILD=0 skips the build on purpose.
 */
async function startStackOrDist(): Promise<Stack> {
  if (process.env['CORPUS_BUILD'] === '0') {
    buildNote = 'skipped (CORPUS_BUILD=0): existing dist/';
    return startStack({ build: false });
  }
  try {
    return await startStack();
  } catch (err) {
    const first = (err as Error).message.split('\n').find((l) => /error TS|failed/.test(l)) ?? '';
    buildNote = `build failed, ran on existing dist/: ${first.trim().slice(0, 200)}`;
    console.warn(`corpus: ${buildNote}`);
    return startStack({ build: false });
  }
}

let stackSeconds = 0;

beforeAll(async () => {
  const started = Date.now();
  stack = await startStackOrDist();
  urls = { web: stack.webUrl, renderer: rendererOrigin(stack) };
  // No DNS but loopback: whatever the renderer lets through cannot reach the internet.
  browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, LOOPBACK_ONLY],
  });
  const created = await pool(corpus, 8, create);
  corpus.forEach((item, i) => ids.set(item.id, created[i]!));
  stackSeconds = Math.round((Date.now() - started) / 100) / 10;
}, 240_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await stack?.stop();
}, 30_000);

/**
 * The renderer's origin: startStack serves it on localhost (a different host than the app) and
 * its serviceUrl() answers for every process it started, typed for the services only.
 */
function rendererOrigin(s: Stack): string {
  return s.serviceUrl('usercontent' as Parameters<Stack['serviceUrl']>[0]).replace('127.0.0.1', 'localhost');
}

interface ItemResult {
  id: string;
  type: CorpusItem['type'];
  ok: boolean;
  /** null for a heavy item, checked as an embed only (see `modesOf`). */
  view: ModeResult | null;
  embed: ModeResult;
}

/**
 * The modes an item is checked in. A heavy item only as an embed: the view page frames the very
 * same renderer document (every other item checks that framing), and the pagoda's view alone
 * took 333 s beside three other pages, against 154 s as an embed.
 */
const modesOf = (item: CorpusItem): Mode[] => (item.heavy ? ['embed'] : ['view', 'embed']);

const modeResultsOf = (r: ItemResult) => (r.view ? [r.view, r.embed] : [r.embed]);

function summarise(results: ItemResult[], ms: number) {
  const passed = results.filter((r) => r.ok).length;
  const byCause: Partial<Record<`${Mode}:${Cause}`, string[]>> = {};
  for (const r of results)
    for (const m of modeResultsOf(r)) for (const c of m.causes) (byCause[`${m.mode}:${c}`] ??= []).push(r.id);
  // Items that pass although they throw as published (their expectPageErrors): named, not hidden.
  const passedWithOwnErrors = results
    .filter((r) => r.ok && modeResultsOf(r).some((m) => m.expectedPageErrors.length))
    .map((r) => r.id);
  return {
    build: buildNote,
    items: results.length,
    passed,
    passRate: Math.round((passed / results.length) * 1000) / 10,
    runtimeSeconds: Math.round(ms / 100) / 10,
    byCause,
    passedWithOwnErrors,
    embedOnly: results.filter((r) => !r.view).map((r) => r.id),
    results,
  };
}

describe('real-artifact corpus on the real stack', () => {
  it(`passes at ≥ ${PASS_RATE * 100} % (view page and embed)`, async () => {
    const started = Date.now();
    // Heavy items first: their long checks then run beside all the others instead of at the end
    // (longest first keeps the pool's tail short).
    const byCost = [...corpus.filter((item) => item.heavy), ...corpus.filter((item) => !item.heavy)];
    const jobs = byCost.flatMap((item) => modesOf(item).map((mode) => ({ item, mode })));
    // One context per worker, reused: each page is new, the SPA's files come from its cache.
    const contexts: BrowserContext[] = await Promise.all(
      Array.from({ length: PARALLEL_PAGES }, () =>
        browser.newContext({ viewport: { width: 1280, height: 900 } }),
      ),
    );
    const free = [...contexts];
    const check = async ({ item, mode }: (typeof jobs)[number], patience = patienceOf(item)) => {
      const context = free.pop()!;
      try {
        return await checkMode(context, urls, item, ids.get(item.id)!, mode, patience);
      } finally {
        free.push(context);
      }
    };
    const modeResults = await pool(jobs, PARALLEL_PAGES, check);
    // Only timing is worth a second look: an interaction or a first frame that did not come in
    // time while four pages shared two cores (a CI run lost three items so, beside the other test
    // lane). Those get one more try each, alone in the browser and with twice the ceilings (the
    // other lane still runs), reported as retried; errors, refusals and error screens never do.
    // Bounded: more than a few such failures means something is broken.
    const timingOnly = modeResults
      .map((result, i) => ({ result, i }))
      .filter(
        ({ result }) =>
          !result.ok && !result.errorScreen && result.causes.every((c) => TIMING_CAUSES.includes(c)),
      );
    if (timingOnly.length <= MAX_RETRIES)
      for (const { result, i } of timingOnly)
        modeResults[i] = {
          ...(await check(jobs[i]!, Math.max(RETRY_PATIENCE, patienceOf(jobs[i]!.item)))),
          retried: result.interaction ?? result.causes.join(', '),
        };
    await Promise.all(contexts.map((c) => c.close()));
    const resultOf = (item: CorpusItem, mode: Mode) => {
      const i = jobs.findIndex((job) => job.item === item && job.mode === mode);
      return i < 0 ? null : modeResults[i]!;
    };
    const results: ItemResult[] = corpus.map((item) => {
      const view = resultOf(item, 'view');
      const embed = resultOf(item, 'embed')!;
      return { id: item.id, type: item.type, ok: (view?.ok ?? true) && embed.ok, view, embed };
    });
    const summary = { stackSeconds, ...summarise(results, Date.now() - started) };
    const dir = join(workspaceRoot, '.local', 'bench');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'corpus.json'), JSON.stringify(summary, null, 2));
    console.log(`corpus: ${JSON.stringify({ ...summary, results: undefined })}`);
    const failing = results
      .filter((r) => !r.ok)
      .map((r) => {
        const why = modeResultsOf(r)
          .filter((m) => !m.ok)
          .map((m) => `${m.mode} [${m.causes.join(', ')}] ${explain(m)}`);
        return `${r.id}: ${why.join(' | ')}`;
      });
    // Why each failing item failed, also when the gate passes: CI keeps only the log.
    if (failing.length) console.log(`corpus failing:\n${failing.join('\n')}`);
    const retried = results.flatMap((r) =>
      modeResultsOf(r)
        .filter((m) => m.retried)
        .map((m) => `${r.id} ${m.mode}: ${m.retried}`),
    );
    if (retried.length) console.log(`corpus retried (first try failed):\n${retried.join('\n')}`);
    if (summary.passRate < PASS_RATE * 100)
      throw new Error(
        `corpus pass rate ${summary.passRate} % < ${PASS_RATE * 100} %:\n${failing.join('\n')}`,
      );
    // A ceiling for a loaded CI machine, not a delay: about 6 min here, 9.7 min in a CI run
    // (before the retries alone, which add up to a minute each).
  }, 1_200_000);
});

function explain(m: ModeResult): string {
  return [
    m.errorScreen && `screen="${m.errorScreen.replace(/\s+/g, ' ').slice(0, 120)}"`,
    m.pageErrors.length && `errors=${JSON.stringify(m.pageErrors.slice(0, 2))}`,
    m.blocked.length &&
      `blocked=${JSON.stringify(m.blocked.slice(0, 3))}${m.blocked.length > 3 ? `+${m.blocked.length - 3}` : ''}`,
    m.causes.includes('height') && `height=${m.height}`,
    m.interaction && `interaction="${m.interaction.slice(0, 160)}"`,
  ]
    .filter(Boolean)
    .join(' ');
}
