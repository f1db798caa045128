import { type SaveItem } from './artifact';

/** What the extension keeps in chrome.storage.local (never synced: the key stays on this device). */
export interface StoredState {
  /** The personal access key (`cvpat_…`), set by the connect page or pasted in the options. */
  token?: string;
  /** The e-mail GET /api/v1/me answered for that key. */
  email?: string;
  /** Off unless the user turns it on: the page address goes into saved artifacts' metadata. */
  includePageUrl?: boolean;
  /** Items waiting for the vault: signed out, or an upload that failed for a reason a retry may fix. */
  queue?: QueuedItem[];
}

export interface QueuedItem extends SaveItem {
  /** Why it waits (shown in the popup). */
  reason: string;
  queuedAt: number;
}

export type StoredKey = keyof StoredState;

export async function readState<K extends StoredKey>(keys: K[]): Promise<Pick<StoredState, K>> {
  return chrome.storage.local.get<Pick<StoredState, K>>(keys);
}

export async function writeState(values: StoredState): Promise<void> {
  await chrome.storage.local.set(values);
}

export async function removeState(keys: StoredKey[]): Promise<void> {
  await chrome.storage.local.remove(keys);
}
