import { type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * What every gateway answer says by default: the API's JSON, error bodies, images, the crawler
 * files. Nothing here is a document that loads anything, so the policy allows nothing, and no
 * page of the app may be framed (clickjacking). The gateway's own pages set their own policy:
 * /view/{id} the SPA's (share-page), /api-docs Swagger UI's (openapi).
 */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** HSTS for a year, subdomains included (what helmet sends); never for plain http or localhost. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether browsers should be told to use https only: the public origin (WEB_ORIGIN, what the
 * browser sees) is https and not a local address. Production runs behind TLS (the chart's
 * ingress with tls.enabled sets an https WEB_ORIGIN); `npm start` and the tests run on plain
 * http://127.0.0.1, where the header would do nothing but harm a developer's browser.
 */
export function strictTransportApplies(webOrigin: string): boolean {
  const url = new URL(webOrigin);
  if (url.protocol !== 'https:') return false;
  return !LOCAL_HOSTS.has(url.hostname) && !url.hostname.endsWith('.localhost');
}

/** The headers set on every answer before anything else runs (a route may replace the CSP). */
export function securityHeaders(webOrigin: string): Readonly<Record<string, string>> {
  return {
    'content-security-policy': API_CONTENT_SECURITY_POLICY,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(strictTransportApplies(webOrigin) ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

type Handler = (req: IncomingMessage, res: ServerResponse, forward: () => void) => void;

/**
 * Puts the headers on the response, then hands the request on: ahead of the edge cache and of
 * Express, so every answer carries them — cache hits, refusals of the request guard, 404s. Routes
 * that set a header of the same name later (the pages' own CSP) replace it; writeHead merges.
 */
export function withSecurityHeaders(headers: Readonly<Record<string, string>>, next: Handler): Handler {
  const entries = Object.entries(headers);
  return (req, res, forward) => {
    for (const [name, value] of entries) res.setHeader(name, value);
    next(req, res, forward);
  };
}
