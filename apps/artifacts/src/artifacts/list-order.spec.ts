import { ARTIFACT_LIMITS, ARTIFACT_SORTS } from '@core-vault/contracts';
import { type Model } from 'mongoose';
import { errorCode } from '@core-vault/platform/testing';
import { PortabilityRepository } from '../portability/portability.repository';
import { type CollectionDoc } from '../collections/collection.schema';
import { type ArtifactDoc, type ArtifactVersionDoc, artifactSchema } from './artifact.schema';
import { ArtifactsRepository } from './artifacts.repository';
import { LIST_ORDERS, type ListPosition, decodeListCursor, encodeListCursor, positionOf } from './list-order';

/**
 * The stand-in for `explain()`: mongo-java-server has no query planner ("no such command:
 * 'explain'") and ignores secondary indexes, so nothing local can show an IXSCAN. Instead the
 * real repositories run against a model that records each query, and every recorded filter and
 * sort is checked against the indexes the schema declares, by the rules MongoDB's planner uses to
 * serve a query from an index without a blocking sort: equality fields (an `$in` too: the ranges
 * are merged in sort order) form a prefix of the index keys, at most one range on the next key,
 * no filter field outside the index, and the sort is the index's next keys in order (or all
 * reversed). Each `$or` branch of a keyset cursor must be served on its own.
 */
type Keys = [string, 1 | -1][];
interface Recorded {
  filter: Record<string, unknown>;
  sort: Record<string, 1 | -1> | null;
}

const RANGE_OPS = ['$gt', '$gte', '$lt', '$lte'];
const isRange = (v: unknown) =>
  typeof v === 'object' && v !== null && !(v instanceof Date) && RANGE_OPS.some((op) => op in v);

function branchServed(keys: Keys, filter: Record<string, unknown>): boolean {
  const covered = new Set<string>();
  for (const [field] of keys) {
    if (!(field in filter)) break;
    covered.add(field);
    if (isRange(filter[field])) break;
  }
  return Object.keys(filter).every((f) => covered.has(f));
}

function sortServed(keys: Keys, prefix: number, sort: Record<string, 1 | -1>): boolean {
  const wanted = Object.entries(sort);
  const next = keys.slice(prefix, prefix + wanted.length);
  if (next.length !== wanted.length) return false;
  const pairs = next.map(([field, dir], i) => ({ field, dir, want: wanted[i] }));
  if (pairs.some((p) => p.field !== p.want?.[0])) return false;
  const same = pairs.every((p) => p.dir === p.want?.[1]);
  const reversed = pairs.every((p) => p.dir === -(p.want?.[1] ?? 0));
  return same || reversed;
}

export function servedBy(keys: Keys, q: Recorded): boolean {
  const { $or, ...top } = q.filter;
  const branches = Array.isArray($or) ? ($or as Record<string, unknown>[]) : [{}];
  if (!branches.every((b) => branchServed(keys, { ...top, ...b }))) return false;
  if (!q.sort) return true;
  const prefix = keys.findIndex(([f]) => !(f in top));
  return sortServed(keys, prefix === -1 ? keys.length : prefix, q.sort);
}

const declared = artifactSchema.indexes().map(([keys, options]) => ({
  name: (options as { name?: string }).name,
  keys: Object.entries(keys) as Keys,
}));

/** A model that records each find and count (countMatching) and answers nothing. */
function recordingModel<T = ArtifactDoc>() {
  const queries: Recorded[] = [];
  const chain = (q: Recorded) => {
    const c = {
      sort: (s: Record<string, 1 | -1>) => ((q.sort = s), c),
      skip: () => c,
      limit: () => c,
      lean: () => c,
      exec: () => Promise.resolve([]),
      cursor: () => c,
      // countMatching casts the filter, then sends it in a count command.
      cast: () => q.filter,
    };
    return c;
  };
  const model = {
    find: (filter: Record<string, unknown>) => {
      const q: Recorded = { filter, sort: null };
      queries.push(q);
      return chain(q);
    },
    db: { db: { command: () => Promise.resolve({ n: 0 }) } },
    collection: { collectionName: 'recorded' },
  };
  // The repositories only call the methods above; the type is theirs.
  return { queries, model: model as unknown as Model<T> };
}

const at = (sort: (typeof ARTIFACT_SORTS)[number]): ListPosition =>
  positionOf(LIST_ORDERS[sort], {
    _id: 'a1',
    createdAt: new Date('2026-01-01T00:00:00Z'),
    titleLower: 'apple',
    type: 'HTML',
    viewCount: 4,
  });

describe('list queries and their indexes', () => {
  it('declares each list index by its name', () => {
    const names = new Set(Object.values(LIST_ORDERS).map((o) => o.index));
    for (const name of names) expect(declared.filter((d) => d.name === name)).toHaveLength(1);
  });

  it.each(ARTIFACT_SORTS)('serves %s, first page and cursor pages, from the index it names', async (sort) => {
    const { queries, model } = recordingModel();
    const repo = new ArtifactsRepository(model);
    await repo.list(['u1', 'legacy'], sort, { skip: 40 }, 21);
    await repo.list(['u1', 'legacy'], sort, { after: at(sort) }, 21);
    const index = declared.find((d) => d.name === LIST_ORDERS[sort].index);
    expect(queries).toHaveLength(2);
    for (const q of queries) expect(index && servedBy(index.keys, q)).toBe(true);
  });

  it("serves the counts and the export's batches from list_created", async () => {
    const { queries, model } = recordingModel();
    await new ArtifactsRepository(model).countLive(['u1']);
    const portability = new PortabilityRepository(
      model,
      recordingModel<ArtifactVersionDoc>().model,
      recordingModel<CollectionDoc>().model,
    );
    await portability.countArtifacts(['u1', 'legacy']);
    await portability.artifactBatch(['u1', 'legacy'], null, 20);
    await portability.artifactBatch(['u1', 'legacy'], at('oldest'), 20);
    const index = declared.find((d) => d.name === 'list_created');
    expect(queries).toHaveLength(4);
    for (const q of queries) expect(index && servedBy(index.keys, q)).toBe(true);
  });

  it('can fail: a sort against the index order, a filter field outside it', () => {
    const keys = declared.find((d) => d.name === 'list_title')?.keys ?? [];
    const top = { owner: { $in: ['u1'] }, deletedAt: null };
    expect(servedBy(keys, { filter: top, sort: { titleLower: 1, createdAt: 1, _id: 1 } })).toBe(false);
    expect(servedBy(keys, { filter: { ...top, isPublic: true }, sort: null })).toBe(false);
    expect(servedBy(keys, { filter: { owner: 'u1' }, sort: { titleLower: 1 } })).toBe(false);
    expect(servedBy(keys, { filter: top, sort: { titleLower: -1, createdAt: 1, _id: -1 } })).toBe(true);
  });
});

describe('list cursors', () => {
  it.each(ARTIFACT_SORTS)('round-trips a %s position with the total and page', (sort) => {
    const cursor = encodeListCursor({ sort, position: at(sort), total: 20_000, page: 7 });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(cursor, sort)).toEqual({ sort, position: at(sort), total: 20_000, page: 7 });
  });

  it('fits the longest title in the contract limit', () => {
    const title = '\u0001'.repeat(ARTIFACT_LIMITS.titleMaxChars);
    const position = { key: [title, new Date()], id: 'x'.repeat(64) };
    const cursor = encodeListCursor({ sort: 'title', position, total: 1e9, page: 1e6 });
    expect(cursor.length).toBeLessThanOrEqual(2_048);
  });

  const json = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const good = { s: 'views', k: [3, '2026-01-01T00:00:00.000Z'], i: 'a1', t: 9, p: 2 };
  it.each([
    ['not base64 JSON', 'bm90IGpzb24'],
    ['another sort', json({ ...good, s: 'newest' })],
    ['a key of the wrong type', json({ ...good, k: ['3', '2026-01-01T00:00:00.000Z'] })],
    ['a date in another form', json({ ...good, k: [3, '2026-01-01'] })],
    ['too few keys', json({ ...good, k: [3] })],
    ['a bad id', json({ ...good, i: 'a/b' })],
    ['a negative total', json({ ...good, t: -1 })],
    ['page 1', json({ ...good, p: 1 })],
    ['not an object', json('views')],
  ])('refuses %s with 400 LIST_CURSOR_INVALID', async (_what, cursor) => {
    expect(await errorCode(Promise.resolve().then(() => decodeListCursor(cursor, 'views')))).toBe(
      'LIST_CURSOR_INVALID',
    );
    expect(decodeListCursor(json(good), 'views').page).toBe(2);
  });
});
