import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { type Response } from 'express';
import { type Logger } from 'pino';
import { artifactShareMeta, genericShareMeta, shareMetaTags } from '@core-vault/contracts';
import { APP_CONFIG, LOGGER, Public } from '@core-vault/platform';
import { type GatewayConfig } from '../config';
import { robotsTxt } from './robots';
import { injectShareTags } from './share-head';
import { ShareSource, SitemapUnavailable } from './share-source';
import { sitemapIndex, sitemapUrlset } from './sitemap';
import { SpaIndex, SpaIndexUnavailable } from './spa-index';

const VERSION = /^[1-9]\d{0,14}$/;
/** Pages of the listing walked for the sitemap index (1,000 entries each). */
const MAX_SITEMAP_PAGES = 200;
/** The app refuses to be framed, on this page as on every other (see apps/web/vite.config.ts). */
const APP_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'X-Frame-Options': 'DENY',
  // An edit shows at once: the page is revalidated on every visit.
  'Cache-Control': 'no-cache',
} as const;
/** The page's policy when the web server sent none: no plugins, no <base>, never framed. */
export const SHARE_PAGE_FALLBACK_POLICY = "object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/**
 * The SPA's own policy as its web server sends it with index.html (apps/web/src/lib/page-security.ts,
 * deploy/docker/web/security-headers.conf) — the page is the SPA's, and a client-side navigation
 * from it keeps it — always with frame-ancestors 'none', whatever the web server said about framing.
 */
export function sharePagePolicy(fromWebServer: string | null): string {
  const directives = (fromWebServer ?? '')
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && !d.toLowerCase().startsWith('frame-ancestors'));
  if (directives.length === 0) return SHARE_PAGE_FALLBACK_POLICY;
  return [...directives, "frame-ancestors 'none'"].join('; ');
}

/**
 * The first HTML response of a shared link (/view/{id}[?v=N]) with the artifact's own tags —
 * crawlers and link unfurlers do not run the SPA — and the crawler files /robots.txt and
 * /sitemap.xml. The web server sends these paths here (vite proxy, nginx, the ingress).
 */
@Controller()
export class SharePageController {
  private readonly webOrigin: string;

  constructor(
    private readonly index: SpaIndex,
    private readonly source: ShareSource,
    @Inject(APP_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.webOrigin = config.WEB_ORIGIN.replace(/\/+$/, '');
  }

  /** `/view` alone too: the ingress sends the whole /view prefix here (the SPA's own route). */
  @Public()
  @Get(['view', 'view/:id'])
  async view(
    @Param('id') id: string | undefined,
    @Query('v') v: unknown,
    @Res() res: Response,
  ): Promise<void> {
    const pinned = typeof v === 'string' && VERSION.test(v) ? Number(v) : undefined;
    // Both at once: the index is nearly always a cached copy, the read a Redis hit.
    const [index, subject] = await Promise.allSettled([
      this.index.get(),
      id === undefined ? Promise.resolve(null) : this.source.artifact(id, pinned),
    ]);
    if (index.status === 'rejected') {
      if (!(index.reason instanceof SpaIndexUnavailable)) throw index.reason;
      res.status(503).setHeader('Retry-After', '5').type('text/plain');
      return void res.send('Core Vault is starting up. Please try again in a few seconds.');
    }
    const found = subject.status === 'fulfilled' ? subject.value : null;
    const path = id === undefined ? '/view' : `/view/${encodeURIComponent(id)}`;
    // Unknown, private and deleted artifacts look the same: generic tags, the SPA says the rest.
    const meta = found
      ? artifactShareMeta(found, { webOrigin: this.webOrigin, ...(pinned ? { pinned } : {}) })
      : genericShareMeta(this.webOrigin, path);
    res
      .status(200)
      .set({ ...APP_PAGE_HEADERS, 'Content-Security-Policy': sharePagePolicy(this.index.policy()) });
    res.send(injectShareTags(index.value, shareMetaTags(meta)));
  }

  @Public()
  @Get('robots.txt')
  robots(@Res() res: Response): void {
    res
      .status(200)
      .set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
    res.send(robotsTxt(this.webOrigin));
  }

  /** One page of the listing as a <urlset>, or (no page asked, more than one) a <sitemapindex>. */
  @Public()
  @Get('sitemap.xml')
  async sitemap(@Query('page') page: unknown, @Res() res: Response): Promise<void> {
    const xml = (status: number, body: string) => {
      res.status(status).set({
        'Content-Type': 'application/xml; charset=utf-8',
        'Cache-Control': status === 200 ? 'public, max-age=3600' : 'no-cache',
      });
      res.send(body);
    };
    try {
      if (page !== undefined) {
        if (typeof page !== 'string' || !VERSION.test(page) || Number(page) > MAX_SITEMAP_PAGES)
          return xml(404, sitemapUrlset(this.webOrigin, []));
        const listing = await this.source.sitemapPage(Number(page));
        return xml(
          listing.entries.length || page === '1' ? 200 : 404,
          sitemapUrlset(this.webOrigin, listing.entries),
        );
      }
      const first = await this.source.sitemapPage(1);
      if (!first.hasMore) return xml(200, sitemapUrlset(this.webOrigin, first.entries));
      const pages = [{ page: 1, lastmod: first.entries[0]?.updatedAt ?? null }];
      for (let n = 2, more = true; more && n <= MAX_SITEMAP_PAGES; n++) {
        const next = await this.source.sitemapPage(n);
        if (next.entries.length) pages.push({ page: n, lastmod: next.entries[0]?.updatedAt ?? null });
        more = next.hasMore;
      }
      return xml(200, sitemapIndex(this.webOrigin, pages));
    } catch (err) {
      if (!(err instanceof SitemapUnavailable)) throw err;
      this.logger.warn('sitemap.xml: listing unavailable, answered 503');
      res.setHeader('Retry-After', '60');
      return xml(503, sitemapUrlset(this.webOrigin, []));
    }
  }
}
