import { randomUUID } from 'node:crypto';
import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { type Redis } from 'ioredis';
import { type Logger } from 'pino';
import { matchesEtag, publicArtifactCacheKey, publicReadCacheControl } from '@core-vault/contracts';
import { REQUEST_ID_HEADER, acceptRequestId } from '@core-vault/platform';

const NEWLINE = 0x0a;

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

/** Artifact ids as the artifacts service issues them; anything else goes the normal way. */
const ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Edge cache for the product's hot path: an anonymous visitor opening a shared artifact.
 * Mounted ahead of Nest's router, it answers GET /api/v1/artifacts/:id without a token straight
 * from the artifacts service's own ready-to-send Redis entry (that service alone writes and
 * invalidates it on every change), with the same ETag, 304 and caching headers the service sends.
 * A miss, a token (owner views differ) or any Redis trouble falls through to the normal route.
 */
export function publicEdgeCache(redis: Redis, maxAgeSeconds: number, logger: Logger): RequestHandler {
  const cacheControl = publicReadCacheControl(maxAgeSeconds);
  return (req: Request, res: Response, next: NextFunction) => {
    const id = req.params['id'];
    if (req.headers.authorization || typeof id !== 'string' || !ID_PATTERN.test(id)) return next();
    redis.getBuffer(publicArtifactCacheKey(id)).then(
      (raw) => {
        const read = raw === null ? null : splitEntry(raw);
        if (!read) return next();
        const headers = {
          [REQUEST_ID_HEADER]: acceptRequestId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID(),
          etag: read.etag,
          'cache-control': cacheControl,
          vary: 'Authorization',
        };
        if (matchesEtag(req.headers['if-none-match'], read.etag)) {
          res.writeHead(304, headers).end();
          return;
        }
        res
          .writeHead(200, {
            ...headers,
            'content-type': 'application/json; charset=utf-8',
            'content-length': read.body.length,
          })
          .end(read.body);
      },
      (err: unknown) => {
        logger.warn({ err }, 'edge cache read failed; forwarding');
        next();
      },
    );
  };
}
