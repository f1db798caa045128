// The service worker (Chromium) / background script (Firefox): context menus, the messages of the
// popup, options and connect bridge, uploads, the queue and the hand-off. Nothing is kept in
// memory between events: the key, settings and queue live in chrome.storage.local.
import { captureFromTab, type CaptureMode } from '../capture';
import { type SaveResult } from '../shared/artifact';
import { EXTENSION_VERSION, VAULT_ORIGIN } from '../shared/config';
import { toSaveItem } from '../shared/drafts';
import {
  externalSenderAllowed,
  parseBackgroundRequest,
  parseExternalRequest,
  senderAllowed,
} from '../shared/messages';
import { readState } from '../shared/settings';
import { showBadge } from './badge';
import { handle, handOff, save } from './service';

export const MENU_SAVE = 'cv-save';
export const MENU_SAVE_ALL = 'cv-save-all';

export interface ContextMenuOutcome {
  found: number;
  results: SaveResult[];
  /** Items handed to the vault tab (signed out, or kept after a failure). */
  handedOff: number;
  error?: string;
}

/**
 * What a click on one of the two menu entries does (also the debug surface, see below):
 * capture from the tab, save with the key, or hand everything to the vault tab when signed out.
 */
async function onContextMenuClick(
  info: Pick<chrome.contextMenus.OnClickData, 'menuItemId' | 'selectionText' | 'frameId'>,
  tab?: Pick<chrome.tabs.Tab, 'id'>,
): Promise<ContextMenuOutcome> {
  const tabId = tab?.id;
  if (tabId === undefined || tabId < 0)
    return { found: 0, results: [], handedOff: 0, error: 'No tab to save from.' };
  const mode: CaptureMode =
    info.menuItemId === MENU_SAVE_ALL
      ? { kind: 'all' }
      : { kind: 'context', selectionText: info.selectionText, frameId: info.frameId };
  try {
    const { includePageUrl, token } = await readState(['includePageUrl', 'token']);
    const drafts = await captureFromTab(tabId, mode, { includePageUrl: includePageUrl === true });
    const items = drafts.map(toSaveItem);
    const results = items.length ? await save(VAULT_ORIGIN, items) : [];
    // Signed out: the vault tab takes them at once (the user asked to save; there is no popup to ask).
    const reply = !token && items.length ? await handOff(VAULT_ORIGIN, []) : null;
    const handedOff = reply?.ok ? reply.sent : 0;
    await showBadge(tabId, results, handedOff);
    return {
      found: drafts.length,
      results,
      handedOff,
      ...(reply && !reply.ok ? { error: reply.error } : {}),
    };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await chrome.action.setBadgeText({ text: '!', tabId });
    await chrome.action.setTitle({ title: `Core Vault: ${error}`, tabId });
    return { found: 0, results: [], handedOff: 0, error };
  }
}

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.removeAll(() => {
    chrome.contextMenus.create({
      id: MENU_SAVE,
      title: 'Save to Core Vault',
      contexts: ['page', 'selection', 'frame'],
    });
    chrome.contextMenus.create({
      id: MENU_SAVE_ALL,
      title: 'Save all artifacts on this page',
      contexts: ['page', 'selection', 'frame'],
    });
  });
});

chrome.contextMenus.onClicked.addListener((info, tab) => {
  void onContextMenuClick(info, tab);
});

chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  const request = parseBackgroundRequest(message);
  const ctx = {
    extensionId: chrome.runtime.id,
    extensionBaseUrl: chrome.runtime.getURL(''),
    vaultOrigin: VAULT_ORIGIN,
  };
  if (!request || !senderAllowed(request, sender, ctx)) {
    sendResponse({ ok: false, error: 'Refused: not a request this extension takes from there.' });
    return false;
  }
  handle(VAULT_ORIGIN, request).then(sendResponse, (err: unknown) =>
    sendResponse({ ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
  return true; // answered asynchronously
});

// The vault's connect page, Chromium (externally_connectable lists the vault's exact origin): the
// page asks whether this extension is here, then sends the key it created straight here — never
// through the page's window. Only from a tab at <vault>/extension/connect; the key is checked with
// GET /api/v1/me and kept in chrome.storage.local.
chrome.runtime.onMessageExternal.addListener((message: unknown, sender, sendResponse) => {
  const request = parseExternalRequest(message);
  if (!request || !externalSenderAllowed(sender, VAULT_ORIGIN)) {
    sendResponse({ ok: false, error: 'Refused: not a request this extension takes from there.' });
    return false;
  }
  if (request.type === 'hello') {
    sendResponse({ ok: true, version: EXTENSION_VERSION });
    return false;
  }
  handle(VAULT_ORIGIN, request).then(sendResponse, (err: unknown) =>
    sendResponse({ ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
  return true;
});

// The debug surface (docs/reference/extension.md): the very function the menu listener calls, so a test or
// a developer in the worker's console can drive the context-menu path with a tab id.
Object.assign(globalThis, { coreVault: { onContextMenuClick } });
