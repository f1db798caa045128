/**
 * The embed's view report (docs/reference/analytics.md, "Views counted without cookies"): one beacon per
 * embed load that someone actually saw, to the app's cookie-less `POST /api/v1/analytics/beacon`.
 * No cookie, storage or identifier is read or written here; the page that embeds us is reported
 * as its origin only. Artifact code on this origin can call the same beacon, but no more than
 * any web page can: the endpoint is public, rate-limited per address, and counts uniques by a
 * daily hash, so forging is no easier from inside an embed than from anywhere else.
 */

/** The beacon's path on the app's origin (contract `viewBeacon`; the agent must not import zod). */
export const BEACON_PATH = '/api/v1/analytics/beacon';
/** How long an embed must have been visible to count: prerendered or background loads never are. */
export const VISIBLE_DWELL_MS = 1_000;

export interface BeaconTarget {
  url: string;
  artifactId: string;
}

/**
 * Where to report and what: from the server-written brand link (`{app}/view/{id}[?v=…]`), which
 * only a shown public artifact carries; error pages link to the app's home and report nothing,
 * and the demo catalogue's embeds are no artifacts to count.
 */
export function beaconTarget(brandHref: string | null | undefined): BeaconTarget | null {
  if (!brandHref) return null;
  let url: URL;
  try {
    url = new URL(brandHref);
  } catch {
    return null;
  }
  const match = /^\/view\/([^/]+)$/.exec(url.pathname);
  if (!match?.[1] || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  let artifactId: string;
  try {
    artifactId = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  if (artifactId.startsWith('demo-')) return null;
  return { url: `${url.origin}${BEACON_PATH}`, artifactId };
}

/** The embedding page as its origin only: a path or query string may name a person. */
export function referrerOrigin(referrer: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The body, as text/plain JSON: a "simple" cross-origin request, so no CORS preflight. */
export function beaconBody(artifactId: string, referrer: string): string {
  const origin = referrerOrigin(referrer);
  return JSON.stringify({ artifactId, embed: true, ...(origin ? { referrer: origin } : {}) });
}

export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface Timers {
  set(fn: () => void, ms: number): ReturnType<typeof setTimeout>;
  clear(timer: ReturnType<typeof setTimeout>): void;
}
// Called through wrappers: the browser's setTimeout refuses any `this` but the window.
const browserTimers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (t) => clearTimeout(t) };

/**
 * Calls `seen` once the document has been visible for `dwellMs` without a break: a prerendered
 * document (hidden until activated), a background tab or a frame hidden at once never counts; a
 * hidden spell restarts the wait. Returns a function that stops waiting.
 */
export function whenSeen(
  doc: VisibilitySource,
  seen: () => void,
  dwellMs: number = VISIBLE_DWELL_MS,
  timers: Timers = browserTimers,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const stop = () => {
    done = true;
    if (timer !== undefined) timers.clear(timer);
    timer = undefined;
    doc.removeEventListener('visibilitychange', check);
  };
  function check(): void {
    if (done) return;
    if (doc.visibilityState !== 'visible') {
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
      return;
    }
    timer ??= timers.set(() => {
      stop();
      seen();
    }, dwellMs);
  }
  doc.addEventListener('visibilitychange', check);
  check();
  return stop;
}

/** Sends one beacon without credentials; it outlives the page (keepalive); failures are ignored. */
export function sendBeacon(
  target: BeaconTarget,
  referrer: string,
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
): void {
  fetchFn(target.url, {
    method: 'POST',
    body: beaconBody(target.artifactId, referrer),
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    credentials: 'omit',
    keepalive: true,
    mode: 'cors',
    referrerPolicy: 'no-referrer',
  }).catch(() => undefined);
}

/** The embed's one report: from the brand link, once seen (agent.ts calls this in embed mode). */
export function reportEmbedView(doc: Document): void {
  // The server's link is the last one (an HTML artifact's own markup comes before it).
  const links = doc.querySelectorAll<HTMLAnchorElement>('a.cv-brand');
  const target = beaconTarget(links[links.length - 1]?.href);
  if (!target) return;
  whenSeen(doc, () => sendBeacon(target, doc.referrer));
}
