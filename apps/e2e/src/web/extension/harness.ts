/// <reference types="chrome" />
/**
 * The built browser extension in headless Chromium: built for one stack's web origin (the vault),
 * loaded into ONE persistent context (extensions need a persistent profile), with a browser CDP
 * session for what Playwright has no API for (the toolbar action).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { type BrowserContext, type CDPSession, type Page, type Worker, chromium } from 'playwright-core';
import { waitFor, workspaceRoot } from '@core-vault/platform/testing';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../support/browser';

/** Builds the extension with `vaultOrigin` as its vault; the loadable Chromium folder. */
export function buildExtension(vaultOrigin: string, outDir: string): string {
  const script = join(workspaceRoot, 'apps/extension/scripts/build.mjs');
  const result = spawnSync(process.execPath, [script, '--vault-origin', vaultOrigin, '--out', outDir], {
    cwd: workspaceRoot,
    stdio: 'pipe',
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`extension build failed:\n${result.stdout}\n${result.stderr}`.slice(-4000));
  return join(outDir, 'chromium');
}

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  /** A browser-level CDP session (Target.*, Extensions.*). */
  cdp: CDPSession;
  /** The extension's service worker, woken first if Chromium stopped it. */
  worker(): Promise<Worker>;
  /** chrome-extension://<id>/<path> */
  url(path: string): string;
  close(): Promise<void>;
}

/** A fresh profile with only the extension at `dir` loaded. */
export async function launchWithExtension(dir: string): Promise<ExtensionBrowser> {
  const context = await chromium.launchPersistentContext('', {
    executablePath: CHROMIUM_EXECUTABLE,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: [
      `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
      // Lets the CDP Extensions domain press the toolbar action (it grants activeTab).
      '--enable-unsafe-extension-debugging',
      ...CHROMIUM_ARGS,
    ],
  });
  try {
    const isOurs = (w: Worker) => w.url().startsWith('chrome-extension://');
    const first =
      context.serviceWorkers().find(isOurs) ??
      (await context.waitForEvent('serviceworker', { predicate: isOurs, timeout: 30_000 }));
    const extensionId = new URL(first.url()).host;
    const browser = context.browser();
    if (!browser) throw new Error('the persistent context has no browser to open a CDP session on');
    const cdp = await browser.newBrowserCDPSession();
    const url = (path: string) => `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`;
    const worker = async (): Promise<Worker> => {
      const live = context.serviceWorkers().find((w) => w.url().startsWith(url('')));
      if (live) return live;
      // Stopped after idling: any extension page wakes it (the options page reads storage).
      const waking = context.waitForEvent('serviceworker', {
        predicate: (w) => w.url().startsWith(url('')),
        timeout: 30_000,
      });
      const page = await context.newPage();
      await page.goto(url('options.html'));
      const woken = await waking;
      await page.close();
      return woken;
    };
    return { context, extensionId, cdp, worker, url, close: () => context.close() };
  } catch (err) {
    await context.close();
    throw err;
  }
}

/** Chromium's tab target for a page (matched by its unique URL). */
async function tabTargetOf(ext: ExtensionBrowser, page: Page): Promise<string> {
  const { targetInfos } = await ext.cdp.send('Target.getTargets', { filter: [{ type: 'tab' }, {}] });
  const tabs = targetInfos.filter((t) => t.type === 'tab' && t.url === page.url());
  if (tabs.length !== 1) throw new Error(`${tabs.length} tab targets at ${page.url()} (URLs must be unique)`);
  return tabs[0]?.targetId ?? '';
}

/**
 * Presses the extension's toolbar button on `page`, as a user would: Chromium grants activeTab
 * for the page (what lets the extension script a page outside its host permissions) and opens
 * the popup in a window Playwright does not list.
 */
export async function triggerAction(ext: ExtensionBrowser, page: Page): Promise<void> {
  await page.bringToFront();
  await ext.cdp.send('Extensions.triggerAction', {
    id: ext.extensionId,
    targetId: await tabTargetOf(ext, page),
  });
}

/**
 * The chrome.tabs id of `page`, asked of the extension: it sees the URL of a tab on its hosts,
 * or of a tab it was granted activeTab on (so press the action first on any other page).
 */
export async function tabIdOf(ext: ExtensionBrowser, page: Page): Promise<number> {
  const address = page.url();
  return waitFor(
    async () => {
      const worker = await ext.worker();
      return worker.evaluate(
        async (u) => (await chrome.tabs.query({})).filter((t) => t.url === u).map((t) => t.id ?? -1),
        address,
      );
    },
    (ids) => ids.length === 1,
    { timeoutMs: 10_000, intervalMs: 100, what: `one extension-visible tab at ${address}` },
  ).then((ids) => ids[0] ?? -1);
}

/** The popup for a tab, opened as a page of its own (popup.html?tab=<id>). */
export async function openPopup(ext: ExtensionBrowser, tabId: number): Promise<Page> {
  const popup = await ext.context.newPage();
  await popup.goto(ext.url(`popup.html?tab=${tabId}`));
  return popup;
}
