/**
 * Headers of everything the renderer serves. Artifact documents get a CSP that allows their
 * inline code and the renderer's own files (assets, vendor libraries, the library mirror, served
 * on the artifact's own origin), but no other scripts, styles or images, no forms posting anywhere, no workers or nested
 * frames, and a CSP sandbox without top navigation — so even a document opened outside our iframe
 * cannot take over the page that shows it. Outbound network (fetch, XHR, WebSocket, EventSource
 * to https/wss, images and media over https) only when the owner allowed it for that artifact
 * (docs/reference/rendering.md, "Network").
 */
export const SANDBOX_FLAGS = [
  'allow-scripts',
  'allow-same-origin',
  'allow-forms',
  'allow-modals',
  'allow-popups',
  'allow-popups-to-escape-sandbox',
  'allow-downloads',
] as const;

/**
 * `beacon`: the app's cookie-less view beacon URL (exact path), which an embed's agent reports
 * its view to; artifact code can reach that one URL too, which any web page can (docs/reference/analytics.md).
 * `runtime`: the API prefix of this artifact's own runtime (`…/api/v1/artifacts/{id}/`: its
 * shared storage and AI calls), which an embed's agent calls anonymously.
 */
export function artifactCsp(
  frameAncestors: string,
  { network = false, beacon, runtime }: { network?: boolean; beacon?: string; runtime?: string } = {},
): string {
  const vault = [beacon, runtime].filter(Boolean).join(' ');
  return [
    "default-src 'none'",
    // WebAssembly (Graphviz, SQLite, image codecs in artifacts) may compile; JS eval stays refused.
    "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    // Network off means off: a remote image is a beacon (its URL can carry what the viewer typed),
    // so remote images, like every other request, need the owner's "allow network".
    `img-src 'self' data: blob:${network ? ' https:' : ''}`,
    "font-src 'self' data:",
    `media-src 'self' data: blob:${network ? ' https:' : ''}`,
    `connect-src 'self'${vault ? ` ${vault}` : ''}${network ? ' https: wss:' : ''}`,
    "frame-src 'none'",
    // Dedicated workers from blob: URLs (Tone's clock, compute off the main thread) run under this
    // same CSP. No 'self': a service worker needs a same-origin script URL and could then sit
    // in front of every artifact on the renderer origin.
    'worker-src blob:',
    "manifest-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors}`,
    `sandbox ${SANDBOX_FLAGS.join(' ')}`,
  ].join('; ');
}

/** Static files and JSON: nothing to run, not to be framed. */
export const STATIC_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

export const COMMON_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};
