import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import { APP_CONFIG, LOGGER } from '@core-vault/platform';
import { type GatewayConfig } from '../config';

/** The SPA's index.html could not be read and no earlier copy is at hand. */
export class SpaIndexUnavailable extends Error {}

interface Copy {
  html: string;
  /** The web server's Content-Security-Policy for the page (the SPA's own policy), if it sent one. */
  policy: string | null;
  etag: string | null;
  lastModified: string | null;
  checkedAt: number;
}

/** A copy is used as it is for this long, then revalidated (If-None-Match / If-Modified-Since). */
const FRESH_MS = 30_000;
const TIMEOUT_MS = 5_000;

/**
 * The SPA's built index.html, read from the web server (its asset names change with every build,
 * so the gateway cannot have its own copy). One copy per gateway, revalidated every 30 s; when the
 * web server does not answer, the last copy keeps serving.
 */
@Injectable()
export class SpaIndex {
  private copy: Copy | null = null;
  private pending: Promise<string> | null = null;
  private readonly url: string;

  constructor(
    @Inject(APP_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.url = `${(config.WEB_INTERNAL_URL ?? config.WEB_ORIGIN).replace(/\/+$/, '')}/index.html`;
  }

  /** The clock (a spec moves it). */
  protected now(): number {
    return Date.now();
  }

  /**
   * The Content-Security-Policy the web server sends with index.html (nginx's, or vite's locally):
   * /view/{id} is the SPA's page, so it keeps the SPA's policy. Null before the first copy, or when
   * the web server sent none.
   */
  policy(): string | null {
    return this.copy?.policy ?? null;
  }

  get(): Promise<string> {
    if (this.copy && this.now() - this.copy.checkedAt < FRESH_MS) return Promise.resolve(this.copy.html);
    // One revalidation at a time, whatever the number of requests waiting for it.
    this.pending ??= this.revalidate().finally(() => (this.pending = null));
    return this.pending;
  }

  private async revalidate(): Promise<string> {
    const previous = this.copy;
    const headers: Record<string, string> = { accept: 'text/html' };
    if (previous?.etag) headers['if-none-match'] = previous.etag;
    if (previous?.lastModified) headers['if-modified-since'] = previous.lastModified;
    try {
      const res = await fetch(this.url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (res.status === 304 && previous) {
        this.copy = { ...previous, checkedAt: this.now() };
        return previous.html;
      }
      const html = await res.text();
      if (!res.ok || !/<head\b/i.test(html)) throw new Error(`${this.url} answered ${res.status}`);
      this.copy = {
        html,
        policy: res.headers.get('content-security-policy'),
        etag: res.headers.get('etag'),
        lastModified: res.headers.get('last-modified'),
        checkedAt: this.now(),
      };
      return html;
    } catch (err) {
      if (previous) {
        this.logger.warn({ err, url: this.url }, 'SPA index revalidation failed; serving the last copy');
        this.copy = { ...previous, checkedAt: this.now() };
        return previous.html;
      }
      this.logger.error({ err, url: this.url }, 'SPA index unavailable: /view pages answer 503');
      throw new SpaIndexUnavailable(String(err));
    }
  }
}
