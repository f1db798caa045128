// Content script on the vault's /extension/connect page: tells the page the extension is
// installed (data-cv-extension = version) and passes the key the page creates to the background,
// which checks it (GET /api/v1/me) and keeps it. The page hears back whether that worked.
import { EXTENSION_VERSION, VAULT_ORIGIN } from '../shared/config';
import { type TokenReply } from '../shared/messages';
import { TOKEN_RECEIVED, TOKEN_REFUSED, tokenFromMessage } from './bridge-protocol';

// The match pattern cannot hold a port: the exact origin is checked here.
if (window.location.origin === VAULT_ORIGIN) {
  document.documentElement.dataset.cvExtension = EXTENSION_VERSION;
  window.addEventListener('message', (event) => {
    const token = tokenFromMessage(event, window, VAULT_ORIGIN);
    if (!token) return;
    chrome.runtime.sendMessage({ type: 'connect-token', token }).then(
      (reply: TokenReply) =>
        window.postMessage(
          reply.ok
            ? { type: TOKEN_RECEIVED, email: reply.email }
            : { type: TOKEN_REFUSED, error: reply.error },
          VAULT_ORIGIN,
        ),
      () => window.postMessage({ type: TOKEN_REFUSED, error: 'The extension did not answer.' }, VAULT_ORIGIN),
    );
  });
}
