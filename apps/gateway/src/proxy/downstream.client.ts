import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { APP_CONFIG, AppException, REQUEST_ID_HEADER, requestContext } from '@core-vault/platform';
import { type DownstreamService, type GatewayConfig, serviceUrl } from '../config';

/** Request headers a downstream service may need; everything else stays at the edge. */
const FORWARDED_REQUEST_HEADERS = [
  'authorization',
  'content-type',
  'accept',
  'if-none-match',
  'user-agent',
  'referer',
];
/** Response headers passed back to the client. */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'etag',
  'cache-control',
  'retry-after',
  'location',
  'content-disposition',
  'vary',
  'last-modified',
  // The artifacts export's size up front (the SPA's progress).
  'x-export-total',
];
const TIMEOUT_MS = 15_000;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * `cookies`: pass the cookie header both ways (identity only). `raw`: forward the exact request
 * bytes (webhooks whose signature covers the body; needs rawBody on the gateway) plus the named
 * extra headers. `stream`: pass the answer on as it arrives, with backpressure and no time limit
 * once the headers came (exports of any size); a broken upstream cuts the answer off.
 */
export interface ForwardOptions {
  cookies?: boolean;
  raw?: boolean;
  extraHeaders?: readonly string[];
  stream?: boolean;
  /**
   * Pass the request body on as it arrives (file uploads of import-sources: never parsed or held
   * here); the gateway's upload limit (uploadBodyLimits) checked the declared length already.
   */
  streamBody?: boolean;
  /** Time limit of the answer's headers, over TIMEOUT_MS (a model call takes longer). */
  timeoutMs?: number;
}

/**
 * Forwards a request to the service that owns it, over HTTP with keep-alive (Node's fetch pools
 * connections). The caller's bearer token goes along so the service verifies it again itself.
 */
@Injectable()
export class DownstreamClient {
  constructor(@Inject(APP_CONFIG) private readonly config: GatewayConfig) {}

  async forward(
    service: DownstreamService,
    req: Request & { rawBody?: Buffer },
    res: Response,
    options: ForwardOptions = {},
  ): Promise<void> {
    const headers = new Headers();
    for (const name of [...FORWARDED_REQUEST_HEADERS, ...(options.extraHeaders ?? [])]) {
      const value = req.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    // Only identity reads the refresh-token cookie; other services never see cookies.
    if (options.cookies && typeof req.headers.cookie === 'string') headers.set('cookie', req.headers.cookie);
    headers.set(REQUEST_ID_HEADER, String(res.getHeader(REQUEST_ID_HEADER) ?? ''));
    headers.set('x-forwarded-for', req.ip ?? '');
    // The downstream service's server span becomes a child of this request's span.
    const traceparent = requestContext.getStore()?.traceparent;
    if (traceparent) headers.set('traceparent', traceparent);
    // Only these carry a body here; GET/HEAD/DELETE bodies never get this far (requestGuard).
    const body = options.streamBody
      ? (Readable.toWeb(req) as ReadableStream<Uint8Array>)
      : options.raw
        ? req.rawBody
        : BODY_METHODS.has(req.method) && req.body !== undefined
          ? JSON.stringify(req.body)
          : undefined;

    let upstream: globalThis.Response;
    // Streamed answers: the time limit covers the wait for the headers only.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), options.timeoutMs ?? TIMEOUT_MS);
    try {
      upstream = await fetch(`${serviceUrl(this.config, service)}${req.originalUrl}`, {
        method: req.method,
        headers,
        body,
        // A stream body needs half duplex (Node's fetch refuses it otherwise).
        ...(options.streamBody ? { duplex: 'half' } : {}),
        redirect: 'manual',
        signal: abort.signal,
      });
      if (options.stream) clearTimeout(timer);
    } catch {
      clearTimeout(timer);
      // Only the network or the service itself ends up here: the request was a valid one.
      throw new AppException(
        503,
        'SERVICE_UNAVAILABLE',
        'The service is temporarily unavailable. Please try again.',
      );
    }
    res.status(upstream.status);
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) res.setHeader(name, value);
    }
    const cookies = upstream.headers.getSetCookie();
    if (options.cookies && cookies.length) res.setHeader('set-cookie', cookies);
    if (options.stream && upstream.body) {
      // The headers at once (a download starts before the first byte of the body is ready).
      res.flushHeaders();
      // pipeline: backpressure both ways; an upstream error destroys the client's response.
      await pipeline(Readable.fromWeb(upstream.body), res).catch(() => undefined);
      return;
    }
    try {
      res.send(Buffer.from(await upstream.arrayBuffer()));
    } finally {
      clearTimeout(timer);
    }
  }
}
