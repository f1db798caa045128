import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { type RenderTheme } from '@core-vault/contracts';
import { type ArtifactSource } from './artifact-source';
import { type PageResult, embedPage, parsePinned } from './pages';

/** An embed document ready to send: its bytes, once gzipped, and a strong ETag over both. */
export interface EmbedDocument {
  status: number;
  body: Buffer;
  /** The gzipped body; null when the body is too small to be worth it. */
  gzip: Buffer | null;
  /** Strong ETag of a 200 document (its bytes and its network flag); null for error pages. */
  etag: string | null;
  allowNetwork: boolean;
}

interface Entry extends EmbedDocument {
  /** The gateway's ETag of the public read the document was built from. */
  upstreamEtag: string | undefined;
  /** When the gateway last said the read is unchanged (or it was built). */
  checkedAt: number;
}

export interface EmbedDocumentsOptions {
  /**
   * How long a document is served without asking the gateway again. Embeds already tell browsers
   * and CDNs they may keep them for longer (Cache-Control in server.ts), so a change of the
   * artifact (an edit, made private, deleted) reaches embeds no later than before.
   */
  freshMs: number;
  /** Bounds of the cache: entries and bytes (bodies plus their gzip). */
  maxEntries: number;
  maxBytes: number;
  now?: () => number;
}

const GZIP_MIN_BYTES = 1024;

export function prepareDocument(page: PageResult): EmbedDocument {
  const body = Buffer.from(page.html);
  const gzip = body.length > GZIP_MIN_BYTES ? gzipSync(body) : null;
  const allowNetwork = page.allowNetwork === true;
  const etag =
    page.status === 200
      ? `"${createHash('sha256')
          .update(allowNetwork ? 'net\n' : 'closed\n')
          .update(body)
          .digest('base64url')
          .slice(0, 32)}"`
      : null;
  return { status: page.status, body, gzip, etag, allowNetwork };
}

/**
 * The renderer's embed documents (/embed/{id}), built once and kept in memory. Profiled under
 * tools/bench/artifacts.mjs, an embed cost a gateway read, a JSON parse, the document build and a
 * synchronous gzip per request: 0.04 × a bare server returning the same bytes. Now a repeat view
 * within `freshMs` is answered from memory; after it, one conditional read of the gateway (its
 * edge cache answers 304 without a hop) keeps the built document, and only a changed artifact is
 * built again. Concurrent requests for a document being built share the build. Error pages
 * (private, missing, failing) are never kept.
 */
export class EmbedDocuments {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<EmbedDocument>>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(
    private readonly source: ArtifactSource,
    private readonly webOrigin: string,
    private readonly options: EmbedDocumentsOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The document if it is in memory and fresh, without waiting: the renderer's hot path. */
  peek(id: string, theme: RenderTheme, pinnedParam: string | null): EmbedDocument | undefined {
    const entry = this.entries.get(`${id}\n${theme}\n${pinnedParam ?? ''}`);
    return entry && this.now() - entry.checkedAt < this.options.freshMs ? entry : undefined;
  }

  get(id: string, theme: RenderTheme, pinnedParam: string | null): Promise<EmbedDocument> {
    const fresh = this.peek(id, theme, pinnedParam);
    if (fresh) return Promise.resolve(fresh);
    const key = `${id}\n${theme}\n${pinnedParam ?? ''}`;
    const entry = this.entries.get(key);
    const pending = this.building.get(key);
    if (pending) return pending;
    const work = this.refresh(key, entry, id, theme, pinnedParam).finally(() => this.building.delete(key));
    this.building.set(key, work);
    return work;
  }

  private async refresh(
    key: string,
    entry: Entry | undefined,
    id: string,
    theme: RenderTheme,
    pinnedParam: string | null,
  ): Promise<EmbedDocument> {
    const pinned = parsePinned(pinnedParam);
    if (entry?.upstreamEtag && pinned !== 'invalid') {
      if (await this.source.unchanged(id, pinned, entry.upstreamEtag)) {
        entry.checkedAt = this.now();
        return entry;
      }
    }
    const page = await embedPage(this.source, id, theme, this.webOrigin, pinnedParam);
    const document = prepareDocument(page);
    this.forget(key);
    if (document.status !== 200) return document;
    const kept: Entry = { ...document, upstreamEtag: page.etag, checkedAt: this.now() };
    this.keep(key, kept);
    return kept;
  }

  private keep(key: string, entry: Entry): void {
    const size = entry.body.length + (entry.gzip?.length ?? 0);
    if (size > this.options.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += size;
    // Oldest first (Map keeps insertion order; a rebuilt entry is inserted anew).
    for (const old of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.forget(old);
    }
  }

  private forget(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.body.length + (old.gzip?.length ?? 0);
  }
}
