import { type BrowserContext, type FrameLocator, type Page } from 'playwright-core';
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

export const artifactFrame = (page: Page): FrameLocator => page.frameLocator('.cv-artifact-frame iframe');

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
