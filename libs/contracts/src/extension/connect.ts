/**
 * How the vault's /extension/connect page (apps/web, modules/extension) hands the extension's key
 * to the browser extension (apps/extension, src/bridge and src/background) without ever posting
 * it to the window (#32; docs/reference/extension.md, "Connect").
 *
 * 1. The page asks on its own window (`ask`); the extension's content script answers (`ready`)
 *    with its version and the channel the key will take:
 *    - `runtime` (Chromium): the extension's id. The page sends the key with
 *      `chrome.runtime.sendMessage(id, …)`, which only reaches that extension and only because its
 *      manifest lists the vault's exact origin under `externally_connectable`.
 *    - `sealed` (Firefox, which has no externally_connectable for pages): a one-time nonce and the
 *      public half of an ECDH P-256 key pair made for this ask. The page makes its own pair, derives
 *      an AES-GCM key (ECDH → HKDF-SHA-256 salted with the nonce) and posts only the ciphertext,
 *      bound to the nonce (additional data). A listener on the window sees both public keys and the
 *      ciphertext, never the key; the content script opens it once and forgets the nonce.
 * 2. No answer: no extension. The page creates no key.
 *
 * Nothing here is secret but the key itself; every message is untrusted input on both sides, so
 * each has a parser that answers null for anything else.
 */

/** The page the handshake runs on (content script, background and page all check it). */
export const EXTENSION_CONNECT_PATH = '/extension/connect';

/** Window messages between the page and the extension's content script. None carries the key. */
export const CONNECT_WINDOW = {
  /** page → content script: `{type, ask}` (ask: the page's random id for this question). */
  ask: 'cv:extension-ask',
  /** content script → page: `{type, ask, version, channel}`. */
  ready: 'cv:extension-ready',
  /** page → content script (sealed channel): `{type, nonce, publicKey, iv, ciphertext}`. */
  sealed: 'cv:extension-sealed-key',
  /** content script → page (sealed channel): `{type, nonce, ok: true}` or `{type, nonce, ok: false, error}`. */
  result: 'cv:extension-key-result',
} as const;

/** Messages the page sends straight to the extension (Chromium, runtime.sendMessage(id, …)). */
export const CONNECT_RUNTIME = {
  /** → `{ok: true, version}`: proves the announced id is an extension that takes this page's messages. */
  hello: 'hello',
  /** `{type, token}` → `{ok: true, email}` or `{ok: false, error}`. */
  token: 'connect-token',
} as const;

export type ConnectChannel =
  { kind: 'runtime'; extensionId: string } | { kind: 'sealed'; nonce: string; publicKey: string };

export interface ConnectReady {
  ask: string;
  version: string;
  channel: ConnectChannel;
}

export interface SealedKey {
  nonce: string;
  /** The page's ECDH public key (raw P-256 point, base64url). */
  publicKey: string;
  iv: string;
  ciphertext: string;
}

export type SealedResult = { nonce: string; ok: true } | { nonce: string; ok: false; error: string };

/** Chromium extension ids: 32 letters a–p. */
export const EXTENSION_ID_PATTERN = /^[a-p]{32}$/;
/** base64url of 16 bytes (ask ids) … of 32 bytes (nonces) … of a 65-byte P-256 point. */
const ASK_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const NONCE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const PUBLIC_KEY_PATTERN = /^[A-Za-z0-9_-]{87}$/;
const IV_PATTERN = /^[A-Za-z0-9_-]{16}$/;
const VERSION_PATTERN = /^\d+(\.\d+){0,3}$/;
/** A sealed key is the token plus the 16-byte tag: far below this. */
const MAX_CIPHERTEXT = 400;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown, pattern: RegExp): v is string => typeof v === 'string' && pattern.test(v);

export function parseAsk(data: unknown): { ask: string } | null {
  return isRecord(data) && data['type'] === CONNECT_WINDOW.ask && str(data['ask'], ASK_PATTERN)
    ? { ask: data['ask'] }
    : null;
}

function parseChannel(value: unknown): ConnectChannel | null {
  if (!isRecord(value)) return null;
  if (value['kind'] === 'runtime' && str(value['extensionId'], EXTENSION_ID_PATTERN))
    return { kind: 'runtime', extensionId: value['extensionId'] };
  if (
    value['kind'] === 'sealed' &&
    str(value['nonce'], NONCE_PATTERN) &&
    str(value['publicKey'], PUBLIC_KEY_PATTERN)
  )
    return { kind: 'sealed', nonce: value['nonce'], publicKey: value['publicKey'] };
  return null;
}

/** The content script's answer to the page's ask `ask`, or null. */
export function parseReady(data: unknown, ask: string): ConnectReady | null {
  if (!isRecord(data) || data['type'] !== CONNECT_WINDOW.ready || data['ask'] !== ask) return null;
  const channel = parseChannel(data['channel']);
  return channel && str(data['version'], VERSION_PATTERN) ? { ask, version: data['version'], channel } : null;
}

export function parseSealed(data: unknown): SealedKey | null {
  if (!isRecord(data) || data['type'] !== CONNECT_WINDOW.sealed) return null;
  const { nonce, publicKey, iv, ciphertext } = data;
  return str(nonce, NONCE_PATTERN) &&
    str(publicKey, PUBLIC_KEY_PATTERN) &&
    str(iv, IV_PATTERN) &&
    typeof ciphertext === 'string' &&
    ciphertext.length <= MAX_CIPHERTEXT &&
    /^[A-Za-z0-9_-]+$/.test(ciphertext)
    ? { nonce, publicKey, iv, ciphertext }
    : null;
}

/** The content script's result for the sealed key of `nonce`, or null. */
export function parseSealedResult(data: unknown, nonce: string): SealedResult | null {
  if (!isRecord(data) || data['type'] !== CONNECT_WINDOW.result || data['nonce'] !== nonce) return null;
  if (data['ok'] === true) return { nonce, ok: true };
  if (data['ok'] === false)
    return { nonce, ok: false, error: typeof data['error'] === 'string' ? data['error'] : '' };
  return null;
}

// --- the sealed channel ---------------------------------------------------------------------

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;
/** Named through the API: the DOM and Node's typings call the key type differently. */
type Key = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const INFO = new TextEncoder().encode('core-vault extension connect v1');

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

const randomId = (bytes: number): string => toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));

/** A fresh id for the page's ask. */
export const newConnectAsk = (): string => randomId(16);

/** The AES-GCM key both ends derive: ECDH(own private, peer public) → HKDF-SHA-256(salt = nonce). */
async function sharedKey(
  own: Key,
  peerPublic: string,
  nonce: string,
  usage: 'encrypt' | 'decrypt',
): Promise<Key> {
  const peer = await crypto.subtle.importKey('raw', fromBase64Url(peerPublic), ECDH, false, []);
  const bits = await crypto.subtle.deriveBits({ name: 'ECDH', public: peer }, own, 256);
  const hkdf = await crypto.subtle.importKey('raw', bits, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: fromBase64Url(nonce), info: INFO },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

/** The content script's end of a sealed channel: what it announces, and a one-time open(). */
export interface SealedChannelEnd {
  channel: Extract<ConnectChannel, { kind: 'sealed' }>;
  /**
   * The key sealed for this channel, or null (another nonce, tampered, sealed for another key).
   * The nonce is spent by the first message that names it, whether it opens or not.
   */
  open(sealed: SealedKey): Promise<string | null>;
}

export async function createSealedChannel(): Promise<SealedChannelEnd> {
  const pair = await crypto.subtle.generateKey(ECDH, false, ['deriveBits']);
  const publicKey = toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
  const nonce = randomId(32);
  let spent = false;
  return {
    channel: { kind: 'sealed', nonce, publicKey },
    async open(sealed) {
      if (spent || sealed.nonce !== nonce) return null;
      spent = true;
      try {
        const key = await sharedKey(pair.privateKey, sealed.publicKey, nonce, 'decrypt');
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: fromBase64Url(sealed.iv), additionalData: new TextEncoder().encode(nonce) },
          key,
          fromBase64Url(sealed.ciphertext),
        );
        return new TextDecoder().decode(plain);
      } catch {
        return null;
      }
    },
  };
}

/** The page's side: `secret` sealed for the channel the content script announced. */
export async function sealForExtension(
  channel: Extract<ConnectChannel, { kind: 'sealed' }>,
  secret: string,
): Promise<SealedKey> {
  const pair = await crypto.subtle.generateKey(ECDH, false, ['deriveBits']);
  const key = await sharedKey(pair.privateKey, channel.publicKey, channel.nonce, 'encrypt');
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(channel.nonce) },
    key,
    new TextEncoder().encode(secret),
  );
  return {
    nonce: channel.nonce,
    publicKey: toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))),
    iv: toBase64Url(iv),
    ciphertext: toBase64Url(new Uint8Array(ciphertext)),
  };
}
