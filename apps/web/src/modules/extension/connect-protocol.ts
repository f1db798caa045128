import {
  CONNECT_RUNTIME,
  CONNECT_WINDOW,
  type ConnectChannel,
  type ConnectReady,
  type CreatePersonalTokenBody,
  newConnectAsk,
  parseReady,
  parseSealedResult,
  sealForExtension,
} from '@core-vault/contracts';

/**
 * The connect page's side of the extension handshake (#32; the protocol is libs/contracts
 * extension/connect.ts, the extension's side apps/extension/src/bridge and background). The page
 * asks on its window whether the extension is here; only an answer lets it create a key, and the
 * key then goes to the extension over a channel no other listener can read: Chromium's runtime
 * messaging to the announced extension id, or (Firefox) sealed to the content script's one-time
 * nonce and public key. The key itself is never posted to the window.
 */

/** How long the page waits for the extension to answer its ask before it says it is not installed. */
export const DETECT_MS = 2000;
/** How long the page waits for the extension to take the key (it checks it with the vault first). */
export const CONNECT_ACK_MS = 10_000;
/** Where the page sends someone without the extension: the app's one place for getting it. */
export const EXTENSION_INSTALL_URL = '/#features';

/** The key the extension gets: artifacts only (what it needs on every plan), for a year. */
export const EXTENSION_TOKEN_REQUEST = {
  name: 'Browser extension',
  scopes: ['artifacts:read', 'artifacts:write'],
  expiresInDays: 365,
} as const satisfies CreatePersonalTokenBody;

export type Detection =
  | { kind: 'checking' }
  /** No answer: no extension (or turned off). No key may be created. */
  | { kind: 'missing' }
  /** It announced itself but its background does not take this page's messages (built for another vault). */
  | { kind: 'unreachable' }
  /** More than one answer to one ask: something else plays the extension. Nothing is handed over. */
  | { kind: 'conflict' }
  | { kind: 'found'; version: string; channel: ConnectChannel };

export type ConnectAnswer = { kind: 'received' } | { kind: 'refused'; error: string } | { kind: 'timeout' };

/** chrome.runtime as a web page sees it: Chromium exposes it where an extension's externally_connectable lists the page. */
interface PageRuntime {
  sendMessage(extensionId: string, message: unknown, callback: (reply: unknown) => void): void;
  lastError?: { message?: string } | undefined;
}

function pageRuntime(win: Window): PageRuntime | null {
  const runtime = (win as { chrome?: { runtime?: Partial<PageRuntime> } }).chrome?.runtime;
  return runtime && typeof runtime.sendMessage === 'function' ? (runtime as PageRuntime) : null;
}

type RuntimeOutcome =
  { kind: 'reply'; reply: unknown } | { kind: 'failed'; error: string } | { kind: 'timeout' };

/** One runtime message to the extension `extensionId`, answered, failed or timed out. */
function runtimeCall(
  win: Window,
  extensionId: string,
  message: unknown,
  timeoutMs: number,
): Promise<RuntimeOutcome> {
  const runtime = pageRuntime(win);
  if (!runtime)
    return Promise.resolve({ kind: 'failed', error: 'The extension cannot be reached from this page.' });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ kind: 'timeout' }), timeoutMs);
    const done = (outcome: RuntimeOutcome) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    try {
      runtime.sendMessage(extensionId, message, (reply) => {
        const error = runtime.lastError;
        done(error ? { kind: 'failed', error: error.message ?? '' } : { kind: 'reply', reply });
      });
    } catch (err) {
      done({ kind: 'failed', error: err instanceof Error ? err.message : String(err) });
    }
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const sameAnswer = (a: ConnectReady, b: ConnectReady) => JSON.stringify(a) === JSON.stringify(b);
const fromThisPage = (win: Window, event: MessageEvent) =>
  event.source === win && event.origin === win.location.origin;

/**
 * Asks on `win` whether the extension is here and reports what it finds (checking → found,
 * missing, unreachable or conflict) until stopped: a second, different answer to the same ask
 * turns a find into a conflict. Chromium's announced id is checked with a `hello` to it first.
 * Returns the stop function.
 */
export function watchExtension(
  win: Window,
  onChange: (detection: Detection) => void,
  timeoutMs = DETECT_MS,
): () => void {
  const ask = newConnectAsk();
  const answers: ConnectReady[] = [];
  let stopped = false;
  const report = (detection: Detection) => {
    if (!stopped) onChange(detection);
  };

  const settle = async (ready: ConnectReady) => {
    if (ready.channel.kind === 'runtime') {
      const hello = await runtimeCall(
        win,
        ready.channel.extensionId,
        { type: CONNECT_RUNTIME.hello },
        timeoutMs,
      );
      if (answers.length > 1) return;
      if (hello.kind !== 'reply' || !isRecord(hello.reply) || hello.reply['ok'] !== true)
        return report({ kind: 'unreachable' });
    }
    report({ kind: 'found', version: ready.version, channel: ready.channel });
  };

  const onMessage = (event: MessageEvent) => {
    if (!fromThisPage(win, event)) return;
    const ready = parseReady(event.data, ask);
    if (!ready || answers.some((a) => sameAnswer(a, ready))) return;
    answers.push(ready);
    if (answers.length > 1) report({ kind: 'conflict' });
    else void settle(ready);
  };

  const timer = setTimeout(() => {
    if (answers.length === 0) report({ kind: 'missing' });
  }, timeoutMs);
  win.addEventListener('message', onMessage);
  win.postMessage({ type: CONNECT_WINDOW.ask, ask }, win.location.origin);
  return () => {
    stopped = true;
    clearTimeout(timer);
    win.removeEventListener('message', onMessage);
  };
}

/**
 * Hands the key to the extension over the channel it announced, and waits for its answer.
 * Runtime: one message to that extension id. Sealed: only the ciphertext goes on the window, and
 * only the content script's answer for that nonce, from this window and origin, counts.
 */
export async function sendKeyToExtension(
  win: Window,
  channel: ConnectChannel,
  token: string,
  timeoutMs = CONNECT_ACK_MS,
): Promise<ConnectAnswer> {
  if (channel.kind === 'runtime') {
    const outcome = await runtimeCall(
      win,
      channel.extensionId,
      { type: CONNECT_RUNTIME.token, token },
      timeoutMs,
    );
    if (outcome.kind === 'timeout') return { kind: 'timeout' };
    if (outcome.kind === 'failed') return { kind: 'refused', error: outcome.error };
    const reply = outcome.reply;
    if (isRecord(reply) && reply['ok'] === true) return { kind: 'received' };
    return {
      kind: 'refused',
      error: isRecord(reply) && typeof reply['error'] === 'string' ? reply['error'] : '',
    };
  }
  const sealed = await sealForExtension(channel, token);
  return new Promise((resolve) => {
    const done = (answer: ConnectAnswer) => {
      win.removeEventListener('message', onMessage);
      clearTimeout(timer);
      resolve(answer);
    };
    const onMessage = (event: MessageEvent) => {
      if (!fromThisPage(win, event)) return;
      const result = parseSealedResult(event.data, channel.nonce);
      if (result) done(result.ok ? { kind: 'received' } : { kind: 'refused', error: result.error });
    };
    const timer = setTimeout(() => done({ kind: 'timeout' }), timeoutMs);
    win.addEventListener('message', onMessage);
    win.postMessage({ type: CONNECT_WINDOW.sealed, ...sealed }, win.location.origin);
  });
}
