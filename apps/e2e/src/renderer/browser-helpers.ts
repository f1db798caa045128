import { type BrowserContext, type FrameLocator, type Locator, type Page } from 'playwright-core';
import { labelOfOrigin } from '@core-vault/contracts';
import { type RendererStack } from './stack';

/** Console errors and uncaught exceptions from a page and all of its frames. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text()))
      errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  // Name the resource behind a 'Failed to load resource' (the browser's own favicon probe aside).
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return errors;
}

/** Counts the pointerdowns a document received (capture phase of its window: before any of its own listeners). */
type CountingWindow = Window & { __cvPointerdowns?: { n: number } };

/** Clicks an artifact frame gets sent again when it never saw the first (see clickDelivered). */
const CLICK_DELIVERY_ATTEMPTS = 3;

/**
 * A click that is known to have reached the document of its target. The view page frames the
 * renderer cross-site, so the frame is out of process, and Chromium routes a mouse event to it by
 * its compositor's hit-test data. Under both test lanes on 2 cores, clicks into such frames were
 * lost (a React button that never changed state in 30 s; corpus clicks with no effect on first
 * try and retry alike) while the same artifacts as top-level embeds never missed one: most likely
 * hit-test data that did not have the frame's new content yet, so the click ended on the app's
 * <iframe> element (not reproduced on demand). A listener counts pointerdowns in the target's
 * window; a click it did not count is sent again. A click the document received and the artifact
 * ignored is never repeated: that stays the artifact's failure.
 */
export async function clickDelivered(target: Locator, options: { timeout?: number } = {}): Promise<void> {
  // A handle, not the locator: a click may change what the locator finds (a counter's label).
  const handle = await target.elementHandle(options);
  if (!handle) throw new Error('nothing to click');
  try {
    for (let attempt = 1; ; attempt++) {
      await handle.evaluate((el) => {
        const win = el.ownerDocument.defaultView as CountingWindow | null;
        if (!win) return;
        if (win.__cvPointerdowns) win.__cvPointerdowns.n = 0;
        else {
          const counter = { n: 0 };
          win.__cvPointerdowns = counter;
          win.addEventListener('pointerdown', () => counter.n++, { capture: true });
        }
      });
      await handle.click(options);
      // A document the click navigated away or tore down did get it.
      const received = await handle
        .evaluate(
          (el) => ((el.ownerDocument.defaultView as CountingWindow | null)?.__cvPointerdowns?.n ?? 1) > 0,
        )
        .catch(() => true);
      if (received || attempt >= CLICK_DELIVERY_ATTEMPTS) return;
    }
  } finally {
    await handle.dispose().catch(() => undefined);
  }
}

export const artifactFrame = (page: Page): FrameLocator => page.frameLocator('.cv-artifact-frame iframe');

/** True for a URL on the renderer's own origin or on an artifact's origin under it. */
export function onRenderer(rendererOrigin: string, url: string): boolean {
  try {
    const origin = new URL(url).origin;
    return origin === rendererOrigin || labelOfOrigin(rendererOrigin, origin) !== null;
  } catch {
    return false;
  }
}

/** Opens /view/{id} and waits until the frame reported the artifact rendered (or an error). */
export async function openView(
  stack: RendererStack,
  page: Page,
  id: string,
  query = '',
): Promise<FrameLocator> {
  await page.goto(`${stack.appOrigin}/view/${id}${query}`);
  await page.locator('.cv-artifact-frame:not([data-status="loading"])').waitFor({ timeout: 15_000 });
  return artifactFrame(page);
}

export async function frameStatus(page: Page): Promise<string | null> {
  return page.locator('.cv-artifact-frame').getAttribute('data-status');
}

/** Every URL the context requested (all pages, frames and popups). */
export function recordRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (r) => urls.push(r.url()));
  return urls;
}

export { getOnLoopback } from '../support/loopback';
