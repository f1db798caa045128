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
import { pinTo, toOwnerView, toPublicView, toSummary, withOwnerName } from './artifact-views';
import { OwnerNamesRepository } from '../owner-names/owner-names.repository';
import { ArtifactException } from './artifacts.exception';
import { ArtifactsRepository } from './artifacts.repository';
import { CollectionsRepository } from '../collections/collections.repository';
import { isSearchUnavailable } from '../search/opensearch.client';
import { ArtifactSearchRepository } from '../search/search.repository';
import { LIST_ORDERS, decodeListCursor, encodeListCursor, positionOf } from './list-order';
import { type CachedRead, PublicArtifactCache, strongEtag } from './public-cache';
import { pinnedRead } from './version-visibility';
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
    private readonly collections: CollectionsRepository,
    private readonly searchIndex: ArtifactSearchRepository,
    private readonly names: OwnerNamesRepository,
  ) {}

  /**
   * Anonymous and non-owner viewers of a public artifact get the cached public view; owners and
   * admins get the full view (never cached in Redis); anyone else 403 for private, 404 if missing.
   * `version` pins the read to that content version (`?v=N`): same access rules first, then 404
   * "Version not found" for one that never existed or was pruned. Anyone but the owner reads only
   * published versions: another one answers exactly as a private artifact (403), whether it is
   * kept or not. Each version has its own cache entry (public reads only), so its own ETag.
   */
  async read(id: string, user: AuthUser | null, version?: number): Promise<ServedRead> {
    if (!isArtifactId(id)) throw ArtifactException.notFound();
    const cached = await this.cache.get(id, version);
    if (cached && !canManage(user, cached.owner))
      return { body: cached.body, etag: cached.etag, visibility: 'public' };
    const doc = await this.artifacts.findLive(id);
    if (!doc) throw ArtifactException.notFound();
    if (canManage(user, doc.owner)) {
      const view = await this.named(doc, toOwnerView(doc));
      const body = JSON.stringify({ artifact: await this.pinned(doc, view, version, true) });
      return { body, etag: strongEtag(body), visibility: 'private' };
    }
    if (!doc.isPublic) throw ArtifactException.private();
    const view = await this.named(doc, toPublicView(doc));
    const body = JSON.stringify({ artifact: await this.pinned(doc, view, version, false) });
    const read: CachedRead = { body, etag: strongEtag(body), owner: doc.owner };
    await this.cache.store(doc._id, doc.rev, read, version);
    return { body, etag: read.etag, visibility: 'public' };
  }

  /**
   * A copy's "Remixed from" with its original owner's name as it is now (a renamed or erased
   * account follows; a cached public read keeps what it holds until a change or its TTL).
   */
  private named<T extends ReturnType<typeof toPublicView>>(doc: ArtifactDoc, view: T): Promise<T> {
    return withOwnerName(view, doc, (owner) => this.names.nameOf(owner));
  }

  /**
   * The view as of content version `version` (the current one needs nothing more), for a viewer
   * who manages the artifact or not (version-visibility.ts decides). An old version's stored form
   * may predate today's render policy, so it is sanitized again.
   */
  private async pinned<T extends ReturnType<typeof toPublicView>>(
    doc: ArtifactDoc,
    view: T,
    version: number | undefined,
    manages: boolean,
  ): Promise<T> {
    if (version === undefined) return view;
    const access = pinnedRead(doc, version, manages);
    if (access === 'current') return view;
    if (access === 'private') throw ArtifactException.private();
    const snapshot = access === 'earlier' ? await this.versions.get(doc._id, version) : null;
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
   * Ranked full-text search over the caller's artifacts, served by the search read model
   * (docs/reference/search.md); the cards come from MongoDB by id, so counters are current and nothing
   * the index still holds of a just-deleted artifact is shown. A collection filter first checks
   * the caller owns it (404 as the collection routes answer), then narrows to its members.
   */
  async search(user: AuthUser, query: SearchArtifactsQuery): Promise<SearchResult> {
    const owners = ownerIds(user);
    let ids: string[] | undefined;
    if (query.collection !== undefined) {
      const collection = isArtifactId(query.collection)
        ? await this.collections.findOwned(query.collection, owners)
        : null;
      if (!collection) throw ArtifactException.collectionNotFound();
      ids = collection.artifactIds;
    }
    const { q, page, limit, type, tag, visibility, from, to } = query;
    const found = await this.searchIndex
      .search({ text: q, owners, type, tag, visibility, from, to, ids, page, limit })
      .catch((err: unknown) => {
        throw isSearchUnavailable(err) ? ArtifactException.searchUnavailable() : err;
      });
    const docs = new Map(
      (await this.artifacts.findSearchHits(found.hits.map((h) => h.id)))
        .filter((doc) => !doc.deletedAt && owners.includes(doc.owner))
        .map((doc) => [doc._id, doc]),
    );
    const artifacts = found.hits.flatMap(({ id, score, snippets }) => {
      const doc = docs.get(id);
      return doc ? [{ ...toSummary(doc), score, snippets }] : [];
    });
    return {
      artifacts,
      page,
      limit,
      total: found.total,
      // Past the engine's result window a page comes back empty: no further page then either.
      hasMore: found.hits.length > 0 && (page - 1) * limit + found.hits.length < found.total,
    };
  }
}
