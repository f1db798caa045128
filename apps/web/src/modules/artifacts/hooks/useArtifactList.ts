import { useCallback, useEffect, useRef, useState } from 'react';
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

function fetchPage(source: ListSource, page: number) {
  const query = { page, limit: PAGE_SIZE };
  if (source.query) return api.call(endpoints.artifacts.search, { query: { ...query, q: source.query } });
  if (source.collectionId)
    return api.call(endpoints.collections.listArtifacts, { params: { id: source.collectionId }, query });
  return api.call(endpoints.artifacts.listMine, { query: { ...query, sort: source.sort } });
}

/**
 * The caller's artifacts (sorted, searched, or one collection), page by page. A failed fetch
 * leaves an empty list (spec §8); answers of a superseded request are ignored.
 */
export function useArtifactList(source: ListSource): ArtifactListState {
  const [items, setItems] = useState<ArtifactSummary[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const request = useRef(0);
  const { sort, query, collectionId } = source;

  useEffect(() => {
    setPage(1);
  }, [sort, query, collectionId, version]);

  useEffect(() => {
    const id = ++request.current;
    setLoading(true);
    fetchPage({ sort, ...(query ? { query } : {}), ...(collectionId ? { collectionId } : {}) }, page)
      .then((res) => {
        if (id !== request.current) return;
        setItems((prev) => (page === 1 ? res.artifacts : [...prev, ...res.artifacts]));
        setTotal(res.total);
        setHasMore(res.hasMore);
      })
      .catch(() => {
        if (id !== request.current) return;
        if (page === 1) setItems([]);
        setHasMore(false);
      })
      .finally(() => id === request.current && setLoading(false));
  }, [sort, query, collectionId, page, version]);

  const loadMore = useCallback(() => setPage((p) => p + 1), []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const prepend = useCallback((added: ArtifactSummary[]) => {
    setItems((prev) => [...added, ...prev.filter((p) => !added.some((a) => a.id === p.id))]);
    setTotal((t) => t + added.length);
  }, []);
  const replace = useCallback((item: ArtifactSummary) => {
    setItems((prev) => prev.map((p) => (p.id === item.id ? { ...p, ...item } : p)));
  }, []);
  const remove = useCallback((id: string) => {
    setItems((prev) => prev.filter((p) => p.id !== id));
    setTotal((t) => Math.max(0, t - 1));
  }, []);

  return { items, total, loading, hasMore, loadMore, reload, prepend, replace, remove };
}
