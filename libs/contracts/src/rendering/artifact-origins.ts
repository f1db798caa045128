/**
 * One origin per artifact (docs/reference/rendering.md, "Origins"). Every artifact's documents — the app's
 * view frame, embeds, version previews — come from `{scheme}://{label}.{renderer host}[:port]`, so
 * nothing an artifact keeps in the browser (web storage, IndexedDB, Cache Storage, cookies,
 * BroadcastChannel, service workers) is reachable from another. The renderer's own origin (no
 * label) serves only files that hold nothing: assets, the library mirror, oEmbed, redirects.
 *
 * Labels: an artifact's is 26 base32 characters of a keyed hash of its id (stable, so its storage
 * survives; reveals nothing without the renderer's key; computed by the renderer only). An unsaved
 * upload preview gets a throwaway `p-` label of 20 random base32 characters. Both shapes are fixed
 * length, so matching them needs no backtracking.
 */
export const ARTIFACT_LABEL_LENGTH = 26;
export const PREVIEW_LABEL_PREFIX = 'p-';
export const PREVIEW_LABEL_LENGTH = PREVIEW_LABEL_PREFIX.length + 20;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

const isBase32 = (s: string, from: number): boolean => {
  for (let i = from; i < s.length; i++) if (!BASE32.includes(s[i]!)) return false;
  return true;
};

export type OriginLabelKind = 'artifact' | 'preview';

/** What kind of label this is, or null when it is none of ours. */
export function labelKind(label: string): OriginLabelKind | null {
  if (label.length === ARTIFACT_LABEL_LENGTH && isBase32(label, 0)) return 'artifact';
  if (
    label.length === PREVIEW_LABEL_LENGTH &&
    label.startsWith(PREVIEW_LABEL_PREFIX) &&
    isBase32(label, PREVIEW_LABEL_PREFIX.length)
  )
    return 'preview';
  return null;
}

/** Base32 (lowercase, no padding) of bytes: DNS-safe and case-insensitive. */
export function base32(bytes: Uint8Array, length: number): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= 0xff;
  }
  return out;
}

/** The origin of a label under the renderer origin: `http://localhost:4300` → `http://{label}.localhost:4300`. */
export function labelOrigin(rendererOrigin: string, label: string): string {
  const url = new URL(rendererOrigin);
  return `${url.protocol}//${label}.${url.host}`;
}

/**
 * The label of an origin (or a Host header's value, `{label}.{host}[:port]`) directly under the
 * renderer origin, with the renderer's scheme and port; null for anything else (the renderer's own
 * origin, another site, a deeper subdomain, a label of a shape we never make).
 */
export function labelOfOrigin(rendererOrigin: string, origin: string): string | null {
  const base = new URL(rendererOrigin);
  const prefix = `${base.protocol}//`;
  if (!origin.startsWith(prefix)) return null;
  return labelOfHost(base.host, origin.slice(prefix.length));
}

/** The label of a Host header value under the renderer's host (`localhost:4300`), else null. */
export function labelOfHost(rendererHost: string, host: string): string | null {
  const lower = host.toLowerCase();
  const suffix = `.${rendererHost.toLowerCase()}`;
  if (lower.length <= suffix.length || !lower.endsWith(suffix)) return null;
  const label = lower.slice(0, lower.length - suffix.length);
  return labelKind(label) ? label : null;
}
