import {
  ARTIFACT_LIMITS,
  ARTIFACT_SORTS,
  type ArtifactSort,
  artifactTypeSchema,
} from '@core-vault/contracts';
import { type SearchFilters } from '../artifacts';

/** What the artifact list shows, kept in the address (?sort=…&q=…): back, forward and reload keep it. */
export interface DashboardParams {
  sort: ArtifactSort;
  /** Search text; empty: the sorted list (or the collection's). */
  q: string;
  /** A collection's id: its list, or a search filter with a query. */
  collection: string | null;
  filters: SearchFilters;
}

export const DEFAULT_PARAMS: DashboardParams = { sort: 'newest', q: '', collection: null, filters: {} };

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isSort = (s: string | null): s is ArtifactSort => ARTIFACT_SORTS.some((x) => x === s);
const validDay = (d: string | null): d is string =>
  d !== null && DAY.test(d) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/**
 * The list the address asks for. Anything the server would refuse (an unknown sort or type, a
 * date that does not exist, a too-long tag) is dropped rather than sent: a hand-edited or old
 * link still opens the dashboard.
 */
export function readParams(p: URLSearchParams): DashboardParams {
  const sort = p.get('sort');
  const q = (p.get('q') ?? '').trim().slice(0, ARTIFACT_LIMITS.searchQueryMaxChars);
  const collection = p.get('collection');
  const type = artifactTypeSchema.safeParse(p.get('type'));
  const tag = (p.get('tag') ?? '').trim();
  const visibility = p.get('visibility');
  const from = p.get('from');
  const to = p.get('to');
  const filters: SearchFilters = {
    ...(type.success ? { type: type.data } : {}),
    ...(tag && tag.length <= ARTIFACT_LIMITS.tagMaxChars ? { tag } : {}),
    ...(visibility === 'public' || visibility === 'private' ? { visibility } : {}),
    ...(validDay(from) ? { from } : {}),
    ...(validDay(to) ? { to } : {}),
  };
  return {
    sort: isSort(sort) ? sort : DEFAULT_PARAMS.sort,
    q,
    collection: collection && ID.test(collection) ? collection : null,
    filters,
  };
}

/** The address for a list: defaults left out, always in the same order. */
export function writeParams(d: DashboardParams): URLSearchParams {
  const out = new URLSearchParams();
  if (d.sort !== DEFAULT_PARAMS.sort) out.set('sort', d.sort);
  if (d.q) out.set('q', d.q);
  if (d.collection) out.set('collection', d.collection);
  const f = d.filters;
  for (const key of ['type', 'tag', 'visibility', 'from', 'to'] as const) {
    const value = f[key];
    if (value) out.set(key, value);
  }
  return out;
}

/** A date range the server would refuse (start after end): said before anything is sent. */
export const rangeInverted = (f: SearchFilters) => Boolean(f.from && f.to && f.from > f.to);

export const hasFilters = (f: SearchFilters) => Object.values(f).some(Boolean);

/**
 * How many of the Filters popover's choices differ from the plain list (#36.2): each filter, a
 * collection, a sort other than the default. The button shows it, so a narrowed list says so.
 */
export const activeFilterCount = (d: DashboardParams) =>
  Object.values(d.filters).filter(Boolean).length +
  (d.collection ? 1 : 0) +
  (d.sort !== DEFAULT_PARAMS.sort ? 1 : 0);

/** Reset in the popover: the choices back to the plain list, the search text kept. */
export const RESET_FILTERS: Pick<DashboardParams, 'sort' | 'collection' | 'filters'> = {
  sort: DEFAULT_PARAMS.sort,
  collection: null,
  filters: {},
};
