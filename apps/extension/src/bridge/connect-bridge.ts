// Content script on the vault's pages (it acts on /extension/connect only): answers the page's
// ask for the extension with the channel its key must take — Chromium: this extension's id, so
// the page sends the key straight to the background; Firefox: a one-time nonce and public key,
// so the page posts it sealed — and, in Firefox, opens that sealed key and hands it to the
// background, which checks it (GET /api/v1/me) and keeps it. See docs/reference/extension.md, "Connect".
import { EXTENSION_VERSION, VAULT_ORIGIN } from '../shared/config';
import { type TokenReply } from '../shared/messages';
import { createBridge } from './bridge-protocol';

// The match pattern cannot hold a port: the exact origin is checked here.
if (window.location.origin === VAULT_ORIGIN) {
  const firefox = chrome.runtime.getURL('').startsWith('moz-extension:');
  const bridge = createBridge({
    self: window,
    vaultOrigin: VAULT_ORIGIN,
    version: EXTENSION_VERSION,
    path: () => window.location.pathname,
    extensionId: firefox ? null : chrome.runtime.id,
    post: (message) => window.postMessage(message, VAULT_ORIGIN),
    sendToken: (token) => chrome.runtime.sendMessage<unknown, TokenReply>({ type: 'connect-token', token }),
  });
  window.addEventListener('message', (event) => void bridge.onMessage(event));
}
