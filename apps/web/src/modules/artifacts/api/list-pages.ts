import {
  type ArtifactSort,
  type ArtifactSummary,
  type SearchArtifactsQuery,
  type SearchSnippet,
} from '@core-vault/contracts';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';

export const PAGE_SIZE = 50;

/** What narrows a search (each one together with the others); the collection is the source's. */
export type SearchFilters = Partial<
  Pick<SearchArtifactsQuery, 'type' | 'tag' | 'visibility' | 'from' | 'to'>
>;

export interface ListSource {
  sort: ArtifactSort;
  /** Ranked search instead of the sorted list. */
  query?: string;
  /** Only the artifacts of this collection (with a query: a search filter). */
  collectionId?: string;
  /** Search filters: they narrow a query and mean nothing without one. */
  filters?: SearchFilters;
}

/** A card of a list; a search result also says where it matched. */
export type ListItem = ArtifactSummary & { snippets?: SearchSnippet[] };

/**
 * Where the next page starts. The sorted list goes by the server's opaque cursor (stable while
 * artifacts are added or removed); search and collection lists have only page numbers.
 */
export type PageParam = { cursor: string } | { page: number };

export interface Page {
  artifacts: ListItem[];
  /** The list's size, as the server counted it for the first page. */
  total: number;
  next: PageParam | null;
}

export const FIRST_PAGE: PageParam = { page: 1 };

/** One page of the list a source names; the signal aborts it when nobody waits for it any more. */
export async function fetchPage(source: ListSource, at: PageParam, signal: AbortSignal): Promise<Page> {
  if (!source.query && !source.collectionId) {
    const res = await api.call(endpoints.artifacts.listMine, {
      query: { sort: source.sort, limit: PAGE_SIZE, ...('cursor' in at ? { cursor: at.cursor } : {}) },
      signal,
    });
    return {
      artifacts: res.artifacts,
      total: res.total,
      next: res.nextCursor ? { cursor: res.nextCursor } : null,
    };
  }
  const page = 'page' in at ? at.page : 1;
  const res = source.query
    ? await api.call(endpoints.artifacts.search, {
        query: {
          q: source.query,
          page,
          limit: PAGE_SIZE,
          ...source.filters,
          ...(source.collectionId ? { collection: source.collectionId } : {}),
        },
        signal,
      })
    : await api.call(endpoints.collections.listArtifacts, {
        params: { id: source.collectionId ?? '' },
        query: { page, limit: PAGE_SIZE },
        signal,
      });
  return { artifacts: res.artifacts, total: res.total, next: res.hasMore ? { page: page + 1 } : null };
}
