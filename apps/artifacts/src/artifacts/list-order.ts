import { ARTIFACT_MESSAGES as M, type ArtifactSort } from '@core-vault/contracts';
import { AppException } from '@core-vault/platform';
import { isArtifactId } from './artifact-state';

/** A sort field of the owner's list and the JavaScript type its cursor value decodes to. */
interface SortField {
  field: 'createdAt' | 'titleLower' | 'type' | 'viewCount';
  dir: 1 | -1;
  kind: 'date' | 'string' | 'number';
}

/**
 * One of the spec's five list sorts: its fields (the tie-break on _id last, so the order is
 * total and a cursor position is exact) and the compound index that serves it. Newest and Oldest
 * share one index: Oldest walks it backwards, which MongoDB does for a sort that is the exact
 * reverse of the index keys.
 */
export interface ListOrder {
  fields: readonly SortField[];
  idDir: 1 | -1;
  index: ListIndexName;
}

export type ListIndexName = 'list_created' | 'list_title' | 'list_type' | 'list_views';

const created = (dir: 1 | -1): SortField => ({ field: 'createdAt', dir, kind: 'date' });

export const LIST_ORDERS: Record<ArtifactSort, ListOrder> = {
  newest: { fields: [created(-1)], idDir: -1, index: 'list_created' },
  oldest: { fields: [created(1)], idDir: 1, index: 'list_created' },
  title: {
    fields: [{ field: 'titleLower', dir: 1, kind: 'string' }, created(-1)],
    idDir: 1,
    index: 'list_title',
  },
  type: { fields: [{ field: 'type', dir: 1, kind: 'string' }, created(-1)], idDir: 1, index: 'list_type' },
  views: {
    fields: [{ field: 'viewCount', dir: -1, kind: 'number' }, created(-1)],
    idDir: 1,
    index: 'list_views',
  },
};

/** The list's equality prefix: one owner (or their migrated-from id too) and live only. */
const LIST_PREFIX = { owner: 1, deletedAt: 1 } as const;

/**
 * The compound indexes of the owner's list (declared on the schema from here, so a sort and its
 * index cannot drift apart): the equality prefix, then the sort keys in the order of the sort.
 */
export const LIST_INDEXES: Record<ListIndexName, Record<string, 1 | -1>> = {
  list_created: { ...LIST_PREFIX, createdAt: -1, _id: -1 },
  list_title: { ...LIST_PREFIX, titleLower: 1, createdAt: -1, _id: 1 },
  list_type: { ...LIST_PREFIX, type: 1, createdAt: -1, _id: 1 },
  list_views: { ...LIST_PREFIX, viewCount: -1, createdAt: -1, _id: 1 },
};

/** The sort document of a list order (sort fields, then _id). */
export function sortOf(order: ListOrder): Record<string, 1 | -1> {
  const sort: Record<string, 1 | -1> = {};
  for (const f of order.fields) sort[f.field] = f.dir;
  sort._id = order.idDir;
  return sort;
}

/** Where a page ends: the last item's sort values (in the order's field order) and id. */
export interface ListPosition {
  key: readonly (Date | string | number)[];
  id: string;
}

type Comparison = Record<string, unknown>;

/**
 * Keyset condition "after this position" in the order: for sort keys k1..kn, id —
 * k1 beyond, or k1 equal and k2 beyond, …, or all equal and _id beyond. Every branch is an
 * equality prefix plus one range on the next index key, so the index serves each branch.
 */
export function afterPosition(order: ListOrder, at: ListPosition): { $or: Comparison[] } {
  const keys = [
    ...order.fields.map((f, i) => ({ field: f.field, dir: f.dir, value: at.key[i] })),
    { field: '_id', dir: order.idDir, value: at.id },
  ];
  const branches: Comparison[] = keys.map((k, i) => {
    const branch: Comparison = {};
    for (const eq of keys.slice(0, i)) branch[eq.field] = eq.value;
    branch[k.field] = { [k.dir === 1 ? '$gt' : '$lt']: k.value };
    return branch;
  });
  return { $or: branches };
}

/** The sort values of a stored artifact in the order's field order (for the next cursor). */
export function positionOf(
  order: ListOrder,
  doc: { _id: string; createdAt: Date; titleLower: string; type: string; viewCount?: number },
): ListPosition {
  const values = {
    createdAt: doc.createdAt,
    titleLower: doc.titleLower,
    type: doc.type,
    viewCount: doc.viewCount ?? 0,
  };
  return { key: order.fields.map((f) => values[f.field]), id: doc._id };
}

/**
 * What a cursor carries: the sort it belongs to, the position, and the first page's total and the
 * number of the page it opens (so a cursor page needs no count: `total` is as of the first page).
 */
export interface ListCursor {
  sort: ArtifactSort;
  position: ListPosition;
  total: number;
  page: number;
}

interface CursorJson {
  s: string;
  k: unknown[];
  i: unknown;
  t: unknown;
  p: unknown;
}

export function encodeListCursor(c: ListCursor): string {
  const order = LIST_ORDERS[c.sort];
  const k = order.fields.map((f, i) => {
    const v = c.position.key[i];
    return f.kind === 'date' && v !== undefined ? new Date(v).toISOString() : v;
  });
  const json: CursorJson = { s: c.sort, k, i: c.position.id, t: c.total, p: c.page };
  return Buffer.from(JSON.stringify(json), 'utf8').toString('base64url');
}

const invalid = () => new AppException(400, 'LIST_CURSOR_INVALID', M.listCursorInvalid);

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function decodeValue(f: SortField, v: unknown): Date | string | number | null {
  if (f.kind === 'number') return typeof v === 'number' && Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  if (f.kind === 'string') return v;
  // Only the exact form encodeListCursor writes: anything else was not made here.
  const d = new Date(v);
  return !Number.isNaN(d.getTime()) && d.toISOString() === v ? d : null;
}

/**
 * The cursor of a next page, for this sort. A cursor that is not one of ours, or one made for
 * another sort (its position means nothing in this order), is a 400 listCursorInvalid.
 */
export function decodeListCursor(cursor: string, sort: ArtifactSort): ListCursor {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof json !== 'object' || json === null) throw invalid();
  const { s, k, i, t, p } = json as Partial<CursorJson>;
  const order = LIST_ORDERS[sort];
  if (s !== sort || !Array.isArray(k) || k.length !== order.fields.length) throw invalid();
  if (typeof i !== 'string' || !isArtifactId(i) || !isCount(t) || !isCount(p) || p < 2) throw invalid();
  const key = order.fields.map((f, n) => decodeValue(f, k[n]));
  if (key.some((v) => v === null)) throw invalid();
  return { sort, position: { key: key.filter((v) => v !== null), id: i }, total: t, page: p };
}
