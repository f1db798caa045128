import { useState } from 'react';
import { ARTIFACT_MESSAGES, type ArtifactSummary, type Collection } from '@core-vault/contracts';
import { ApiError } from '../../../lib/api/errors';
import { ArtifactCard, type ArtifactListState, VersionHistoryDialog } from '../../artifacts';
import { BULK_TEXTS } from '../api/trash';
import { type BulkSelection } from '../hooks/useBulkSelection';
import { type DashboardParamsState } from '../hooks/useDashboardParams';
import { useGalleryLayout } from '../hooks/useGalleryLayout';
import { CollectionsPanel } from './CollectionsPanel';
import { LayoutToggle } from './LayoutToggle';
import { SearchBar } from './SearchBar';
import { SelectionBar } from './SelectionBar';

export const DASHBOARD_TEXTS = {
  loading: 'Loading artifacts...',
  empty: 'No artifacts yet - Upload your first Claude artifact to get started!',
  noMatches: 'No artifacts match your search.',
  searchUnavailable: ARTIFACT_MESSAGES.searchUnavailable,
  loadMore: 'Load more',
} as const;

export interface ArtifactsTabProps {
  list: ArtifactListState;
  address: DashboardParamsState;
  collections: Collection[];
  onCollectionsChanged: () => void;
  /** Selection mode and the bulk actions (#36.2). */
  selection: BulkSelection;
}

/** A failed search says why (a refused filter, or the search being down) and offers a retry. */
function searchProblem(err: unknown): { message: string; retry: boolean } | null {
  if (!err) return null;
  if (err instanceof ApiError && err.status >= 400 && err.status < 500)
    return { message: err.message || DASHBOARD_TEXTS.searchUnavailable, retry: false };
  return { message: DASHBOARD_TEXTS.searchUnavailable, retry: true };
}

/**
 * The gallery (#36.2): search first (the sort and filters in its popover), the grid/list toggle
 * and selection mode beside it, collections, then the cards with their states.
 */
export function ArtifactsTab(p: ArtifactsTabProps) {
  const [history, setHistory] = useState<ArtifactSummary | null>(null);
  const { layout, choose } = useGalleryLayout();
  const { list, address, selection } = p;
  const { params, update } = address;
  const searching = Boolean(params.q);
  const problem = searching ? searchProblem(list.error) : null;

  return (
    <div className="db-artifacts">
      <div className="db-toolbar">
        <SearchBar state={address} collections={p.collections} onSearchAgain={list.reload} />
        <LayoutToggle layout={layout} onChange={choose} />
        <button
          type="button"
          className="cv-btn cv-btn-small db-select-toggle"
          aria-pressed={selection.active}
          onClick={() => selection.setActive(!selection.active)}
        >
          {selection.active ? BULK_TEXTS.done : BULK_TEXTS.select}
        </button>
      </div>
      {selection.active && (
        <SelectionBar
          count={selection.selected.size}
          busy={selection.busy}
          collections={p.collections}
          onSelectAll={() => selection.selectAll(list.items.map((a) => a.id))}
          onClear={selection.clear}
          onAction={(action, collectionId) => void selection.run(action, collectionId)}
        />
      )}
      <CollectionsPanel
        collections={p.collections}
        selected={params.collection}
        onSelect={(collection) => update({ collection })}
        onChanged={p.onCollectionsChanged}
      />
      {searching && !problem && (
        <p className="cv-hint" role="status">
          Results for “{params.q}”: {list.total}
        </p>
      )}
      {problem ? (
        <div className="cv-banner cv-banner-error" role="alert">
          {problem.message}{' '}
          {problem.retry && (
            <button
              type="button"
              className="cv-btn cv-btn-small"
              onClick={list.reload}
              disabled={list.loading}
            >
              Retry
            </button>
          )}
        </div>
      ) : list.loading && list.items.length === 0 ? (
        <p role="status">{DASHBOARD_TEXTS.loading}</p>
      ) : list.items.length === 0 ? (
        <p className="db-empty">{searching ? DASHBOARD_TEXTS.noMatches : DASHBOARD_TEXTS.empty}</p>
      ) : (
        <div className={`db-grid db-layout-${layout}`} aria-busy={list.loading}>
          {list.items.map((a) => (
            <ArtifactCard
              key={a.id}
              artifact={a}
              snippets={a.snippets}
              collections={p.collections}
              onChanged={list.replace}
              onDeleted={(id) => {
                list.remove(id);
                p.onCollectionsChanged();
                selection.deleted([id]);
              }}
              onShowVersions={setHistory}
              onCollectionsChanged={p.onCollectionsChanged}
              selected={selection.selected.has(a.id)}
              onSelect={selection.active ? selection.toggle : undefined}
            />
          ))}
        </div>
      )}
      {list.hasMore && !problem && (
        <button type="button" className="cv-btn db-more" onClick={list.loadMore} disabled={list.loading}>
          {list.loading ? DASHBOARD_TEXTS.loading : DASHBOARD_TEXTS.loadMore}
        </button>
      )}
      {history && (
        <VersionHistoryDialog artifact={history} onClose={() => setHistory(null)} onRestored={list.replace} />
      )}
    </div>
  );
}
