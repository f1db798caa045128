import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { workspaceRoot } from '@core-vault/platform/testing';

/** The system Chromium the suites drive (the project installs it; CHROMIUM_PATH overrides). */
export const CHROMIUM_EXECUTABLE = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Flags every suite's Chromium runs with: no sandbox or GPU in CI, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Headless Chromium as the brief asks: system binary, a fresh profile per launch. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: ['--headless=new', ...CHROMIUM_ARGS] });
}

/** A context that may use the clipboard on the app's origin and accepts file downloads. */
export async function appContext(browser: Browser, webUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webUrl });
  return context;
}

/** Every alert/confirm/prompt the page raises: recorded, then accepted. */
export function recordDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (d) => {
    messages.push(d.message());
    void d.accept();
  });
  return messages;
}

const shotsDir = join(workspaceRoot, '.local', 'screenshots');

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

/**
 * Waits until the page's artifact frame has its height: it holds the window's height until the
 * artifact reports its own, and everything below it (the reuse bar, links) moves then. A click
 * before that lands where the button was.
 */
export async function frameMeasured(page: Page, timeout = 30_000): Promise<void> {
  await page.locator('.cv-artifact-frame[data-measured="true"]').waitFor({ timeout });
}
