import { type Request, type Response } from 'express';
import { matchesEtag, publicReadCacheControl } from '@core-vault/contracts';
import { type ServedRead } from './artifact-reads.service';

/**
 * Sends a read exactly as prepared (the cached JSON string, no re-serialising) with its strong
 * ETag, or a bodiless 304 when the client already has it. The check is ours, not Express's:
 * `fresh` ignores If-None-Match when the request says `Cache-Control: no-cache`, which fetch()
 * adds to every conditional request — the gateway's included. Public reads may be stored by any
 * cache but must revalidate after `maxAge`; owner views only privately, always revalidated.
 */
export function sendRead(req: Request, res: Response, read: ServedRead, maxAgeSeconds: number): void {
  res.set({
    etag: read.etag,
    'cache-control':
      read.visibility === 'public' ? publicReadCacheControl(maxAgeSeconds) : 'private, no-cache',
    vary: 'Authorization',
  });
  if (matchesEtag(req.headers['if-none-match'], read.etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).type('application/json; charset=utf-8').send(read.body);
}
