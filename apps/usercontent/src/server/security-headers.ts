/**
 * Headers of everything the renderer serves. Artifact documents get a CSP that allows their
 * inline code, the renderer's own files (assets, vendor libraries, the library mirror) and images
 * over https, but no other scripts or styles, no forms posting anywhere, no workers or nested
 * frames, and a CSP sandbox without top navigation — so even a document opened outside our iframe
 * cannot take over the page that shows it. Outbound network (fetch, XHR, WebSocket, EventSource
 * to https/wss, and media over https) only when the owner allowed it for that artifact
 * (docs/rendering.md, "Network").
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
 * its view to; artifact code can reach that one URL too, which any web page can (docs/analytics.md).
 */
export function artifactCsp(
  frameAncestors: string,
  { network = false, beacon }: { network?: boolean; beacon?: string } = {},
): string {
  return [
    "default-src 'none'",
    // WebAssembly (Graphviz, SQLite, image codecs in artifacts) may compile; JS eval stays refused.
    "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    // Remote images are common (avatars, photos, charts as images). They carry no referrer (the
    // Referrer-Policy below), but the image host sees the viewer's IP address: the trade-off is
    // written down in docs/rendering.md.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `media-src 'self' data: blob:${network ? ' https:' : ''}`,
    `connect-src 'self'${beacon ? ` ${beacon}` : ''}${network ? ' https: wss:' : ''}`,
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
