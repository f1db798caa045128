import { type InfiniteData, keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { type ArtifactSummary } from '@core-vault/contracts';
import {
  FIRST_PAGE,
  type ListItem,
  type ListSource,
  type Page,
  type PageParam,
  fetchPage,
} from '../api/list-pages';

export { type ListItem, type ListSource, type SearchFilters } from '../api/list-pages';

export interface ArtifactListState {
  items: ListItem[];
  total: number;
  loading: boolean;
  /** Why the first page failed (a failed next page keeps what is there), or null. */
  error: unknown;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
  prepend: (items: ArtifactSummary[]) => void;
  replace: (item: ArtifactSummary) => void;
  remove: (id: string) => void;
}

/** Every list the dashboard shows is under this key (sorted, searched, per collection). */
export const ARTIFACT_LISTS = ['artifact-lists'] as const;

const EMPTY: ListItem[] = [];

/**
 * The caller's artifacts (sorted, searched, or one collection), page by page ("Load more"). A
 * failed fetch leaves an empty list (spec §8). While another sort or search loads, the previous
 * list stays; the request of a list nobody shows any more is aborted, and each list has its own
 * cache entry, so an older answer never lands in a newer list.
 * Local changes (an upload, a rename, a delete) edit the cached pages instead of reloading.
 */
export function useArtifactList(source: ListSource): ArtifactListState {
  const client = useQueryClient();
  const { sort, query, collectionId, filters } = source;
  // Filters narrow a search only: without a query they are not part of what is fetched.
  const key = {
    sort,
    query: query ?? '',
    collectionId: collectionId ?? '',
    filters: query ? (filters ?? {}) : {},
  };
  const list = useInfiniteQuery({
    queryKey: [...ARTIFACT_LISTS, key],
    queryFn: ({ pageParam, signal }) =>
      fetchPage(
        {
          sort,
          ...(query ? { query, filters: key.filters } : {}),
          ...(collectionId ? { collectionId } : {}),
        },
        pageParam,
        signal,
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last): PageParam | undefined => last.next ?? undefined,
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
      client.setQueriesData<InfiniteData<Page, PageParam>>(
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
            return i === 0
              ? { ...p, artifacts: [...added, ...kept], total: p.total + added.length }
              : { ...p, artifacts: kept };
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
        pages.map((p, i) => ({
          ...p,
          artifacts: p.artifacts.filter((a) => a.id !== id),
          ...(i === 0 ? { total: Math.max(0, p.total - 1) } : {}),
        })),
      ),
    [edit],
  );

  // A failed first page shows an empty list; a failed next page keeps what is there.
  const pages = list.data?.pages;
  const items = useMemo(() => pages?.flatMap((p) => p.artifacts) ?? EMPTY, [pages]);
  // The count is the first page's: later pages of a cursor list do not count again.
  const first = pages?.[0];
  return {
    items,
    total: first?.total ?? 0,
    loading: list.isFetching,
    error: pages ? null : list.error,
    hasMore: list.hasNextPage && !list.isError,
    loadMore,
    reload,
    prepend,
    replace,
    remove,
  };
}
