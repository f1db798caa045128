import { CoreVaultApiError, CoreVaultClient } from '@core-vault/api-client';
import { type SaveItem, type SaveResult } from '../shared/artifact';
import {
  type BackgroundRequest,
  type HandoffReply,
  type SaveReply,
  type StatusReply,
  type TokenReply,
} from '../shared/messages';
import { readState, removeState, writeState } from '../shared/settings';
import { handOffQueue } from './handoff';
import { dequeue, enqueue } from './queue';
import { uploadItems } from './upload';

export const NOT_CONNECTED = 'Not connected to the vault: sent to the vault tab instead.';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function clientFor(vaultOrigin: string, token: string): CoreVaultClient {
  return new CoreVaultClient({ baseUrl: vaultOrigin, token });
}

export async function status(vaultOrigin: string): Promise<StatusReply> {
  const s = await readState(['token', 'email', 'includePageUrl', 'queue']);
  return {
    vaultOrigin,
    signedIn: Boolean(s.token),
    email: s.email ?? null,
    includePageUrl: s.includePageUrl === true,
    queued: s.queue?.length ?? 0,
    queuedKeys: (s.queue ?? []).map((q) => q.key),
  };
}

/** Checks a key with GET /api/v1/me and keeps it (with the e-mail it belongs to) only if it works. */
export async function connect(vaultOrigin: string, token: string): Promise<TokenReply> {
  try {
    const me = await clientFor(vaultOrigin, token).me();
    await writeState({ token, email: me.email });
    return { ok: true, email: me.email };
  } catch (err) {
    if (err instanceof CoreVaultApiError && (err.status === 401 || err.status === 403))
      return { ok: false, error: 'The vault did not accept this key (revoked, expired or mistyped).' };
    if (err instanceof CoreVaultApiError && err.status === 0)
      return { ok: false, error: `The vault at ${vaultOrigin} could not be reached.` };
    return { ok: false, error: errorText(err) };
  }
}

async function keep(items: SaveItem[], reason: string): Promise<void> {
  const { queue = [] } = await readState(['queue']);
  await writeState({ queue: enqueue(queue, items, reason, Date.now()) });
}

/**
 * Saves with the key when there is one; what could not be saved for a reason a retry may fix
 * (and everything when signed out) waits in the queue for the hand-off.
 */
export async function save(vaultOrigin: string, items: SaveItem[]): Promise<SaveResult[]> {
  const { token } = await readState(['token']);
  if (!token) {
    await keep(items, NOT_CONNECTED);
    return items.map((i) => ({ key: i.key, status: 'queued', reason: NOT_CONNECTED }));
  }
  const outcome = await uploadItems(clientFor(vaultOrigin, token), items, vaultOrigin);
  for (const kept of outcome.keep) await keep(kept.items, kept.reason);
  // A retry of a waiting item that went through: it no longer waits.
  const saved = outcome.results.filter((r) => r.status === 'saved').map((r) => r.key);
  if (saved.length) {
    const { queue = [] } = await readState(['queue']);
    await writeState({ queue: dequeue(queue, saved) });
  }
  return outcome.results;
}

export async function handOff(vaultOrigin: string, items: SaveItem[]): Promise<HandoffReply> {
  if (items.length) await keep(items, 'Sent to the vault tab.');
  try {
    return { ok: true, sent: await handOffQueue(vaultOrigin) };
  } catch (err) {
    return { ok: false, error: `Kept for later: ${errorText(err)}` };
  }
}

export type Reply = StatusReply | TokenReply | SaveReply | HandoffReply | { ok: true };

export async function handle(vaultOrigin: string, request: BackgroundRequest): Promise<Reply> {
  switch (request.type) {
    case 'status':
      return status(vaultOrigin);
    case 'set-token':
    case 'connect-token':
      return connect(vaultOrigin, request.token);
    case 'forget-token':
      await removeState(['token', 'email']);
      return { ok: true };
    case 'set-include-page-url':
      await writeState({ includePageUrl: request.value });
      return { ok: true };
    case 'save':
      return { results: await save(vaultOrigin, request.items) };
    case 'handoff':
      return handOff(vaultOrigin, request.items);
    case 'send-queue':
      return handOff(vaultOrigin, []);
  }
}
