import { CONNECT_TOKEN_PATTERN } from '../shared/messages';

/** What the vault's connect page posts, and what the bridge answers (docs/extension.md, "Connect"). */
export const TOKEN_MESSAGE = 'cv:extension-token';
export const TOKEN_RECEIVED = 'cv:extension-token-received';
export const TOKEN_REFUSED = 'cv:extension-token-refused';

/** The part of a MessageEvent the bridge reads. */
export interface WindowMessage {
  source: unknown;
  origin: string;
  data: unknown;
}

/**
 * The token of a connect message, or null. Only the page itself (not a frame or another
 * window), on the vault's exact origin, with a key of the connect page's format.
 */
export function tokenFromMessage(event: WindowMessage, self: unknown, vaultOrigin: string): string | null {
  if (event.source !== self || event.origin !== vaultOrigin) return null;
  const data = event.data;
  if (typeof data !== 'object' || data === null || !('type' in data) || data.type !== TOKEN_MESSAGE)
    return null;
  const token = 'token' in data ? data.token : undefined;
  return typeof token === 'string' && CONNECT_TOKEN_PATTERN.test(token) ? token : null;
}
