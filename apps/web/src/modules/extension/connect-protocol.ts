import { type CreatePersonalTokenBody } from '@core-vault/contracts';

/**
 * The connect page's side of the extension bridge (contract #19 §4; the extension's side is
 * apps/extension/src/bridge): the page posts the new key to its own window, the extension's
 * content script takes it, checks it and answers on the same window.
 */
export const CONNECT_MESSAGES = {
  token: 'cv:extension-token',
  received: 'cv:extension-token-received',
  refused: 'cv:extension-token-refused',
} as const;

/** How long the page waits for the extension's answer before it shows the key to paste. */
export const CONNECT_ACK_MS = 3000;

/** The key the extension gets: artifacts only (what it needs on every plan), for a year. */
export const EXTENSION_TOKEN_REQUEST = {
  name: 'Browser extension',
  scopes: ['artifacts:read', 'artifacts:write'],
  expiresInDays: 365,
} as const satisfies CreatePersonalTokenBody;

export type ConnectAnswer = { kind: 'received' } | { kind: 'refused'; error: string } | { kind: 'timeout' };

/** The extension's content script marks the page with its version (`data-cv-extension`). */
export const extensionVersion = (doc: Document = document): string | null =>
  doc.documentElement.dataset['cvExtension'] ?? null;

/**
 * Posts the key to this window (only to this origin) and waits for the extension's answer.
 * Only messages from this very window and origin count: a frame or another tab cannot fake
 * the acknowledgement.
 */
export function sendTokenToExtension(
  win: Window,
  message: { token: string; email: string },
  timeoutMs = CONNECT_ACK_MS,
): Promise<ConnectAnswer> {
  const origin = win.location.origin;
  return new Promise((resolve) => {
    const done = (answer: ConnectAnswer) => {
      win.removeEventListener('message', onMessage);
      clearTimeout(timer);
      resolve(answer);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== win || event.origin !== origin) return;
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null || !('type' in data)) return;
      if (data.type === CONNECT_MESSAGES.received) done({ kind: 'received' });
      if (data.type === CONNECT_MESSAGES.refused)
        done({ kind: 'refused', error: 'error' in data && typeof data.error === 'string' ? data.error : '' });
    };
    const timer = setTimeout(() => done({ kind: 'timeout' }), timeoutMs);
    win.addEventListener('message', onMessage);
    win.postMessage({ type: CONNECT_MESSAGES.token, ...message }, origin);
  });
}
