import { Injectable } from '@nestjs/common';
import {
  ARTIFACT_LIMITS,
  type ArtifactPage,
  type AuthUser,
  type ListArtifactsQuery,
  type SearchArtifactsQuery,
  type SearchResult,
  type SitemapPage,
} from '@core-vault/contracts';
import { renderArtifact } from '../rendering/render';
import { canManage, ownerIds } from './artifact-access';
import { isArtifactId } from './artifact-state';
import { type ArtifactDoc } from './artifact.schema';
import { pinTo, toOwnerView, toPublicView, toSummary } from './artifact-views';
import { ArtifactException } from './artifacts.exception';
import { ArtifactsRepository } from './artifacts.repository';
import { LIST_ORDERS, decodeListCursor, encodeListCursor, positionOf } from './list-order';
import { type CachedRead, PublicArtifactCache, strongEtag } from './public-cache';
import { escapeRegex, scoreArtifact, searchTerms } from './search-scoring';
import { VersionsRepository } from './versions.repository';

/** A read ready to send: public ones are shared-cacheable, owner views are private. */
export interface ServedRead {
  body: string;
  etag: string;
  visibility: 'public' | 'private';
}

/** Reads: one artifact for any viewer, the caller's list, ranked search. */
@Injectable()
export class ArtifactReadsService {
  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly cache: PublicArtifactCache,
    private readonly versions: VersionsRepository,
  ) {}

  /**
   * Anonymous and non-owner viewers of a public artifact get the cached public view; owners and
   * admins get the full view (never cached in Redis); anyone else 403 for private, 404 if missing.
   * `version` pins the read to that content version (`?v=N`): same access rules first, then 404
   * "Version not found" for one that never existed or was pruned. Each version has its own
   * cache entry, so its own ETag.
   */
  async read(id: string, user: AuthUser | null, version?: number): Promise<ServedRead> {
    if (!isArtifactId(id)) throw ArtifactException.notFound();
    const cached = await this.cache.get(id, version);
    if (cached && !canManage(user, cached.owner))
      return { body: cached.body, etag: cached.etag, visibility: 'public' };
    const doc = await this.artifacts.findLive(id);
    if (!doc) throw ArtifactException.notFound();
    if (canManage(user, doc.owner)) {
      const body = JSON.stringify({ artifact: await this.pinned(doc, toOwnerView(doc), version) });
      return { body, etag: strongEtag(body), visibility: 'private' };
    }
    if (!doc.isPublic) throw ArtifactException.private();
    const body = JSON.stringify({ artifact: await this.pinned(doc, toPublicView(doc), version) });
    const read: CachedRead = { body, etag: strongEtag(body), owner: doc.owner };
    await this.cache.store(doc._id, doc.rev, read, version);
    return { body, etag: read.etag, visibility: 'public' };
  }

  /**
   * The view as of content version `version` (the current one needs nothing more). An old
   * version's stored form may predate today's render policy, so it is sanitized again.
   */
  private async pinned<T extends ReturnType<typeof toPublicView>>(
    doc: ArtifactDoc,
    view: T,
    version: number | undefined,
  ): Promise<T> {
    if (version === undefined || version === doc.version) return view;
    const snapshot = version < doc.version ? await this.versions.get(doc._id, version) : null;
    if (!snapshot) throw ArtifactException.versionNotFound();
    return pinTo(view, snapshot, renderArtifact(snapshot.type, snapshot.content));
  }

  /** Public artifacts of owners who allow indexing, newest changed first (the sitemap). */
  async sitemap(page: number): Promise<SitemapPage> {
    const size = ARTIFACT_LIMITS.sitemapPageSize;
    const docs = await this.artifacts.sitemapPage((page - 1) * size, size + 1);
    return {
      entries: docs
        .slice(0, size)
        .map((d) => ({ id: d._id, updatedAt: new Date(d.updatedAt).toISOString() })),
      page,
      hasMore: docs.length > size,
    };
  }

  /**
   * The caller's list in one of the five sorts. A `cursor` (from the previous page's nextCursor)
   * continues after its last item by keyset and carries the first page's total and the page
   * number, so only the first page counts; ?page= without a cursor still skips (old links).
   * One item more than asked tells whether another page follows.
   */
  async list(user: AuthUser, query: ListArtifactsQuery): Promise<ArtifactPage> {
    const owners = ownerIds(user);
    const order = LIST_ORDERS[query.sort];
    const cursor = query.cursor ? decodeListCursor(query.cursor, query.sort) : null;
    const page = cursor ? cursor.page : query.page;
    const from = cursor ? { after: cursor.position } : { skip: (page - 1) * query.limit };
    const [docs, total] = await Promise.all([
      this.artifacts.list(owners, query.sort, from, query.limit + 1),
      cursor ? cursor.total : this.artifacts.countLive(owners),
    ]);
    const items = docs.slice(0, query.limit);
    const last = items.at(-1);
    const hasMore = docs.length > query.limit && last !== undefined;
    return {
      artifacts: items.map(toSummary),
      page,
      limit: query.limit,
      total,
      hasMore,
      nextCursor: hasMore
        ? encodeListCursor({ sort: query.sort, position: positionOf(order, last), total, page: page + 1 })
        : null,
    };
  }

  /**
   * No $text on this server: a bounded candidate query (escaped regexes over title, tags and
   * content, newest changed first), then scoring here; ties go to the most recently changed.
   */
  async search(user: AuthUser, query: SearchArtifactsQuery): Promise<SearchResult> {
    const terms = searchTerms(query.q);
    const patterns = terms.map((t) => new RegExp(escapeRegex(t), 'i'));
    const candidates = await this.artifacts.searchCandidates(
      ownerIds(user),
      patterns,
      ARTIFACT_LIMITS.searchCandidatesMax,
    );
    const ranked = candidates
      .map((doc) => ({ doc, score: scoreArtifact(doc, terms) }))
      .sort((a, b) => b.score - a.score || +new Date(b.doc.updatedAt) - +new Date(a.doc.updatedAt));
    const skip = (query.page - 1) * query.limit;
    const page = ranked.slice(skip, skip + query.limit);
    return {
      artifacts: page.map(({ doc, score }) => ({ ...toSummary(doc), score, snippets: [] })),
      page: query.page,
      limit: query.limit,
      total: ranked.length,
      hasMore: skip + page.length < ranked.length,
    };
  }
}
