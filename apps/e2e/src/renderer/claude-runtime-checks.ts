/**
 * The Claude-runtime checks of one item: data an artifact writes with `window.storage` survives a
 * reload (view page as a signed-in viewer, embed as an anonymous one), personal data stays its
 * writer's, shared data reaches every viewer, and AI calls are answered (or, where AI is off, the
 * frame says so instead of going blank). Works on a FrameLocator (view page) or a Page (embed).
 */
import { type BrowserContext, type FrameLocator, type Page } from 'playwright-core';
import { type Urls } from './corpus-checks';
import { ceilings, runInteraction } from './corpus-interaction';
import { type Marks, type RuntimeItem, fill, withMarks } from './claude-runtime-items';

export type Mode = 'view' | 'embed';
type Root = Page | FrameLocator;

const OPEN_TIMEOUT_MS = 30_000;
/** A value the page shows after load: an artifact reads its storage asynchronously on start. */
const SHOW_TIMEOUT_MS = 15_000;
/**
 * How long a page is given to show data it should NOT show (another viewer's personal data):
 * after its own first read has had time to land. A bound on a negative, not a delay to tune.
 */
const ABSENT_SETTLE_MS = 2_500;
/** An anonymous viewer's personal data is kept in the browser (no request to wait for). */
const LOCAL_SAVE_SETTLE_MS = 1_500;
const SAVE_TIMEOUT_MS = 15_000;
export const AI_NOTICE = '[data-cv-ai-notice]';
export const AI_NOTICE_TEXT = 'AI calls are off here';

export interface CheckResult {
  item: string;
  check: string;
  ok: boolean;
  ms: number;
  why?: string;
}

/** The view page (the SPA framing the renderer) or the embed; resolves once the artifact shows. */
export async function open(page: Page, urls: Urls, id: string, mode: Mode): Promise<Root> {
  if (mode === 'embed') {
    const res = await page.goto(`${urls.renderer}/embed/${id}`, {
      waitUntil: 'load',
      timeout: OPEN_TIMEOUT_MS,
    });
    if (!res || res.status() >= 400) throw new Error(`embed answered ${res?.status()}`);
    return page;
  }
  await page.goto(`${urls.web}/view/${id}`, { waitUntil: 'domcontentloaded', timeout: OPEN_TIMEOUT_MS });
  const frame = page.locator('.cv-artifact-frame:not([data-status="loading"])');
  await frame.waitFor({ timeout: OPEN_TIMEOUT_MS });
  const status = await frame.getAttribute('data-status');
  if (status !== 'rendered') throw new Error(`view frame is ${status}`);
  return page.frameLocator('.cv-artifact-frame iframe');
}

/** What the persisted element shows now: an input's value or the element's text. */
async function shown(root: Root, persisted: NonNullable<RuntimeItem['persisted']>): Promise<string> {
  const target = root.locator(persisted.selector).first();
  return persisted.value !== undefined
    ? target.inputValue({ timeout: 2_000 })
    : target.innerText({ timeout: 2_000 });
}

const matches = (now: string, persisted: NonNullable<RuntimeItem['persisted']>, marks: Marks) =>
  persisted.value !== undefined
    ? now === fill(persisted.value, marks)
    : now.includes(fill(persisted.text ?? '', marks));

/** Polls until the page shows what `marks` wrote; null when it does, else what it showed. */
export async function showsWritten(root: Root, item: RuntimeItem, marks: Marks): Promise<string | null> {
  const persisted = item.persisted!;
  const deadline = Date.now() + SHOW_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    last = await shown(root, persisted).catch(() => last);
    if (matches(last, persisted, marks)) return null;
    await new Promise((r) => setTimeout(r, 200));
  }
  return `${persisted.selector} shows "${last.slice(0, 120)}", not what was written`;
}

/** Null when, once loaded, the page does not show what `marks` wrote (someone else's data). */
export async function showsNotWritten(root: Root, item: RuntimeItem, marks: Marks): Promise<string | null> {
  const persisted = item.persisted!;
  await root.locator(persisted.selector).first().waitFor({ state: 'visible', timeout: SHOW_TIMEOUT_MS });
  const deadline = Date.now() + ABSENT_SETTLE_MS;
  while (Date.now() < deadline) {
    const now = await shown(root, persisted).catch(() => '');
    if (matches(now, persisted, marks)) return `${persisted.selector} shows another viewer's personal data`;
    await new Promise((r) => setTimeout(r, 200));
  }
  return null;
}

/**
 * Runs the item's write and waits until it is kept: the storage PUT answered (server-kept data:
 * a signed-in viewer's, or shared data), or a short settle for an anonymous viewer's personal
 * data, which the runtime keeps in the browser on the artifact's origin.
 */
export async function write(page: Page, root: Root, item: RuntimeItem, marks: Marks, serverKept: boolean) {
  const saved = serverKept
    ? page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/storage/'), {
        timeout: SAVE_TIMEOUT_MS,
      })
    : null;
  saved?.catch(() => undefined);
  const failed = await runInteraction(page, root, withMarks(item.interaction!, marks), ceilings());
  if (failed) return `write: ${failed}`;
  if (!saved) {
    await new Promise((r) => setTimeout(r, LOCAL_SAVE_SETTLE_MS));
    return null;
  }
  const res = await saved.catch(() => null);
  if (!res) return 'write: no storage PUT answered within 15 s';
  return res.status() < 300
    ? null
    : `write: storage PUT answered ${res.status()} ${await res.text().catch(() => '')}`;
}

/** Runs `task` on a new page of `context`, timing it and turning a throw into a failed check. */
export async function checked(
  context: BrowserContext,
  item: string,
  check: string,
  task: (page: Page) => Promise<string | null>,
): Promise<CheckResult> {
  const started = Date.now();
  const page = await context.newPage();
  page.on('dialog', (d) => void d.dismiss().catch(() => undefined));
  try {
    const why = await task(page);
    return { item, check, ok: !why, ms: Date.now() - started, ...(why ? { why } : {}) };
  } catch (err) {
    return { item, check, ok: false, ms: Date.now() - started, why: (err as Error).message.split('\n')[0] };
  } finally {
    await page.close().catch(() => undefined);
  }
}

/** Triggers the item's AI action; null when the page then shows the fake model's answer. */
export async function aiAnswered(page: Page, root: Root, item: RuntimeItem): Promise<string | null> {
  const ai = item.ai!;
  const failed = await runInteraction(
    page,
    root,
    { ...ai, expect: { ...ai.expect, change: 'text' } },
    ceilings(),
  );
  if (failed) return `ai: ${failed}`;
  const target = root.locator(ai.expect.selector).first();
  const deadline = Date.now() + SHOW_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    last = await target.innerText({ timeout: 2_000 }).catch(() => last);
    if (last.includes(ai.shows)) return null;
    await new Promise((r) => setTimeout(r, 200));
  }
  return `ai: ${ai.expect.selector} shows "${last.slice(0, 160)}", not the model's answer`;
}

/** Where AI is off: the action runs and the frame shows the runtime's notice, not a blank page. */
export async function aiNoticeShown(page: Page, root: Root, item: RuntimeItem): Promise<string | null> {
  const ai = item.ai!;
  for (const step of [...(ai.before ?? []), { action: ai.action, selector: ai.selector, value: ai.value }]) {
    if (step.action === 'none-animated' || step.action === 'none-static') continue;
    const target = root.locator(step.selector).first();
    if (step.action === 'fill') await target.fill(step.value ?? '', { timeout: SHOW_TIMEOUT_MS });
    else if (step.action === 'press') await target.press(step.value ?? 'Enter', { timeout: SHOW_TIMEOUT_MS });
    else if (step.action === 'select')
      await target.selectOption(step.value ?? '', { timeout: SHOW_TIMEOUT_MS });
    else await target.click({ timeout: SHOW_TIMEOUT_MS });
  }
  const notice = root.locator(AI_NOTICE).first();
  const visible = await notice
    .waitFor({ state: 'visible', timeout: SHOW_TIMEOUT_MS })
    .then(() => true)
    .catch(() => false);
  if (!visible) {
    const body = await root
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '');
    return `no ${AI_NOTICE} after the AI action (page shows: "${body.replace(/\s+/g, ' ').slice(0, 160)}")`;
  }
  const text = await notice.innerText();
  return text.includes(AI_NOTICE_TEXT) ? null : `${AI_NOTICE} says "${text.slice(0, 160)}"`;
}
