import { originMatchPattern } from '../manifest/manifest';
import { readState, writeState } from '../shared/settings';
import {
  HANDOFF_MAX_AGE_MS,
  PENDING_UPLOADS_EVENT,
  PENDING_UPLOADS_KEY,
  writePendingUploadsInPage,
} from './handoff-page';
import { dequeue } from './queue';

/** How long the vault's dashboard may take to load before the hand-off gives up (items stay queued). */
const LOAD_TIMEOUT_MS = 30_000;

const originOf = (url: string | undefined): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/** A vault tab showing the dashboard (focused), or a new one opened at /dashboard. */
async function vaultDashboardTab(vaultOrigin: string): Promise<chrome.tabs.Tab> {
  const tabs = await chrome.tabs.query({ url: originMatchPattern(vaultOrigin) });
  const open = tabs.find(
    (t) => originOf(t.url) === vaultOrigin && new URL(t.url ?? '').pathname.startsWith('/dashboard'),
  );
  if (open?.id !== undefined) {
    await chrome.tabs.update(open.id, { active: true });
    if (open.windowId !== undefined) await chrome.windows.update(open.windowId, { focused: true });
    return open;
  }
  return chrome.tabs.create({ url: `${vaultOrigin}/dashboard`, active: true });
}

/** Resolves once the tab finished loading (now or later); rejects after LOAD_TIMEOUT_MS. */
function loaded(tabId: number): Promise<chrome.tabs.Tab> {
  return new Promise((resolve, reject) => {
    const finish = (error: Error | null, tab?: chrome.tabs.Tab) => {
      clearTimeout(timer);
      chrome.tabs.onUpdated.removeListener(onUpdated);
      if (error || !tab) reject(error ?? new Error('The vault tab was closed.'));
      else resolve(tab);
    };
    const onUpdated = (id: number, info: { status?: string }, tab: chrome.tabs.Tab) => {
      if (id === tabId && info.status === 'complete') finish(null, tab);
    };
    const timer = setTimeout(() => finish(new Error('The vault did not finish loading.')), LOAD_TIMEOUT_MS);
    // Listen first, then look: a tab that completed in between is seen by the look.
    chrome.tabs.onUpdated.addListener(onUpdated);
    chrome.tabs.get(tabId).then(
      (tab) => {
        if (tab.status === 'complete') finish(null, tab);
      },
      (err: unknown) => finish(err instanceof Error ? err : new Error(String(err))),
    );
  });
}

/**
 * Hands every queued item to the vault's dashboard (docs/reference/extension.md, "Hand-off"): open or
 * focus the dashboard, wait until it loaded, merge the items into its pending uploads in the
 * page, and only after that write succeeded remove them from the queue. Returns how many went.
 */
export async function handOffQueue(vaultOrigin: string): Promise<number> {
  // One hand-off at a time (two quick menu clicks): the second then finds the first's items
  // already gone from the queue instead of writing them again.
  return await navigator.locks.request('cv.handoff', () => handOffNow(vaultOrigin));
}

async function handOffNow(vaultOrigin: string): Promise<number> {
  const { queue = [] } = await readState(['queue']);
  if (queue.length === 0) return 0;
  const opened = await vaultDashboardTab(vaultOrigin);
  if (opened.id === undefined) throw new Error('Could not open the vault.');
  const tab = await loaded(opened.id);
  // The user may have navigated the tab elsewhere meanwhile: never write into another site.
  if (originOf(tab.url) !== vaultOrigin) throw new Error('The vault tab shows another site now.');
  const [injection] = await chrome.scripting.executeScript({
    target: { tabId: opened.id },
    func: writePendingUploadsInPage,
    args: [
      PENDING_UPLOADS_KEY,
      PENDING_UPLOADS_EVENT,
      HANDOFF_MAX_AGE_MS,
      queue.map((q) => q.artifact),
      Date.now(),
    ],
  });
  if (typeof injection?.result !== 'number') throw new Error('The vault tab did not take the artifacts.');
  const { queue: current = [] } = await readState(['queue']);
  await writeState({
    queue: dequeue(
      current,
      queue.map((q) => q.key),
    ),
  });
  return queue.length;
}
