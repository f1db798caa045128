import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Logger } from 'pino';
import { analyticsRoute } from '@core-vault/contracts';
import { type UsercontentConfig, allowedParents, mirrorCacheSettings } from '../config';
import { ArtifactSource } from './artifact-source';
import { type EmbedDocument, EmbedDocuments } from './embed-documents';
import { frameShell, oembed, parseTheme } from './pages';
import { COMMON_HEADERS, STATIC_CSP, artifactCsp } from './security-headers';
import { MirrorFiles } from './mirror-files';
import { NpmRoutes } from './npm-routes';
import { ArtifactOrigins, type HostKind } from './origins';
import { StaticFiles } from './static-files';

export interface UsercontentDeps {
  config: UsercontentConfig;
  logger: Logger;
  assetsDir: string;
  fetchFn?: typeof fetch;
  /** The library mirror's requests to the npm registry (tests count them). */
  mirrorFetchFn?: typeof fetch;
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void;

const acceptsGzip = (req: IncomingMessage) => (req.headers['accept-encoding'] ?? '').includes('gzip');

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Record<string, string>,
): void {
  let payload = typeof body === 'string' ? Buffer.from(body) : body;
  const out: Record<string, string> = { ...COMMON_HEADERS, ...headers, Vary: 'Accept-Encoding' };
  if (payload.length > 1024 && acceptsGzip(req)) {
    payload = gzipSync(payload);
    out['Content-Encoding'] = 'gzip';
  }
  out['Content-Length'] = String(payload.length);
  res.writeHead(status, out);
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/**
 * Embeds may be kept by browsers and CDNs for 30 s and then served stale for 30 s more while they
 * revalidate (ETag, 304): repeat views cost no rebuild and at most a 304, and a change of the
 * artifact shows within the minute the old `max-age=60` allowed.
 */
const EMBED_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=30';

/** The response headers of one embed document, gzipped or not, made once per document. */
interface DocumentHeaders {
  gzip?: Record<string, string>;
  plain?: Record<string, string>;
  notModified?: Record<string, string>;
}

/**
 * Sends a prepared embed document: 304 to a client that has it, the gzip made once, or the body.
 * Its headers are built on its first answer and kept beside it (`memo`): merging the security,
 * CSP and caching headers per request was a visible share of an embed served from memory.
 */
function sendDocument(
  req: IncomingMessage,
  res: ServerResponse,
  doc: EmbedDocument,
  headersOf: () => Record<string, string>,
  memo: WeakMap<EmbedDocument, DocumentHeaders>,
) {
  let made = memo.get(doc);
  if (!made) memo.set(doc, (made = {}));
  if (doc.etag && req.headers['if-none-match'] === doc.etag) {
    made.notModified ??= { ...COMMON_HEADERS, ...headersOf(), Vary: 'Accept-Encoding', ETag: doc.etag };
    res.writeHead(304, made.notModified);
    return void res.end();
  }
  const gzip = doc.gzip !== null && acceptsGzip(req);
  const payload = gzip && doc.gzip ? doc.gzip : doc.body;
  const out = gzip
    ? (made.gzip ??= documentHeaders(doc, headersOf(), payload, true))
    : (made.plain ??= documentHeaders(doc, headersOf(), payload, false));
  res.writeHead(doc.status, out);
  res.end(req.method === 'HEAD' ? undefined : payload);
}

function documentHeaders(
  doc: EmbedDocument,
  headers: Record<string, string>,
  payload: Buffer,
  gzip: boolean,
): Record<string, string> {
  const out: Record<string, string> = { ...COMMON_HEADERS, ...headers, Vary: 'Accept-Encoding' };
  if (doc.etag) out['ETag'] = doc.etag;
  if (gzip) out['Content-Encoding'] = 'gzip';
  out['Content-Length'] = String(payload.length);
  return out;
}

const html = (csp: string, cache: string) => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': csp,
  'Cache-Control': cache,
  // Each artifact origin in an agent cluster of its own (no document.domain, own process where
  // the browser can).
  'Origin-Agent-Cluster': '?1',
});

/**
 * A redirect to an artifact's own origin. Without `Referrer-Policy`: on a redirect it would set the
 * policy of the next request, and an embed's view is counted by the page that embeds it (its
 * referrer, docs/reference/analytics.md); the embedding page's own policy stays in force.
 */
const { 'Referrer-Policy': _referrerPolicy, ...REDIRECT_HEADERS } = COMMON_HEADERS;
const redirect = (_req: IncomingMessage, res: ServerResponse, location: string, cache: string) => {
  res.writeHead(302, {
    ...REDIRECT_HEADERS,
    Location: location,
    'Cache-Control': cache,
    'Content-Length': '0',
  });
  res.end();
};

const text = (req: IncomingMessage, res: ServerResponse, status: number, message: string) =>
  send(req, res, status, message, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Security-Policy': STATIC_CSP,
  });

/**
 * The artifact id in `{prefix}{id}`: null when the path is the prefix without its slash (no id),
 * '' when it is malformed (an empty id, another segment, a bad escape).
 */
function artifactIdOf(path: string, prefix: string): string | null {
  if (path === prefix.slice(0, -1)) return null;
  const raw = path.slice(prefix.length);
  if (!raw || raw.includes('/')) return '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

/**
 * The renderer origin as a minimal node:http server: it has no database, no sessions and no
 * auth, and every response needs exact, per-route security headers and as few bytes as possible.
 */
export function createUsercontentServer(deps: UsercontentDeps): Server {
  const { config, logger } = deps;
  const parents = allowedParents(config);
  const files = new StaticFiles(deps.assetsDir);
  const mirrorFiles = new MirrorFiles(
    join(deps.assetsDir, 'mirror'),
    NpmRoutes.fromSettings(mirrorCacheSettings(config), {
      ...(deps.mirrorFetchFn ? { fetchFn: deps.mirrorFetchFn } : {}),
      log: (msg, fields) => logger.info(fields ?? {}, msg),
    }),
  );
  const source = new ArtifactSource(config.GATEWAY_URL, config.GATEWAY_TIMEOUT_MS, deps.fetchFn);
  const embeds = new EmbedDocuments(source, config.WEB_ORIGIN, {
    freshMs: 5_000,
    maxEntries: 2_000,
    maxBytes: 64 * 1024 * 1024,
  });

  const origins = new ArtifactOrigins(config.RENDERER_ORIGIN, config.ARTIFACT_ORIGIN_SECRET);

  /**
   * The app frames `/frame/{id}` (or `/frame` for an unsaved preview) on the renderer's own
   * origin; this sends the frame on to the artifact's origin (or a throwaway preview origin). The
   * shell there is bound to that artifact: it renders nothing else (frame.ts).
   */
  const frameRedirect: Handler = (req, res, url) => {
    const parent = url.searchParams.get('parent') ?? '';
    if (!parents.has(parent))
      return text(req, res, 400, 'This renderer only shows artifacts inside Core Vault.');
    const id = artifactIdOf(url.pathname, '/frame/');
    if (id === '') return text(req, res, 400, 'Bad request');
    const query = new URLSearchParams({ parent });
    // The app asks for network=1 only for an artifact whose owner allowed outbound network.
    if (url.searchParams.get('network') === '1') query.set('network', '1');
    if (id !== null) query.set('a', id);
    const target = id === null ? origins.newPreviewOrigin() : origins.originFor(id);
    redirect(req, res, `${target}/frame?${query.toString()}`, 'no-store');
  };

  /** The shell on an artifact's (or a preview's) own origin, bound to that artifact. */
  const frame =
    (host: Exclude<HostKind, { kind: 'base' }>): Handler =>
    (req, res, url) => {
      const parent = url.searchParams.get('parent') ?? '';
      if (!parents.has(parent))
        return text(req, res, 400, 'This renderer only shows artifacts inside Core Vault.');
      const id = url.searchParams.get('a');
      const bound = host.kind === 'artifact' ? id !== null && origins.matches(host.label, id) : id === null;
      if (!bound) return text(req, res, 404, 'Not found');
      const network = url.searchParams.get('network') === '1';
      send(req, res, 200, frameShell(parent, id ?? ''), html(artifactCsp(parent, { network }), 'no-cache'));
    };

  // The embed reports its view to the app's cookie-less beacon (docs/reference/analytics.md). Both CSPs are
  // built once: joining the policy per request was a visible share of an embed served from memory.
  const beacon = `${config.WEB_ORIGIN}${analyticsRoute.viewBeacon.path}`;
  const embedHeaders = (id: string, doc: EmbedDocument) => () =>
    html(
      artifactCsp('*', {
        network: doc.allowNetwork,
        beacon,
        // Claude's runtime (window.storage, window.claude.complete) of this artifact alone.
        runtime: `${config.WEB_ORIGIN}/api/v1/artifacts/${encodeURIComponent(id)}/`,
      }),
      doc.status === 200 ? EMBED_CACHE_CONTROL : 'no-cache',
    );

  const headerMemo = new WeakMap<EmbedDocument, DocumentHeaders>();
  // Public artifacts may be embedded anywhere; the CSP sandbox still forbids top navigation.
  const sendEmbed = (req: IncomingMessage, res: ServerResponse, id: string, doc: EmbedDocument) =>
    sendDocument(req, res, doc, embedHeaders(id, doc), headerMemo);

  /** `/embed/{id}` asked on any origin but the artifact's own: sent there (embed codes name the renderer). */
  const embedRedirect = (req: IncomingMessage, res: ServerResponse, id: string, search: string) =>
    redirect(
      req,
      res,
      `${origins.originFor(id)}/embed/${encodeURIComponent(id)}${search}`,
      'public, max-age=3600',
    );

  const embed =
    (host: HostKind): Handler =>
    async (req, res, url) => {
      const id = artifactIdOf(url.pathname, '/embed/');
      if (!id) return text(req, res, 400, 'Bad request'); // a malformed escape is the caller's mistake
      if (host.kind !== 'artifact' || !origins.matches(host.label, id))
        return embedRedirect(req, res, id, url.search);
      sendEmbed(
        req,
        res,
        id,
        await embeds.get(id, parseTheme(url.searchParams.get('theme')), url.searchParams.get('v')),
      );
    };

  /**
   * A fresh embed document in memory, answered before the URL object, the router and the
   * request's promise are made (tools/bench/artifacts.mjs: the renderer's own work per embed was
   * ~1.6× a bare server's sending the same bytes). Anything else — not fresh, not a plain
   * `/embed/{id}[?theme=&v=]` GET, a malformed escape — takes the normal route: false.
   */
  const freshEmbed = (req: IncomingMessage, res: ServerResponse, host: HostKind): boolean => {
    const raw = req.url ?? '';
    if (host.kind !== 'artifact') return false;
    if (!raw.startsWith('/embed/') || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const q = raw.indexOf('?');
    const path = q < 0 ? raw : raw.slice(0, q);
    if (path.indexOf('/', '/embed/'.length) >= 0 || path.length === '/embed/'.length) return false;
    let id: string;
    try {
      id = decodeURIComponent(path.slice('/embed/'.length));
    } catch {
      return false;
    }
    if (!origins.matches(host.label, id)) return false;
    const params = q < 0 ? null : new URLSearchParams(raw.slice(q + 1));
    const doc = embeds.peek(id, parseTheme(params?.get('theme') ?? null), params?.get('v') ?? null);
    if (!doc) return false;
    sendEmbed(req, res, id, doc);
    return true;
  };

  const oembedRoute: Handler = async (req, res, url) => {
    const result = await oembed(source, url.searchParams, {
      web: config.WEB_ORIGIN,
      renderer: config.RENDERER_ORIGIN,
      embed: (id) => origins.originFor(id),
    });
    send(req, res, result.status, JSON.stringify(result.body), {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Security-Policy': STATIC_CSP,
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': result.status === 200 ? 'public, max-age=60' : 'no-cache',
    });
  };

  const assets: Handler = (req, res, url) => {
    const file = files.get(url.pathname);
    if (!file) return text(req, res, 404, 'Not found');
    const headers: Record<string, string> = {
      ...COMMON_HEADERS,
      'Content-Type': file.type,
      'Content-Security-Policy': STATIC_CSP,
      'Cache-Control': 'public, max-age=300',
      ETag: file.etag,
      Vary: 'Accept-Encoding',
      // Module scripts are CORS requests when an embedder sandboxes us into an opaque origin.
      'Access-Control-Allow-Origin': '*',
    };
    if (req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, headers);
      return void res.end();
    }
    const gz = file.gzip && acceptsGzip(req);
    const body = gz && file.gzip ? file.gzip : file.body;
    if (gz) headers['Content-Encoding'] = 'gzip';
    headers['Content-Length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const health: Handler = (req, res, url) => {
    const ready = url.pathname === '/health/live' || files.ready();
    const body = JSON.stringify({
      status: ready ? 'up' : 'down',
      checks: { assets: { status: files.ready() ? 'up' : 'down', critical: true } },
    });
    send(req, res, ready ? 200 : 503, body, {
      'Content-Type': 'application/json',
      'Content-Security-Policy': STATIC_CSP,
      'Cache-Control': 'no-store',
    });
  };

  /**
   * Artifact documents only on their own origin; the renderer's own origin sends them there. Files
   * that hold nothing (assets, mirror, oEmbed, health) answer on every origin: artifact documents
   * load them same-origin.
   */
  const route = (path: string, host: HostKind): Handler | null => {
    if (path === '/frame' || path.startsWith('/frame/'))
      return host.kind === 'base' ? frameRedirect : path === '/frame' ? frame(host) : null;
    if (path.startsWith('/embed/') && path.indexOf('/', '/embed/'.length) < 0)
      return host.kind === 'preview' ? null : embed(host);
    if (path === '/oembed') return oembedRoute;
    if (path.startsWith('/assets/') || path.startsWith('/vendor/')) return assets;
    if (path.startsWith('/mirror/'))
      return (req, res, url) => mirrorFiles.handle(req, res, url, () => text(req, res, 404, 'Not found'));
    if (path === '/health/live' || path === '/health/ready') return health;
    return null;
  };

  return createServer((req, res) => {
    const host = origins.classify(req.headers.host);
    if (freshEmbed(req, res, host)) return;
    const started = performance.now();
    // A listener per request only when its line would be written.
    if (logger.isLevelEnabled('debug'))
      res.on('finish', () =>
        logger.debug(
          {
            method: req.method,
            path: req.url?.split('?')[0],
            status: res.statusCode,
            ms: Math.round(performance.now() - started),
          },
          'request',
        ),
      );
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://renderer.invalid');
    } catch {
      return text(req, res, 400, 'Bad request');
    }
    const handler = route(url.pathname, host);
    if (!handler) return text(req, res, 404, 'Not found');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return text(req, res, 405, 'Only GET and HEAD are supported.');
    }
    Promise.resolve(handler(req, res, url)).catch((err: unknown) => {
      logger.error({ err, path: url.pathname }, 'request failed');
      if (!res.headersSent) text(req, res, 500, 'Something went wrong.');
      else res.destroy();
    });
  });
}
