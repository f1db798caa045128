/// <reference types="chrome" />
/**
 * The extension driven as a user drives it: the options page (key, page-address setting), the
 * popup (found items, Save all, Send to vault) and the context-menu path through the service
 * worker's debug surface (`globalThis.coreVault.onContextMenuClick`, what the menu listener calls).
 */
import { type Page } from 'playwright-core';
import { waitFor } from '@core-vault/platform/testing';
import { ui } from '../../support/ui';
import { type ExtensionBrowser, openPopup } from './harness';

/** One found item as the popup lists it, with its Open link once saved. */
export interface PopupRow {
  key: string;
  title: string;
  type: string;
  kind: string;
  /** The vault's /view/{id} address, after a save. */
  openUrl: string | null;
}

/** What the menu click answered (background/index.ts ContextMenuOutcome). */
export interface MenuOutcome {
  found: number;
  results: {
    key: string;
    status: 'saved' | 'queued' | 'failed';
    id?: string;
    title?: string;
    reason?: string;
  }[];
  handedOff: number;
  error?: string;
}

declare global {
  // The service worker's debug surface (apps/extension/src/background/index.ts).
  var coreVault:
    | {
        onContextMenuClick(
          info: Pick<chrome.contextMenus.OnClickData, 'menuItemId' | 'selectionText'>,
          tab: chrome.tabs.Tab,
        ): Promise<MenuOutcome>;
      }
    | undefined;
}

/** Opens the options page; resolves once it shows the connection state. */
async function options(ext: ExtensionBrowser): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(ext.url('options.html'));
  await ui.contains(page.locator('#connection'), 'onnect');
  return page;
}

/** Pastes a key in the options page; the page confirms whose it is. */
export async function storeKey(ext: ExtensionBrowser, token: string, email: string): Promise<void> {
  const page = await options(ext);
  await page.getByLabel('Key', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Verify and save' }).click();
  await ui.text(page.locator('#key-result'), `Saved. This key belongs to ${email}.`);
  await ui.text(page.locator('#connection'), `Connected as ${email}.`);
  await page.close();
}

/** Forgets the stored key (if any) in the options page: the extension is signed out. */
export async function forgetKey(ext: ExtensionBrowser): Promise<void> {
  const page = await options(ext);
  const forget = page.getByRole('button', { name: 'Forget this key' });
  if (await forget.isVisible()) await forget.click();
  await ui.contains(page.locator('#connection'), 'Not connected');
  await page.close();
}

/** Sets "Include the page address in saved artifacts"; resolves once the extension stored it. */
export async function includePageAddress(ext: ExtensionBrowser, on: boolean): Promise<void> {
  const page = await options(ext);
  await page.getByLabel('Include the page address in saved artifacts').setChecked(on);
  await waitFor(
    async () =>
      (await ext.worker()).evaluate(
        async () => (await chrome.storage.local.get('includePageUrl'))['includePageUrl'],
      ),
    (stored) => (stored === true) === on,
    { timeoutMs: 10_000, intervalMs: 50, what: `includePageUrl ${String(on)}` },
  );
  await page.close();
}

/** The popup of a tab once it has scanned the page: its rows. */
export async function popupFor(
  ext: ExtensionBrowser,
  tabId: number,
): Promise<{ popup: Page; rows: PopupRow[] }> {
  const popup = await openPopup(ext, tabId);
  await ui.visible(popup.locator('#found'));
  return { popup, rows: await popupRows(popup) };
}

export function popupRows(popup: Page): Promise<PopupRow[]> {
  return popup.locator('li.cv-item').evaluateAll((items) =>
    items.map((li) => ({
      key: li.getAttribute('data-key') ?? '',
      title: li.querySelector('.cv-item-title')?.textContent ?? '',
      type: li.querySelector('.cv-badge:not(.cv-badge-kind)')?.textContent ?? '',
      kind: li.querySelector('.cv-badge-kind')?.textContent ?? '',
      openUrl: li.querySelector('a.cv-btn')?.getAttribute('href') ?? null,
    })),
  );
}

/** Clicks "Save all (N)" and waits for "N artifacts saved."; the rows with their Open links. */
export async function saveAll(popup: Page, count: number): Promise<PopupRow[]> {
  await popup.getByRole('button', { name: `Save all (${count})` }).click();
  await ui.text(popup.locator('#notice'), `${count} ${count === 1 ? 'artifact' : 'artifacts'} saved.`);
  return popupRows(popup);
}

/** The context-menu path: what a click on a menu entry does for the tab. */
export async function menuClick(
  ext: ExtensionBrowser,
  tabId: number,
  info: { menuItemId: 'cv-save' | 'cv-save-all'; selectionText?: string },
): Promise<MenuOutcome> {
  const worker = await ext.worker();
  return worker.evaluate(
    async ({ id, click }) => {
      const surface = globalThis.coreVault;
      if (!surface) throw new Error('the service worker exposes no coreVault debug surface');
      return surface.onContextMenuClick(click, await chrome.tabs.get(id));
    },
    { id: tabId, click: info },
  );
}

/** The id in a vault /view/{id} address. */
export const idOfView = (url: string | null): string =>
  decodeURIComponent(/\/view\/([^/?#]+)/.exec(url ?? '')?.[1] ?? '');

/** How many items wait in the extension's queue (chrome.storage.local). */
export async function queued(suite: { ext: ExtensionBrowser }): Promise<number> {
  const worker = await suite.ext.worker();
  return worker.evaluate(async () => {
    const { queue } = await chrome.storage.local.get('queue');
    return Array.isArray(queue) ? queue.length : 0;
  });
}
