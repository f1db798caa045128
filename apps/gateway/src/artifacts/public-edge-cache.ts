import { randomUUID } from 'node:crypto';
import { IncomingMessage, type Server, ServerResponse } from 'node:http';
import { type Redis } from 'ioredis';
import { type Logger } from 'pino';
import {
  matchesEtag,
  pinnedVersion,
  publicArtifactCacheKey,
  publicReadCacheControl,
} from '@core-vault/contracts';
import {
  REQUEST_ID_HEADER,
  type ServiceMetrics,
  acceptRequestId,
  credentialInQuery,
  declaresBody,
  redisForRequest,
} from '@core-vault/platform';

const NEWLINE = 0x0a;
const PREFIX = '/api/v1/artifacts/';
/** The route label the metrics middleware gives the same call when Nest answers it. */
const ROUTE = '/api/v1/artifacts/:id';

/** Artifact ids as the artifacts service issues them; anything else goes the normal way. */
const ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Splits the cached entry (see encodeCachedRead in contracts: etag, owner, body on separate
 * lines) without decoding the body: it goes out as the very bytes Redis returned.
 */
function splitEntry(raw: Buffer): { etag: string; body: Buffer } | null {
  const first = raw.indexOf(NEWLINE);
  const second = first < 0 ? -1 : raw.indexOf(NEWLINE, first + 1);
  if (second < 0) return null;
  return { etag: raw.toString('latin1', 0, first), body: raw.subarray(second + 1) };
}

/**
 * The artifact id of an anonymous `GET /api/v1/artifacts/{id}[?query]`, else undefined. A GET
 * with a body, or with a token in its query string, goes the normal way, where it is refused
 * like on every other route (TOKEN_IN_URL comes before anything else, the cache included).
 */
export function edgeCandidate(req: IncomingMessage): string | undefined {
  const url = req.url;
  if (req.method !== 'GET' || req.headers.authorization || !url?.startsWith(PREFIX) || declaresBody(req))
    return undefined;
  const query = url.indexOf('?', PREFIX.length);
  const id = url.slice(PREFIX.length, query < 0 ? undefined : query);
  if (!ID_PATTERN.test(id)) return undefined;
  return query < 0 || !credentialInQuery(url) ? id : undefined;
}

export type Forward = () => void;
export type EdgeHandler = (req: IncomingMessage, res: ServerResponse, forward: Forward) => void;

/**
 * Edge cache for the product's hot path: an anonymous visitor opening a shared artifact.
 * It answers GET /api/v1/artifacts/:id without a token straight from the artifacts service's own
 * ready-to-send Redis entry (that service alone writes and invalidates it on every change), with
 * the same ETag, 304 and caching headers the service sends. A miss, a token (owner views differ),
 * any other request or any Redis trouble is forwarded to the normal route.
 */
export function publicEdgeCache(
  redis: Redis,
  maxAgeSeconds: number,
  logger: Logger,
  metrics?: ServiceMetrics,
): EdgeHandler {
  const cacheControl = publicReadCacheControl(maxAgeSeconds);
  // The two answers' histogram series, bound once: observing a bound series skips hashing the
  // labels on every hit (startTimer with labels did that per request).
  const series = metrics && {
    ok: metrics.httpDuration.labels({ method: 'GET', route: ROUTE, status: '200' }),
    notModified: metrics.httpDuration.labels({ method: 'GET', route: ROUTE, status: '304' }),
  };
  return (req, res, forward) => {
    const id = edgeCandidate(req);
    if (id === undefined) return forward();
    // `?v=N` reads its version's own entry; a malformed `v` goes to the service (a 400).
    const query = req.url?.indexOf('?') ?? -1;
    const version = query < 0 ? undefined : pinnedVersion(req.url?.slice(query + 1) ?? '');
    if (version === null) return forward();
    const started = performance.now();
    // Without an answer from Redis at once (it is away: the shared client would queue), forward.
    redisForRequest(redis, (r) => r.getBuffer(publicArtifactCacheKey(id, version))).then(
      (raw) => {
        const read = raw === null ? null : splitEntry(raw);
        if (!read) return forward();
        const headers = {
          [REQUEST_ID_HEADER]: acceptRequestId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID(),
          etag: read.etag,
          'cache-control': cacheControl,
          vary: 'Authorization',
        };
        if (matchesEtag(req.headers['if-none-match'], read.etag)) {
          res.writeHead(304, headers).end();
          series?.notModified.observe((performance.now() - started) / 1000);
          return;
        }
        res
          .writeHead(200, {
            ...headers,
            'content-type': 'application/json; charset=utf-8',
            'content-length': read.body.length,
          })
          .end(read.body);
        series?.ok.observe((performance.now() - started) / 1000);
      },
      (err: unknown) => {
        logger.warn({ err }, 'edge cache read failed; forwarding');
        forward();
      },
    );
  };
}

/**
 * Puts `handler` in front of everything the server does per request: Express (Nest's listener)
 * and also the OpenTelemetry HTTP instrumentation, which wraps `http.Server.prototype.emit` to
 * open a server span for every request. The handler runs from the server's own `emit`, which
 * shadows the prototype's, so an answered request costs no span, context or attribute work; a
 * forwarded one goes through the prototype's (instrumented) emit to the listeners unchanged and
 * is traced as before. Profiled under tools/bench/artifacts.mjs: the span machinery was the
 * largest share of the gateway's own work on a cache hit, and the hit's latency stays measured
 * by the handler's metrics.
 */
export function prependRequestHandler(server: Server, handler: EdgeHandler): void {
  const emit: (event: string, ...args: unknown[]) => boolean = server.emit.bind(server);
  const edgeEmit = (event: string, ...args: unknown[]): boolean => {
    if (event !== 'request' || !isRequest(args)) return emit(event, ...args);
    const [req, res] = args;
    handler(req, res, () => void emit(event, req, res));
    return true;
  };
  server.emit = edgeEmit;
}

function isRequest(args: unknown[]): args is [IncomingMessage, ServerResponse<IncomingMessage>] {
  return args[0] instanceof IncomingMessage && args[1] instanceof ServerResponse;
}
