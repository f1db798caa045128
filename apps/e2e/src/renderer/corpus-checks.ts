/**
 * Opens one corpus item in one mode (the public view page, which frames the renderer, or the
 * renderer's embed) and records what a person would notice: an error screen, uncaught errors,
 * refused or failed requests, a frame of no (or absurd) height, and whether the item's
 * interaction visibly changed the page. Each failure is named by its cause.
 */
import { type BrowserContext, type FrameLocator, type Page, type Request } from 'playwright-core';
import { FRAME_HEIGHT } from '@core-vault/contracts';
import { ceilings, runInteraction } from './corpus-interaction';
import { type CorpusItem } from './corpus-items';

export type Mode = 'view' | 'embed';

/** Causes, in the order a reader should look at them. */
export type Cause = 'error-screen' | 'not-rendered' | 'page-error' | 'blocked' | 'height' | 'interaction';

export interface ModeResult {
  mode: Mode;
  ok: boolean;
  causes: Cause[];
  errorScreen?: string;
  pageErrors: string[];
  /** Errors the artifact throws as published (its expectPageErrors): reported, not failures. */
  expectedPageErrors: string[];
  /** Requests that failed or were refused, not listed in the item's expectBlocked. */
  blocked: string[];
  /** Those the corpus expects to fail (remote tiles, web fonts): reported, not failures. */
  expectedBlocked: string[];
  height?: number;
  interaction?: string | null;
  /** Set when a timing failure (interaction, first frame) was tried again alone: the first one. */
  retried?: string | null;
  ms: number;
}

export interface Urls {
  web: string;
  renderer: string;
}

/**
 * The longest wait for a document to load and report: a ceiling, not a delay. Heavy WebGL scenes
 * build thousands of meshes before `load` and draw in software here (no GPU, 2 shared cores).
 */
const RENDER_TIMEOUT_MS = 30_000;
const CSP_REFUSAL = /Refused to (?:load|connect to|frame|execute|apply|create a worker from)[^']*'([^']+)'/;

/**
 * Uncaught errors, refused (CSP) and failed requests of a page and all its frames. On the view
 * page the app's own requests (its session refresh, superseded loads it aborts) are not the
 * artifact's: only requests of the artifact frame count there.
 */
function track(page: Page, mode: Mode) {
  const artifacts = (r: Request) => mode === 'embed' || r.frame() !== page.mainFrame();
  const pageErrors: string[] = [];
  const failed = new Set<string>();
  page.on('pageerror', (e) => pageErrors.push(e.message.split('\n')[0]!.slice(0, 300)));
  page.on('console', (m) => {
    const refused = m.type() === 'error' ? CSP_REFUSAL.exec(m.text()) : null;
    if (refused) failed.add(`csp ${refused[1]}`);
    else if (m.type() === 'error' && /Content Security Policy/.test(m.text()))
      failed.add(`csp ${m.text().slice(0, 160)}`);
  });
  page.on('requestfailed', (r) => {
    if (!artifacts(r)) return;
    const why = r.failure()?.errorText ?? 'failed';
    // A navigation away or an aborted prefetch is not a blocked resource.
    if (why !== 'net::ERR_ABORTED' || r.resourceType() !== 'document') failed.add(`${why} ${r.url()}`);
  });
  page.on('response', (r) => {
    if (!artifacts(r.request())) return;
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) failed.add(`HTTP ${r.status()} ${r.url()}`);
  });
  return { pageErrors, failed };
}

/** Splits failed requests into unexpected ones and those the corpus lists. */
function classify(failed: Iterable<string>, expected: string[] = []) {
  const blocked: string[] = [];
  const expectedBlocked: string[] = [];
  for (const f of failed) (expected.some((s) => f.includes(s)) ? expectedBlocked : blocked).push(f);
  return { blocked, expectedBlocked };
}

/** The view page: the SPA frames the renderer; wait for the frame's rendered/error state. */
async function openView(page: Page, urls: Urls, id: string, renderTimeoutMs: number) {
  await page.goto(`${urls.web}/view/${id}`, { waitUntil: 'domcontentloaded' });
  const frameBox = page.locator('.cv-artifact-frame');
  // Settled: the frame left 'loading' (rendered or error), or the SPA shows a state without a frame.
  const settled = await page
    .waitForFunction(
      () => {
        const frame = document.querySelector('.cv-artifact-frame');
        if (frame) return frame.getAttribute('data-status') !== 'loading';
        return !!document.querySelector('h1') && !document.querySelector('[aria-label="Loading artifact"]');
      },
      undefined,
      { timeout: renderTimeoutMs, polling: 100 },
    )
    .then(() => true)
    .catch(() => false);
  if (!settled || (await frameBox.count()) === 0) {
    const h1 = page.locator('h1').first();
    const spaError = (await frameBox.count()) === 0 && (await h1.count()) ? await h1.innerText() : undefined;
    return { root: null, status: 'loading', spaError };
  }
  const root: FrameLocator = page.frameLocator('.cv-artifact-frame iframe');
  const status = (await frameBox.getAttribute('data-status')) ?? 'unknown';
  const box = await page.locator('.cv-artifact-frame iframe').boundingBox();
  return { root, status, height: box?.height ?? 0 };
}

/** The embed: the renderer's own page; wait until something other than the brand link shows. */
async function openEmbed(page: Page, urls: Urls, id: string, renderTimeoutMs: number) {
  const res = await page.goto(`${urls.renderer}/embed/${id}`, {
    waitUntil: 'load',
    timeout: renderTimeoutMs,
  });
  const shown = await page
    .waitForFunction(
      () =>
        Array.from(document.body.querySelectorAll('*')).some((el) => {
          if (el.closest('.cv-brand') || ['SCRIPT', 'STYLE', 'LINK', 'META'].includes(el.tagName))
            return false;
          const r = el.getBoundingClientRect();
          const media = ['CANVAS', 'SVG', 'svg', 'IMG'].includes(el.tagName);
          return r.width > 0 && r.height > 0 && (media || (el as HTMLElement).innerText?.trim().length > 0);
        }),
      undefined,
      { timeout: renderTimeoutMs, polling: 200 },
    )
    .then(() => true)
    .catch(() => false);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  return {
    root: page,
    status: res && res.status() < 400 && shown ? 'rendered' : `embed ${res?.status()}`,
    height,
  };
}

/** A small phone's window: a quarter of the 1280×900 pixels, where a software frame is cheap. */
const HEAVY_VIEWPORT = { width: 480, height: 640 };

/**
 * One item in one mode, in a context of its own worker (kept: the SPA's files stay cached).
 * `patience` scales every ceiling (a check tried again alone after a timing failure).
 */
export async function checkMode(
  context: BrowserContext,
  urls: Urls,
  item: CorpusItem,
  id: string,
  mode: Mode,
  patience = 1,
) {
  const started = Date.now();
  const page = await context.newPage();
  // A heavy item (a WebGL scene drawn in software here) in a phone-sized window: its frames cost
  // by the pixel, and the checks (first frame, a drag that changes pixels) are the same.
  if (item.heavy) await page.setViewportSize(HEAVY_VIEWPORT);
  page.on('dialog', (d) => void d.dismiss().catch(() => undefined));
  const seen = track(page, mode);
  const result: ModeResult = {
    mode,
    ok: false,
    causes: [],
    pageErrors: [],
    expectedPageErrors: [],
    blocked: [],
    expectedBlocked: [],
    ms: 0,
  };
  try {
    const open = mode === 'view' ? openView : openEmbed;
    const opened = await open(page, urls, id, RENDER_TIMEOUT_MS * patience);
    result.height = 'height' in opened ? opened.height : undefined;
    if (opened.root) {
      const screen = opened.root.locator('.cv-error');
      if (await screen.count()) result.errorScreen = (await screen.first().innerText()).slice(0, 300);
      if (!result.errorScreen)
        result.interaction = await runInteraction(page, opened.root, item.interaction, ceilings(patience));
    } else if ('spaError' in opened && opened.spaError) result.errorScreen = `app: ${opened.spaError}`;
    if (result.errorScreen) result.causes.push('error-screen');
    else if (opened.status !== 'rendered') result.causes.push('not-rendered');
    if (opened.status === 'error' && !result.errorScreen) result.errorScreen = 'frame reported error';
  } catch (err) {
    result.causes.push('not-rendered');
    result.interaction = `open failed: ${(err as Error).message.split('\n')[0]}`;
  } finally {
    const expectedError = (e: string) => (item.expectPageErrors ?? []).some((s) => e.includes(s));
    result.pageErrors = seen.pageErrors.filter((e) => !expectedError(e));
    result.expectedPageErrors = seen.pageErrors.filter(expectedError);
    Object.assign(result, classify(seen.failed, item.expectBlocked));
    await page.close().catch(() => undefined);
  }
  if (result.pageErrors.length) result.causes.push('page-error');
  if (result.blocked.length) result.causes.push('blocked');
  const h = result.height ?? 0;
  if (!result.causes.includes('not-rendered') && (h <= 50 || h >= FRAME_HEIGHT.max))
    result.causes.push('height');
  if (result.interaction) result.causes.push('interaction');
  result.ok = result.causes.length === 0;
  result.ms = Date.now() - started;
  return result;
}
