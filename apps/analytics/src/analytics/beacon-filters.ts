import { createHmac } from 'node:crypto';
import { isbot } from 'isbot';

/** What the beacon looks at of a request; nothing of it is kept (docs/reference/analytics.md). */
export interface BeaconRequestFacts {
  userAgent: string | undefined;
  /** `Sec-Purpose` (Chromium: `prefetch`, `prefetch;prerender`). */
  secPurpose: string | undefined;
  /** `Purpose` (older Chromium and Safari: `prefetch`). */
  purpose: string | undefined;
  /** `X-Moz` (Firefox: `prefetch`). */
  xMoz: string | undefined;
}

export type SkipReason = 'bot' | 'prefetch';

/**
 * Why a beacon is not a view, or null when it is one. A request made while a page is prefetched
 * or prerendered is nobody looking at it (the page may never be shown); a crawler or a client
 * that does not say what it is (no User-Agent: every browser sends one) is no visitor either.
 */
export function skipReason(facts: BeaconRequestFacts): SkipReason | null {
  if (isPrefetch(facts)) return 'prefetch';
  const ua = facts.userAgent?.trim();
  if (!ua || isbot(ua)) return 'bot';
  return null;
}

function isPrefetch(facts: BeaconRequestFacts): boolean {
  // Sec-Purpose is a structured list (`prefetch;prerender`, maybe more parameters later).
  const secPurpose = (facts.secPurpose ?? '').split(/[;,]/).map((t) => t.trim().toLowerCase());
  return (
    secPurpose.includes('prefetch') ||
    secPurpose.includes('prerender') ||
    (facts.purpose ?? '').trim().toLowerCase() === 'prefetch' ||
    (facts.xMoz ?? '').trim().toLowerCase() === 'prefetch'
  );
}

/** Characters of the visitor hash kept: 128 bits, plenty to tell one day's visitors apart. */
const VISITOR_HASH_CHARS = 22;

/**
 * The day's pseudonym of one visitor of one artifact: HMAC-SHA256 under the day's random salt of
 * `visitorMaterial` (contracts: the signed-in account, else the client address — a whole IPv4
 * address or an IPv6 /64 — and the artifact id), truncated. The User-Agent is not part of it: a
 * client that changes it is the same visitor. Without the salt (Redis only, gone after 48 h,
 * never logged) the hash cannot be recomputed from an address, and with tomorrow's salt the same
 * visitor gets an unrelated hash, so no visitor can be followed across days or across artifacts.
 */
export function visitorHash(salt: string, material: string): string {
  return createHmac('sha256', salt).update(material).digest('base64url').slice(0, VISITOR_HASH_CHARS);
}

/**
 * The referring page as the statistics keep it: its origin only (scheme, host, port) — never a
 * path or query string, which may carry personal data. Anything that is not an http(s) URL is
 * dropped.
 */
export function referrerOrigin(referrer: string | undefined): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The client's address as the gateway passes it on (X-Forwarded-For holds exactly the client
 * address the gateway trusted, see its TRUST_PROXY_HOPS); the socket's peer when called directly.
 */
export function clientIp(forwardedFor: string | string[] | undefined, peer: string | undefined): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor;
  const first = header?.split(',')[0]?.trim();
  return first || peer || '';
}
