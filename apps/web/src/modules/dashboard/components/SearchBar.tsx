import { type FormEvent, Suspense, lazy } from 'react';
import {
  ARTIFACT_LIMITS,
  ARTIFACT_MESSAGES,
  ARTIFACT_SORTS,
  type ArtifactSort,
  type Collection,
} from '@core-vault/contracts';
import { type SearchFilters } from '../../artifacts';
import { ARTIFACT_TYPE_OPTIONS } from '../../upload';
import { RESET_FILTERS, activeFilterCount, hasFilters, rangeInverted } from '../dashboard-params';
import { type DashboardParamsState } from '../hooks/useDashboardParams';
import { useSearchDraft } from '../hooks/useSearchDraft';

// Radix's popover (with the card menu's, ~30 KB gzipped) is fetched after the first paint; until
// then the Filters button stands in, disabled.
const FiltersPopover = lazy(() => import('./FiltersPopover').then((m) => ({ default: m.FiltersPopover })));

export const SORT_LABELS: Record<ArtifactSort, string> = {
  newest: 'Newest First',
  oldest: 'Oldest First',
  title: 'Title A-Z',
  type: 'Type',
  views: 'Most Viewed',
};

export const SEARCH_TEXTS = {
  filtersNeedQuery: 'Filters narrow a search: enter what to search for.',
  dateRange: ARTIFACT_MESSAGES.searchDateRange,
  filters: 'Filters',
  /** After the count on the Filters button: its name reads "Filters 2 active". */
  active: 'active',
  reset: 'Reset filters',
} as const;

/**
 * The search box first, and beside it a Filters popover (#36.2) with the sort and the filters
 * (type, tag, collection, visibility, last change from/to): the button counts the active ones, and
 * Reset puts them back. Every choice stays in the address, as before.
 */
export function SearchBar({
  state,
  collections,
  onSearchAgain,
}: {
  state: DashboardParamsState;
  collections: Collection[];
  /** Search pressed for what is already shown. */
  onSearchAgain: () => void;
}) {
  const { params, update } = state;
  const { draft, setDraft, submit } = useSearchDraft(state, onSearchAgain);
  const f = params.filters;
  const count = activeFilterCount(params);
  const setFilter = <K extends keyof SearchFilters>(key: K, value: SearchFilters[K] | '') => {
    const { [key]: _old, ...others } = f;
    update({ filters: value ? { ...others, [key]: value } : others });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  return (
    <form role="search" className="db-search" onSubmit={onSubmit}>
      <label htmlFor="search" className="cv-label">
        Search
      </label>
      <div className="cv-row">
        <input
          id="search"
          type="search"
          className="cv-input"
          placeholder="Title, description, tags or content"
          maxLength={ARTIFACT_LIMITS.searchQueryMaxChars}
          value={draft.q}
          onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
        />
        <button type="submit" className="cv-btn">
          Search
        </button>
        {(params.q || hasFilters(f)) && (
          <button
            type="button"
            className="cv-btn"
            onClick={() => {
              setDraft({ q: '', tag: '' });
              update({ q: '', filters: {} });
            }}
          >
            Clear
          </button>
        )}
        <Suspense fallback={filtersButton(count, true)}>
          <FiltersPopover trigger={filtersButton(count, false)} label={SEARCH_TEXTS.filters}>
            {/* Reset at the top: on a phone the list of choices is taller than the screen. */}
            <div className="db-filters-head">
              <strong aria-hidden="true">{SEARCH_TEXTS.filters}</strong>
              <button
                type="button"
                className="cv-btn cv-btn-small"
                disabled={count === 0}
                onClick={() => {
                  setDraft((d) => ({ ...d, tag: '' }));
                  update(RESET_FILTERS);
                }}
              >
                {SEARCH_TEXTS.reset}
              </button>
            </div>
            <fieldset className="db-filters">
              <legend className="cv-visually-hidden">{SEARCH_TEXTS.filters}</legend>
              <div className="cv-field">
                <label htmlFor="sort">Sort by</label>
                <select
                  id="sort"
                  value={params.sort}
                  disabled={Boolean(params.q)}
                  onChange={(e) =>
                    update({ sort: ARTIFACT_SORTS.find((x) => x === e.target.value) ?? 'newest' })
                  }
                >
                  {ARTIFACT_SORTS.map((x) => (
                    <option key={x} value={x}>
                      {SORT_LABELS[x]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="cv-field">
                {/* Not "Type": the upload form beside it has that label already. */}
                <label htmlFor="filter-type">Format</label>
                <select
                  id="filter-type"
                  value={f.type ?? ''}
                  onChange={(e) => setFilter('type', typeOf(e.target.value))}
                >
                  <option value="">Any format</option>
                  {ARTIFACT_TYPE_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="cv-field">
                <label htmlFor="filter-tag">Tag</label>
                <input
                  id="filter-tag"
                  className="cv-input"
                  maxLength={ARTIFACT_LIMITS.tagMaxChars}
                  value={draft.tag}
                  onChange={(e) => setDraft((d) => ({ ...d, tag: e.target.value }))}
                />
              </div>
              <div className="cv-field">
                <label htmlFor="filter-collection">Collection</label>
                <select
                  id="filter-collection"
                  value={params.collection ?? ''}
                  onChange={(e) => update({ collection: e.target.value || null })}
                >
                  <option value="">Any collection</option>
                  {collections.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="cv-field">
                <label htmlFor="filter-visibility">Visibility</label>
                <select
                  id="filter-visibility"
                  value={f.visibility ?? ''}
                  onChange={(e) => setFilter('visibility', visibilityOf(e.target.value))}
                >
                  <option value="">Public and private</option>
                  <option value="public">Public</option>
                  <option value="private">Private</option>
                </select>
              </div>
              <div className="cv-field">
                <label htmlFor="filter-from">Changed from</label>
                <input
                  id="filter-from"
                  type="date"
                  className="cv-input"
                  value={f.from ?? ''}
                  max={f.to}
                  onChange={(e) => setFilter('from', e.target.value)}
                />
              </div>
              <div className="cv-field">
                <label htmlFor="filter-to">Changed to</label>
                <input
                  id="filter-to"
                  type="date"
                  className="cv-input"
                  value={f.to ?? ''}
                  min={f.from}
                  onChange={(e) => setFilter('to', e.target.value)}
                />
              </div>
            </fieldset>
          </FiltersPopover>
        </Suspense>
      </div>
      {rangeInverted(f) ? (
        <p className="cv-field-error" role="alert">
          {SEARCH_TEXTS.dateRange}
        </p>
      ) : (
        !params.q && hasFilters(f) && <p className="cv-hint">{SEARCH_TEXTS.filtersNeedQuery}</p>
      )}
    </form>
  );
}

const filtersButton = (count: number, disabled: boolean) => (
  <button type="button" className="cv-btn db-filters-button" disabled={disabled}>
    {SEARCH_TEXTS.filters}
    {count > 0 && (
      <span className="cv-badge cv-tone-blue db-filters-count">
        {count}
        <span className="cv-visually-hidden"> {SEARCH_TEXTS.active}</span>
      </span>
    )}
  </button>
);

const typeOf = (v: string) => ARTIFACT_TYPE_OPTIONS.find((o) => o.value === v)?.value ?? '';
const visibilityOf = (v: string) => (v === 'public' || v === 'private' ? v : '');
