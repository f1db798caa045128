import { isRuntimeViewerCall } from '@core-vault/contracts';

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
 * A personal access token is no ambient credential: a page can only send one it already holds,
 * so refusing it protects nothing — and would lock out the browser extension, whose requests
 * carry its own Origin (chrome-extension://…).
 */
const PERSONAL_TOKEN_BEARER = /^Bearer cvp(?:at)?_/;

/**
 * Fetch-Metadata based CSRF refusal: a state-changing request is refused when the browser says it
 * is cross-site, or when it carries an Origin other than the app's. Requests without either header
 * (curl, server-to-server, old browsers) pass: they carry no ambient browser credentials we trust
 * (the refresh cookie is also SameSite=Strict).
 */
export function isRefusedCrossSite(input: CrossSiteInput, appOrigin: string): boolean {
  if (!UNSAFE_METHODS.has(input.method.toUpperCase())) return false;
  if (EXEMPT_PATHS.some((p) => input.path === p || input.path.startsWith(`${p}/`))) return false;
  // Embeds on per-artifact origins use the artifact runtime anonymously (no cookie is read there).
  if (isRuntimeViewerCall(input.method, input.path)) return false;
  if (typeof input.authorization === 'string' && PERSONAL_TOKEN_BEARER.test(input.authorization.trim()))
    return false;
  if (input.secFetchSite === 'cross-site') return true;
  return typeof input.origin === 'string' && input.origin !== appOrigin;
}
