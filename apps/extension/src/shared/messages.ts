import { CONNECT_RUNTIME, EXTENSION_CONNECT_PATH, PERSONAL_TOKEN_PATTERN } from '@core-vault/contracts';
import { isArtifactInput, type SaveItem, type SaveResult } from './artifact';

/**
 * Messages to the background (runtime.sendMessage). Everything arriving is checked here: a
 * message is untrusted input even from our own pages, and the connect bridge relays what a web
 * page posted.
 */
export type BackgroundRequest =
  | { type: 'status' }
  | { type: 'save'; items: SaveItem[] }
  | { type: 'handoff'; items: SaveItem[] }
  | { type: 'send-queue' }
  | { type: 'set-token'; token: string }
  | { type: 'forget-token' }
  | { type: 'set-include-page-url'; value: boolean }
  /** From the connect bridge on the vault's /extension/connect page (Firefox: it opened the sealed key). */
  | { type: 'connect-token'; token: string };

/**
 * What a web page may send (Chromium, runtime.onMessageExternal; the manifest's
 * externally_connectable lists the vault's exact origin): only the vault's connect page, only these.
 */
export type ExternalRequest =
  { type: typeof CONNECT_RUNTIME.hello } | { type: 'connect-token'; token: string };
export type HelloReply = { ok: true; version: string };

export interface StatusReply {
  vaultOrigin: string;
  signedIn: boolean;
  email: string | null;
  includePageUrl: boolean;
  queued: number;
  /** The keys of the waiting items (the popup counts what "Send to vault" would send). */
  queuedKeys: string[];
}
export type TokenReply = { ok: true; email: string } | { ok: false; error: string };
export interface SaveReply {
  results: SaveResult[];
}
export type HandoffReply = { ok: true; sent: number } | { ok: false; error: string };

/** At most this many items per message: a page with more is saved in several calls. */
export const MAX_ITEMS_PER_MESSAGE = 200;

/** The connect page's token: only keys made now (`cvpat_…`), the format the page creates. */
export const CONNECT_TOKEN_PATTERN = /^cvpat_[A-Za-z0-9_-]{43}$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function items(value: unknown): SaveItem[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_ITEMS_PER_MESSAGE) return null;
  const out: SaveItem[] = [];
  for (const item of value) {
    if (
      !isRecord(item) ||
      typeof item.key !== 'string' ||
      item.key.length > 200 ||
      !isArtifactInput(item.artifact)
    )
      return null;
    out.push({ key: item.key, artifact: item.artifact });
  }
  return out;
}

/** The request, or null when the value is not one (unknown type, bad fields). */
export function parseBackgroundRequest(value: unknown): BackgroundRequest | null {
  if (!isRecord(value) || typeof value.type !== 'string') return null;
  switch (value.type) {
    case 'status':
    case 'forget-token':
    case 'send-queue':
      return { type: value.type };
    case 'save':
    case 'handoff': {
      const list = items(value.items);
      return list ? { type: value.type, items: list } : null;
    }
    case 'set-token':
      return typeof value.token === 'string' && PERSONAL_TOKEN_PATTERN.test(value.token.trim())
        ? { type: 'set-token', token: value.token.trim() }
        : null;
    case 'connect-token':
      return typeof value.token === 'string' && CONNECT_TOKEN_PATTERN.test(value.token)
        ? { type: 'connect-token', token: value.token }
        : null;
    case 'set-include-page-url':
      return typeof value.value === 'boolean' ? { type: 'set-include-page-url', value: value.value } : null;
    default:
      return null;
  }
}

/** Who sent a runtime message, as the background sees it (chrome.runtime.MessageSender's part). */
export interface Sender {
  id?: string;
  url?: string;
  /** Chromium sets it for messages from web pages and content scripts. */
  origin?: string;
  tab?: unknown;
}

/** A tab showing the vault's connect page, on the vault's exact origin. */
function onConnectPage(sender: Sender, vaultOrigin: string): boolean {
  if (!sender.tab || !sender.url) return false;
  let url: URL;
  try {
    url = new URL(sender.url);
  } catch {
    return false;
  }
  return url.origin === vaultOrigin && url.pathname.startsWith(EXTENSION_CONNECT_PATH);
}

/** The request a web page sent, or null when it is not one the extension takes from a page. */
export function parseExternalRequest(value: unknown): ExternalRequest | null {
  if (!isRecord(value)) return null;
  if (value.type === CONNECT_RUNTIME.hello) return { type: CONNECT_RUNTIME.hello };
  if (value.type === CONNECT_RUNTIME.token)
    return typeof value.token === 'string' && CONNECT_TOKEN_PATTERN.test(value.token)
      ? { type: 'connect-token', token: value.token }
      : null;
  return null;
}

/**
 * A web page's message counts only from a tab on the vault's exact origin (Chromium's own
 * `origin`, and the page's address) at /extension/connect — not another site, port or path,
 * and not another extension (whose sender address is its own chrome-extension:// page).
 */
export function externalSenderAllowed(sender: Sender, vaultOrigin: string): boolean {
  if (sender.origin !== undefined && sender.origin !== vaultOrigin) return false;
  return onConnectPage(sender, vaultOrigin);
}

/**
 * Only the connect bridge (a content script in a vault tab at /extension/connect) may send a
 * token from a page; every other request must come from the extension's own pages.
 */
export function senderAllowed(
  request: BackgroundRequest,
  sender: Sender,
  ctx: { extensionId: string; extensionBaseUrl: string; vaultOrigin: string },
): boolean {
  if (sender.id !== ctx.extensionId || !sender.url) return false;
  if (request.type === 'connect-token') return onConnectPage(sender, ctx.vaultOrigin);
  return sender.url.startsWith(ctx.extensionBaseUrl);
}
