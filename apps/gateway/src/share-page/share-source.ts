import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import { z } from 'zod';
import { type ShareSubject } from '@core-vault/contracts';
import { APP_CONFIG, LOGGER, REQUEST_ID_HEADER, requestContext } from '@core-vault/platform';
import { type GatewayConfig } from '../config';
import { type SitemapEntry } from './sitemap';

const TIMEOUT_MS = 5_000;
const ID = /^[\w-]{1,100}$/;

/** The fields of the public read the tags use; anything else of the artifact is never read. */
const publicReadSchema = z.object({
  artifact: z.object({
    title: z.string(),
    type: z.string(),
    isPublic: z.boolean(),
    description: z.string().optional(),
    content: z.string().optional(),
    indexable: z.boolean().optional(),
    version: z.number().int().optional(),
  }),
});

const sitemapPageSchema = z.object({
  entries: z.array(z.object({ id: z.string(), updatedAt: z.string() })),
  hasMore: z.boolean(),
});

export class SitemapUnavailable extends Error {}

/**
 * What the share pages read from the artifacts service, anonymously: the public read (so a
 * private artifact is never more than "not available") and the public sitemap listing.
 */
@Injectable()
export class ShareSource {
  private readonly base: string;

  constructor(
    @Inject(APP_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.base = config.ARTIFACTS_URL.replace(/\/+$/, '');
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const store = requestContext.getStore();
    if (store?.requestId) headers[REQUEST_ID_HEADER] = store.requestId;
    if (store?.traceparent) headers['traceparent'] = store.traceparent;
    return headers;
  }

  /** A public artifact (version), or null: private, unknown, deleted, or the service away. */
  async artifact(id: string, pinned?: number): Promise<ShareSubject | null> {
    if (!ID.test(id)) return null;
    const url = `${this.base}/api/v1/artifacts/${encodeURIComponent(id)}${pinned ? `?v=${pinned}` : ''}`;
    try {
      const res = await fetch(url, { headers: this.headers(), signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) {
        if (res.status >= 500)
          this.logger.warn({ status: res.status, id }, 'share page: artifact read failed');
        return null;
      }
      const parsed = publicReadSchema.safeParse(await res.json());
      if (!parsed.success || !parsed.data.artifact.isPublic) return null;
      return { id, ...parsed.data.artifact };
    } catch (err) {
      this.logger.warn({ err, id }, 'share page: artifact read failed');
      return null;
    }
  }

  async sitemapPage(page: number): Promise<{ entries: SitemapEntry[]; hasMore: boolean }> {
    try {
      const res = await fetch(`${this.base}/api/v1/artifacts/sitemap?page=${page}`, {
        headers: this.headers(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`sitemap page ${page} answered ${res.status}`);
      return sitemapPageSchema.parse(await res.json());
    } catch (err) {
      this.logger.warn({ err, page }, 'sitemap listing unavailable');
      throw new SitemapUnavailable(String(err));
    }
  }
}
