import {
  CONNECT_WINDOW,
  EXTENSION_CONNECT_PATH,
  type SealedChannelEnd,
  createSealedChannel,
  parseAsk,
  parseSealed,
} from '@core-vault/contracts';
import { CONNECT_TOKEN_PATTERN, type TokenReply } from '../shared/messages';

/** The part of a MessageEvent the bridge reads. */
export interface WindowMessage {
  source: unknown;
  origin: string;
  data: unknown;
}

export interface BridgeDeps {
  /** The page's own window: messages count only from it (not a frame, not an opener). */
  self: unknown;
  /** The vault's exact origin (the content script's match pattern cannot hold the port). */
  vaultOrigin: string;
  version: string;
  /** The page's path now: the SPA reaches /extension/connect without a load, so it is read per message. */
  path(): string;
  /**
   * Chromium: the extension's id, announced so the page sends the key straight to the background
   * (runtime.sendMessage over externally_connectable). Firefox: null, the key comes sealed.
   */
  extensionId: string | null;
  /** window.postMessage(message, vaultOrigin). Never given the key. */
  post(message: unknown): void;
  /** Hands an opened key to the background (which checks and keeps it). */
  sendToken(token: string): Promise<TokenReply>;
  createSealed?: () => Promise<SealedChannelEnd>;
}

export const UNREADABLE_KEY = 'The key could not be opened.';
export const NO_ANSWER = 'The extension did not answer.';

/**
 * The content script's side of the connect handshake (libs/contracts, extension/connect.ts):
 * answers the page's ask with its channel, and — Firefox only — opens the one sealed key for the
 * nonce it announced last and passes it to the background. Everything else is ignored, and the
 * key is never posted back to the window.
 */
export function createBridge(deps: BridgeDeps): { onMessage(event: WindowMessage): Promise<void> } {
  const createSealed = deps.createSealed ?? createSealedChannel;
  /** The sealed channel of the latest ask (Firefox); spent by the first key that names its nonce. */
  let current: SealedChannelEnd | null = null;
  let asks = 0;

  async function answer(ask: string): Promise<void> {
    const base = { type: CONNECT_WINDOW.ready, ask, version: deps.version };
    if (deps.extensionId) {
      deps.post({ ...base, channel: { kind: 'runtime', extensionId: deps.extensionId } });
      return;
    }
    const seq = (asks += 1);
    const end = await createSealed();
    if (seq !== asks) return; // a newer ask came meanwhile: only its nonce is live
    current = end;
    deps.post({ ...base, channel: end.channel });
  }

  async function deliver(event: WindowMessage): Promise<void> {
    // Chromium takes the key only over runtime messaging: nothing from the window.
    if (deps.extensionId) return;
    const sealed = parseSealed(event.data);
    const end = current;
    if (!sealed || !end || sealed.nonce !== end.channel.nonce) return;
    current = null;
    const result = (ok: boolean, error?: string) =>
      deps.post({ type: CONNECT_WINDOW.result, nonce: sealed.nonce, ok, ...(ok ? {} : { error }) });
    const token = await end.open(sealed);
    if (!token || !CONNECT_TOKEN_PATTERN.test(token)) return result(false, UNREADABLE_KEY);
    let reply: TokenReply;
    try {
      reply = await deps.sendToken(token);
    } catch {
      return result(false, NO_ANSWER);
    }
    return reply.ok ? result(true) : result(false, reply.error);
  }

  return {
    async onMessage(event) {
      if (event.source !== deps.self || event.origin !== deps.vaultOrigin) return;
      if (!deps.path().startsWith(EXTENSION_CONNECT_PATH)) return;
      const ask = parseAsk(event.data);
      if (ask) return answer(ask.ask);
      return deliver(event);
    },
  };
}
