/**
 * The app page's Content-Security-Policy, in two parts every server of the SPA delivers alike
 * (docs/reference/gateway.md, "Security headers"):
 *
 * - the **header** (`APP_PAGE_CSP`): what does not depend on the deployment — scripts from the
 *   app's own origin only (and Stripe.js, which the payment step loads in live mode), no plugins,
 *   no `<base>`, never framed. nginx (deploy/docker/web/security-headers.conf), `vite preview`
 *   and `vite` (vite.config.ts) send it; the gateway's /view/{id} passes on what the web server
 *   sent with index.html.
 * - the **meta** policy (`appPageMetaPolicy`), written into the built index.html: everything else,
 *   which names the renderer's origin — known at build time, like the bundle's own
 *   RENDERER_ORIGIN. A page enforces both policies; a <meta> policy cannot carry frame-ancestors,
 *   which is why that one is in the header.
 *
 * No inline script anywhere in the built app. The dev server's header alone allows one
 * (`APP_PAGE_DEV_CSP`): Vite injects React Refresh's preamble as an inline script.
 */

/** Stripe.js and its frames (Stripe's documented CSP for the Payment Element). */
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = [...STRIPE_SCRIPTS, 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com'];
const STRIPE_IMAGES = ['https://*.stripe.com'];

const policy = (directives: readonly string[]) => directives.join('; ');

/** The header of every page of the app (nginx, vite preview, the gateway's /view/{id}). */
export const APP_PAGE_CSP = policy([
  `script-src 'self' ${STRIPE_SCRIPTS.join(' ')}`,
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
]);

/** The dev server's (`vite`): the same, but Vite's React Refresh preamble is an inline script. */
export const APP_PAGE_DEV_CSP = policy([
  `script-src 'self' 'unsafe-inline' ${STRIPE_SCRIPTS.join(' ')}`,
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
]);

/** Every other header the app's pages carry with the policy (nginx sends the same). */
export const APP_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** `http://localhost:4300` → `http://*.localhost:4300`: every artifact's own origin under it. */
function labelledOrigins(rendererOrigin: string): string {
  const url = new URL(rendererOrigin);
  return `${url.protocol}//*.${url.host}`;
}

/**
 * The rest of the policy, for the built index.html's <meta http-equiv>: everything from the app's
 * own origin (the API is same-origin), images also as data: and blob: (downloads, previews), and
 * frames only from the renderer — its own origin, which sends each frame on to the artifact's
 * own `{label}.` origin — and Stripe's.
 */
export function appPageMetaPolicy(rendererOrigin: string): string {
  const renderer = rendererOrigin ? [new URL(rendererOrigin).origin, labelledOrigins(rendererOrigin)] : [];
  return policy([
    "default-src 'self'",
    `script-src 'self' ${STRIPE_SCRIPTS.join(' ')}`,
    "style-src 'self'",
    `img-src 'self' data: blob: ${STRIPE_IMAGES.join(' ')}`,
    "font-src 'self'",
    `connect-src 'self' ${STRIPE_CONNECT.join(' ')}`,
    `frame-src ${[...renderer, ...STRIPE_FRAMES].join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ]);
}

/** The <meta> element itself, escaped for an attribute (the policy has quotes, no `"` or `<`). */
export function appPageMetaTag(rendererOrigin: string): string {
  return `<meta http-equiv="Content-Security-Policy" content="${appPageMetaPolicy(rendererOrigin)}" />`;
}
