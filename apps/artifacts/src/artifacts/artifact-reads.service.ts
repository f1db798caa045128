import { Injectable } from '@nestjs/common';
import {
  ARTIFACT_LIMITS,
  type ArtifactList,
  type AuthUser,
  type ListArtifactsQuery,
  type SearchArtifactsQuery,
  type SearchResult,
} from '@core-vault/contracts';
import { canManage, ownerIds } from './artifact-access';
import { isArtifactId } from './artifact-state';
import { toOwnerView, toPublicView, toSummary } from './artifact-views';
import { ArtifactException } from './artifacts.exception';
import { ArtifactsRepository } from './artifacts.repository';
import { type CachedRead, PublicArtifactCache, strongEtag } from './public-cache';
import { escapeRegex, scoreArtifact, searchTerms } from './search-scoring';

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
  ) {}

  /**
   * Anonymous and non-owner viewers of a public artifact get the cached public view; owners and
   * admins get the full view (never cached in Redis); anyone else 403 for private, 404 if missing.
   */
  async read(id: string, user: AuthUser | null): Promise<ServedRead> {
    if (!isArtifactId(id)) throw ArtifactException.notFound();
    const cached = await this.cache.get(id);
    if (cached && !canManage(user, cached.owner))
      return { body: cached.body, etag: cached.etag, visibility: 'public' };
    const doc = await this.artifacts.findLive(id);
    if (!doc) throw ArtifactException.notFound();
    if (canManage(user, doc.owner)) {
      const body = JSON.stringify({ artifact: toOwnerView(doc) });
      return { body, etag: strongEtag(body), visibility: 'private' };
    }
    if (!doc.isPublic) throw ArtifactException.private();
    const body = JSON.stringify({ artifact: toPublicView(doc) });
    const read: CachedRead = { body, etag: strongEtag(body), owner: doc.owner };
    await this.cache.store(doc._id, doc.rev, read);
    return { body, etag: read.etag, visibility: 'public' };
  }

  async list(user: AuthUser, query: ListArtifactsQuery): Promise<ArtifactList> {
    const skip = (query.page - 1) * query.limit;
    const { items, total } = await this.artifacts.list(ownerIds(user), query.sort, skip, query.limit);
    return {
      artifacts: items.map(toSummary),
      page: query.page,
      limit: query.limit,
      total,
      hasMore: skip + items.length < total,
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
      artifacts: page.map(({ doc, score }) => ({ ...toSummary(doc), score })),
      page: query.page,
      limit: query.limit,
      total: ranked.length,
      hasMore: skip + page.length < ranked.length,
    };
  }
}
