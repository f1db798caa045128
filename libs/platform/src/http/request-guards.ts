import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type Logger } from 'pino';
import { PERSONAL_TOKEN_MESSAGES } from '@core-vault/contracts';
import { credentialInQuery, redactUrl } from '../logging/secrets';
import { AppException } from './app-exception';
import { JSON_TOO_DEEP, REQUEST_LIMITS, declaresBody, exceedsJsonDepth, requestPath } from './request-limits';

/** A service's body limits in bytes: one for every route, and tighter or wider ones by exact path. */
export interface BodyLimits {
  defaultBytes: number;
  routes: Readonly<Record<string, number>>;
  /** Streamed uploads by exact path: never parsed as JSON, their limit is not the parser's. */
  uploads?: Readonly<Record<string, number>>;
}

type Req = IncomingMessage & { originalUrl?: string; rawBody?: Buffer };

export function bodyLimitFor(limits: BodyLimits, req: Req): number {
  const path = requestPath(req.originalUrl ?? req.url);
  const upload = limits.uploads?.[path];
  if (upload !== undefined) return upload;
  const exact = limits.routes[path];
  if (exact !== undefined) return exact;
  for (const [route, bytes] of Object.entries(limits.routes))
    if (route.includes('/:') && matchesRoute(route, path)) return bytes;
  return limits.defaultBytes;
}

/**
 * Whether a path fits an Express-style route whose `:name` segments stand for any one non-empty
 * segment (`/api/v1/artifacts/:id/storage/:scope/:key`): segment by segment, no pattern.
 */
export function matchesRoute(route: string, path: string): boolean {
  const want = route.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? (got[i] ?? '') !== '' : segment === got[i]));
}

function tooLarge(limit: number): Error {
  // body-parser's own shape for the same mistake, so ErrorFilter answers both alike.
  return Object.assign(new Error('request entity too large'), {
    type: 'entity.too.large',
    status: 413,
    limit,
  });
}

/**
 * A key or an access token in the query string (`?t=cvpat_…`, `?access_token=…`, in any encoding):
 * refused before anything reads it, with where tokens go. No route takes a token from the address;
 * refusing, rather than ignoring, tells the client at once (docs/reference/identity.md).
 */
export function tokenInUrl(): AppException {
  return new AppException(400, 'TOKEN_IN_URL', PERSONAL_TOKEN_MESSAGES.inAddress);
}

/**
 * Runs ahead of body parsing and every route: a token in the query string is a 400
 * (TOKEN_IN_URL, before anything else; logged as a warning with the URL masked, since the access
 * log, which runs later, never sees it); an unknown method (TRACE on a catch-all route
 * would otherwise reach fetch, which refuses it) is a 405; a body on GET, HEAD or DELETE is a
 * 400 (fetch cannot forward it, and no route here reads it); a declared length beyond the
 * route's limit is a 413 before a byte of it is read.
 */
export function requestGuard(limits: BodyLimits, logger?: Logger) {
  const allow = REQUEST_LIMITS.methods.join(', ');
  return (req: Req, res: ServerResponse, next: (err?: unknown) => void): void => {
    const url = req.originalUrl ?? req.url ?? '';
    if (credentialInQuery(url)) {
      logger?.warn(
        { req: { method: req.method, url: redactUrl(url) }, code: 'TOKEN_IN_URL' },
        'token in the query string refused',
      );
      return next(tokenInUrl());
    }
    const method = req.method ?? 'GET';
    if (!(REQUEST_LIMITS.methods as readonly string[]).includes(method)) {
      res.setHeader('allow', allow);
      return next(
        new AppException(405, 'METHOD_NOT_ALLOWED', `The ${method.slice(0, 32)} method is not allowed.`),
      );
    }
    if ((REQUEST_LIMITS.bodilessMethods as readonly string[]).includes(method) && declaresBody(req))
      return next(new AppException(400, 'BODY_NOT_ALLOWED', `A ${method} request cannot carry a body.`));
    const limit = bodyLimitFor(limits, req);
    if (Number(req.headers['content-length'] ?? 0) > limit) return next(tooLarge(limit));
    next();
  };
}

/**
 * Options of the JSON body parser: it reads up to the largest limit of the service, then the
 * route's own limit (for chunked bodies without a length) and the nesting depth are checked over
 * the raw bytes before JSON.parse runs; the raw bytes stay on `req.rawBody` when asked
 * (signature checks of webhooks).
 */
export function jsonBodyOptions(
  limits: BodyLimits,
  keepRawBody: boolean,
  textJsonPaths: readonly string[] = [],
) {
  const textPaths = new Set(textJsonPaths);
  return {
    limit: Math.max(limits.defaultBytes, ...Object.values(limits.routes)),
    // An upload path's body is the route's to stream, whatever its declared type.
    type: (req: Req): boolean =>
      limits.uploads?.[requestPath(req.originalUrl ?? req.url)] === undefined && isJsonBody(req, textPaths),
    verify: (req: Req, _res: ServerResponse, body: Buffer): void => {
      const limit = bodyLimitFor(limits, req);
      if (body.length > limit) throw tooLarge(limit);
      if (exceedsJsonDepth(body, REQUEST_LIMITS.jsonMaxDepth))
        throw Object.assign(new Error('JSON nested too deeply'), { type: JSON_TOO_DEEP, status: 400 });
      if (keepRawBody) req.rawBody = body;
    },
  };
}

/**
 * JSON bodies, and on the listed paths also `text/plain` ones parsed as JSON: a page on another
 * site can send text/plain without a CORS preflight (navigator.sendBeacon sends a string as
 * text/plain), which the cookie-less view beacon relies on. Everywhere else text/plain stays
 * unparsed, so no other route accepts a body a cross-site form could forge.
 */
export function isJsonBody(req: Req, textPaths: ReadonlySet<string>): boolean {
  const header = req.headers['content-type'];
  const media = (typeof header === 'string' ? (header.split(';')[0] ?? '') : '').trim().toLowerCase();
  if (media === 'application/json') return true;
  return media === 'text/plain' && textPaths.has(requestPath(req.originalUrl ?? req.url));
}
