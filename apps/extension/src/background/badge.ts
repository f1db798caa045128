import { type SaveResult } from '../shared/artifact';

/** The toolbar's answer after a context-menu save: a count and a sentence (no notifications permission). */
export function badgeFor(
  results: SaveResult[],
  handedOff: number,
): { text: string; color: string; title: string } {
  const saved = results.filter((r) => r.status === 'saved').length;
  const failed = results.filter((r) => r.status === 'failed').length;
  const queued = results.filter((r) => r.status === 'queued').length;
  if (results.length === 0)
    return { text: '0', color: '#555b6e', title: 'Core Vault: nothing to save found on this page.' };
  if (failed)
    return {
      text: '!',
      color: '#b0202a',
      title: `Core Vault: ${failed} of ${results.length} could not be saved. Open the popup to retry.`,
    };
  if (queued && handedOff)
    return { text: '→', color: '#1d4fa8', title: `Core Vault: ${handedOff} sent to the vault tab.` };
  if (queued)
    return {
      text: '…',
      color: '#8a5300',
      title: `Core Vault: ${queued} waiting. Open the popup to send them to the vault.`,
    };
  return { text: String(saved), color: '#116b3a', title: `Core Vault: ${saved} saved.` };
}

export async function showBadge(
  tabId: number | undefined,
  results: SaveResult[],
  handedOff: number,
): Promise<void> {
  const { text, color, title } = badgeFor(results, handedOff);
  const target = tabId === undefined ? {} : { tabId };
  await chrome.action.setBadgeBackgroundColor({ color, ...target });
  await chrome.action.setBadgeText({ text, ...target });
  await chrome.action.setTitle({ title, ...target });
}
