import { type FormEvent, useState } from 'react';
import {
  ARTIFACT_SORTS,
  type ArtifactSort,
  type ArtifactSummary,
  type Collection,
} from '@core-vault/contracts';
import { ArtifactCard, type ArtifactListState, VersionHistoryDialog } from '../../artifacts';
import { CollectionsPanel } from './CollectionsPanel';

export const SORT_LABELS: Record<ArtifactSort, string> = {
  newest: 'Newest First',
  oldest: 'Oldest First',
  title: 'Title A-Z',
  type: 'Type',
  views: 'Most Viewed',
};

export const DASHBOARD_TEXTS = {
  loading: 'Loading artifacts...',
  empty: 'No artifacts yet - Upload your first Claude artifact to get started!',
  noMatches: 'No artifacts match your search.',
} as const;

export interface ArtifactsTabProps {
  list: ArtifactListState;
  sort: ArtifactSort;
  onSort: (sort: ArtifactSort) => void;
  query: string;
  onQuery: (q: string) => void;
  collections: Collection[];
  collectionId: string | null;
  onCollection: (id: string | null) => void;
  onCollectionsChanged: () => void;
}

/** Toolbar (sort, search), collections, and the responsive card grid with its states. */
export function ArtifactsTab(p: ArtifactsTabProps) {
  const [draft, setDraft] = useState(p.query);
  const [history, setHistory] = useState<ArtifactSummary | null>(null);

  const search = (e: FormEvent) => {
    e.preventDefault();
    p.onQuery(draft.trim());
  };

  const { list } = p;
  return (
    <div className="db-artifacts">
      <div className="db-toolbar">
        <div className="cv-field db-sort">
          <label htmlFor="sort">Sort by</label>
          <select
            id="sort"
            value={p.sort}
            disabled={Boolean(p.query)}
            onChange={(e) => p.onSort(e.target.value as ArtifactSort)}
          >
            {ARTIFACT_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <form role="search" className="db-search" onSubmit={search}>
          <label htmlFor="search" className="cv-label">
            Search
          </label>
          <div className="cv-row">
            <input
              id="search"
              type="search"
              className="cv-input"
              placeholder="Title, description, tags or content"
              maxLength={200}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
            <button type="submit" className="cv-btn">
              Search
            </button>
            {p.query && (
              <button
                type="button"
                className="cv-btn"
                onClick={() => {
                  setDraft('');
                  p.onQuery('');
                }}
              >
                Clear
              </button>
            )}
          </div>
        </form>
      </div>
      <CollectionsPanel
        collections={p.collections}
        selected={p.collectionId}
        onSelect={p.onCollection}
        onChanged={p.onCollectionsChanged}
      />
      {p.query && (
        <p className="cv-hint" role="status">
          Results for “{p.query}”: {list.total}
        </p>
      )}
      {list.loading && list.items.length === 0 ? (
        <p role="status">{DASHBOARD_TEXTS.loading}</p>
      ) : list.items.length === 0 ? (
        <p className="db-empty">{p.query ? DASHBOARD_TEXTS.noMatches : DASHBOARD_TEXTS.empty}</p>
      ) : (
        <div className="db-grid">
          {list.items.map((a) => (
            <ArtifactCard
              key={a.id}
              artifact={a}
              collections={p.collections}
              onChanged={list.replace}
              onDeleted={(id) => {
                list.remove(id);
                p.onCollectionsChanged();
              }}
              onShowVersions={setHistory}
              onCollectionsChanged={p.onCollectionsChanged}
            />
          ))}
        </div>
      )}
      {list.hasMore && (
        <button type="button" className="cv-btn db-more" onClick={list.loadMore} disabled={list.loading}>
          {list.loading ? DASHBOARD_TEXTS.loading : 'Load more'}
        </button>
      )}
      {history && (
        <VersionHistoryDialog artifact={history} onClose={() => setHistory(null)} onRestored={list.replace} />
      )}
    </div>
  );
}
