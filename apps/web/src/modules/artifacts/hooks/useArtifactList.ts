import { type InfiniteData, keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { type ArtifactSort, type ArtifactSummary } from '@core-vault/contracts';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';

const PAGE_SIZE = 50;

export interface ListSource {
  sort: ArtifactSort;
  /** Ranked search instead of the sorted list. */
  query?: string;
  /** Only the artifacts of this collection. */
  collectionId?: string;
}

export interface ArtifactListState {
  items: ArtifactSummary[];
  total: number;
  loading: boolean;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
  prepend: (items: ArtifactSummary[]) => void;
  replace: (item: ArtifactSummary) => void;
  remove: (id: string) => void;
}

interface Page {
  artifacts: ArtifactSummary[];
  total: number;
  hasMore: boolean;
}

async function fetchPage(source: ListSource, page: number, signal: AbortSignal): Promise<Page> {
  const query = { page, limit: PAGE_SIZE };
  if (source.query)
    return api.call(endpoints.artifacts.search, { query: { ...query, q: source.query }, signal });
  if (source.collectionId)
    return api.call(endpoints.collections.listArtifacts, {
      params: { id: source.collectionId },
      query,
      signal,
    });
  return api.call(endpoints.artifacts.listMine, { query: { ...query, sort: source.sort }, signal });
}

/** Every list the dashboard shows is under this key (sorted, searched, per collection). */
export const ARTIFACT_LISTS = ['artifact-lists'] as const;

const EMPTY: ArtifactSummary[] = [];

/**
 * The caller's artifacts (sorted, searched, or one collection), page by page. A failed fetch
 * leaves an empty list (spec §8). While another sort or search loads, the previous list stays.
 * Local changes (an upload, a rename, a delete) edit the cached pages instead of reloading.
 */
export function useArtifactList(source: ListSource): ArtifactListState {
  const client = useQueryClient();
  const { sort, query, collectionId } = source;
  const queryKey = useMemo(
    () => [...ARTIFACT_LISTS, { sort, query: query ?? '', collectionId: collectionId ?? '' }] as const,
    [sort, query, collectionId],
  );
  const list = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      fetchPage(
        { sort, ...(query ? { query } : {}), ...(collectionId ? { collectionId } : {}) },
        pageParam,
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
  });

  // A local change (the server already agreed) goes into every cached list at once — the one on
  // screen may be a previous sort's, kept while the next loads. A list answer still in flight
  // predates the change and would overwrite it, so it is cancelled first; then the lists reload.
  const edit = useCallback(
    async (change: (pages: Page[]) => Page[], sortedListsOnly = false) => {
      await client.cancelQueries({ queryKey: ARTIFACT_LISTS });
      // An upload belongs at the top of the sorted lists only; searches and collections reload.
      const sorted = (key: readonly unknown[]) => {
        const source = key[1];
        return (
          typeof source === 'object' &&
          source !== null &&
          'query' in source &&
          'collectionId' in source &&
          !source.query &&
          !source.collectionId
        );
      };
      client.setQueriesData<InfiniteData<Page, number>>(
        { queryKey: ARTIFACT_LISTS, predicate: (q) => !sortedListsOnly || sorted(q.queryKey) },
        (data) => (data ? { ...data, pages: change(data.pages) } : data),
      );
      await client.invalidateQueries({ queryKey: ARTIFACT_LISTS });
    },
    [client],
  );
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: ARTIFACT_LISTS }), [client]);
  const prepend = useCallback(
    (added: ArtifactSummary[]) =>
      void edit(
        (pages) =>
          pages.map((p, i) => {
            const kept = p.artifacts.filter((a) => !added.some((n) => n.id === a.id));
            return { ...p, artifacts: i === 0 ? [...added, ...kept] : kept, total: p.total + added.length };
          }),
        true,
      ),
    [edit],
  );
  const replace = useCallback(
    (item: ArtifactSummary) =>
      void edit((pages) =>
        pages.map((p) => ({
          ...p,
          artifacts: p.artifacts.map((a) => (a.id === item.id ? { ...a, ...item } : a)),
        })),
      ),
    [edit],
  );
  const remove = useCallback(
    (id: string) =>
      void edit((pages) =>
        pages.map((p) => ({
          ...p,
          artifacts: p.artifacts.filter((a) => a.id !== id),
          total: Math.max(0, p.total - 1),
        })),
      ),
    [edit],
  );

  // A failed first page shows an empty list; a failed next page keeps what is there.
  const pages = list.data?.pages;
  const items = useMemo(() => pages?.flatMap((p) => p.artifacts) ?? EMPTY, [pages]);
  const last = pages?.[pages.length - 1];
  return {
    items,
    total: last?.total ?? 0,
    loading: list.isFetching,
    hasMore: Boolean(last?.hasMore) && !list.isError,
    loadMore,
    reload,
    prepend,
    replace,
    remove,
  };
}
