// The options page: which vault, the key (connect, paste + verify, forget) and the page-address setting.
import { PERSONAL_TOKEN_PATTERN } from '@core-vault/contracts';
import { VAULT_ORIGIN } from '../shared/config';
import { type BackgroundRequest, type StatusReply, type TokenReply } from '../shared/messages';
import { ask, banner, byId } from '../ui/dom';

async function refresh(): Promise<void> {
  const status = await ask<StatusReply>({ type: 'status' });
  const connection = byId('connection', HTMLElement);
  connection.textContent = status.signedIn
    ? `Connected as ${status.email ?? 'your account'}.`
    : 'Not connected: artifacts you save go to the vault tab, where you are signed in.';
  byId('forget', HTMLButtonElement).hidden = !status.signedIn;
  byId('include-page-url', HTMLInputElement).checked = status.includePageUrl;
}

function main(): void {
  const origin = byId('vault-origin', HTMLAnchorElement);
  origin.href = VAULT_ORIGIN;
  origin.textContent = VAULT_ORIGIN;

  byId('connect', HTMLButtonElement).addEventListener('click', () => {
    void chrome.tabs.create({ url: `${VAULT_ORIGIN}/extension/connect` });
  });

  byId('forget', HTMLButtonElement).addEventListener('click', () => {
    void ask({ type: 'forget-token' }).then(() => {
      banner(
        byId('key-result', HTMLElement),
        'info',
        'The key is forgotten. Revoke it on your Account page if it should stop working.',
      );
      return refresh();
    });
  });

  byId('key-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    const input = byId('key', HTMLInputElement);
    const result = byId('key-result', HTMLElement);
    const token = input.value.trim();
    if (!PERSONAL_TOKEN_PATTERN.test(token)) {
      banner(
        result,
        'error',
        'That is not a personal access key (it starts with cvpat_ and has 49 characters).',
      );
      return;
    }
    banner(result, 'info', 'Checking the key with your vault…');
    const request: BackgroundRequest = { type: 'set-token', token };
    void ask<TokenReply>(request).then((reply) => {
      if (reply.ok) {
        input.value = '';
        banner(result, 'success', `Saved. This key belongs to ${reply.email}.`);
      } else banner(result, 'error', reply.error);
      return refresh();
    });
  });

  byId('include-page-url', HTMLInputElement).addEventListener('change', (event) => {
    const value = event.currentTarget instanceof HTMLInputElement && event.currentTarget.checked;
    void ask({ type: 'set-include-page-url', value });
  });

  // The connect page may finish while this page is open.
  chrome.storage.onChanged.addListener(() => void refresh());
  void refresh();
}

main();
