import {
  type PersonalTokenScope,
  apiRoutes,
  isRuntimeViewerCall,
  personalTokenAllows,
} from '@core-vault/contracts';
import { matchesRoute } from '@core-vault/platform';

/** Methods that change state: the ones a cross-site page must never be able to send with our cookies. */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Callers that are cross-site by nature: server-to-server webhooks (they authenticate with
 * signatures) and the view beacon, which embeds on other sites call and which reads no cookie.
 */
const EXEMPT_PATHS = ['/webhooks/stripe', '/api/v1/analytics/beacon'];

export interface CrossSiteInput {
  method: string;
  path: string;
  secFetchSite?: string | string[];
  origin?: string | string[];
  authorization?: string | string[];
}

/**
 * What the cross-site check decides: let it through, refuse it, or — a cross-site request that
 * carries something shaped like a personal access token — let it through only if that key is
 * valid and may call this route (`keyExempt`, decided by the caller, which can verify the key).
 */
export type CrossSiteVerdict = 'pass' | 'refuse' | { key: string };

/** Anything that starts like a key (`cvpat_`, or the older `cvp_`): only a candidate until verified. */
const PERSONAL_TOKEN_BEARER = /^Bearer (cvp(?:at)?_\S*)$/;

function isCrossSite(input: CrossSiteInput, appOrigin: string): boolean {
  if (input.secFetchSite === 'cross-site') return true;
  return typeof input.origin === 'string' && input.origin !== appOrigin;
}

/**
 * Fetch-Metadata based CSRF refusal: a state-changing request is refused when the browser says it
 * is cross-site, or when it carries an Origin other than the app's. Requests without either header
 * (curl, server-to-server, old browsers) pass: they carry no ambient browser credentials we trust
 * (the refresh cookie is also SameSite=Strict).
 *
 * A personal access token is no ambient credential: a page can only send one it already holds, so
 * a request authenticated by a key gains nothing from being cross-site — and the browser extension,
 * whose requests carry its own Origin (chrome-extension://…), needs them. But the prefix alone
 * proves nothing (`Bearer cvp_junk` plus the victim's cookie would reach the refresh), so such a
 * request comes back as `{ key }`: exempt only once the key is verified and its scopes reach the
 * route (`keyExempt`); the cookie routes (refresh, sign-out, account) are reachable by no key.
 */
export function crossSiteVerdict(input: CrossSiteInput, appOrigin: string): CrossSiteVerdict {
  if (!UNSAFE_METHODS.has(input.method.toUpperCase())) return 'pass';
  if (EXEMPT_PATHS.some((p) => input.path === p || input.path.startsWith(`${p}/`))) return 'pass';
  // Embeds on per-artifact origins use the artifact runtime anonymously (no cookie is read there).
  if (isRuntimeViewerCall(input.method, input.path)) return 'pass';
  if (!isCrossSite(input, appOrigin)) return 'pass';
  const key =
    typeof input.authorization === 'string'
      ? PERSONAL_TOKEN_BEARER.exec(input.authorization.trim())?.[1]
      : undefined;
  return key ? { key } : 'refuse';
}

/** Key routes as [method, path pattern], from the route contracts (what personalTokenAllows knows). */
const ROUTE_PATTERNS = apiRoutes.map((r) => [r.method, r.path] as const);

/**
 * Whether a verified key's scopes reach this request: some contract route matches its method and
 * path, and the key may call it. The auth guard decides again on the exact route afterwards.
 */
export function keyExempt(scopes: readonly PersonalTokenScope[], method: string, path: string): boolean {
  const upper = method.toUpperCase();
  return ROUTE_PATTERNS.some(
    ([m, pattern]) => m === upper && matchesRoute(pattern, path) && personalTokenAllows(scopes, m, pattern),
  );
}
