import {
  ARTIFACT_MESSAGES as M,
  ARTIFACT_SORTS,
  type ArtifactSort,
  artifactPageSchema,
} from '@core-vault/contracts';
import { uniqueSuffix } from '@core-vault/platform/testing';
import { artifactInput, type client, tokenFor, useArtifactsApp } from '../testing';

const s = uniqueSuffix();
const dana = tokenFor(`dana-${s}`, { mig: `dana-old-${s}` });
const danaOld = tokenFor(`dana-old-${s}`);

const ctx = useArtifactsApp();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);

interface Row {
  id: string;
  title: string;
  type: string;
  viewCount: number;
  createdAt: string;
}

/**
 * 45 artifacts with many ties in every sort key (5 creation instants, 4 titles differing only in
 * case, 3 view counts), spread over the user and their migrated-from id: a cursor walk must still
 * return each exactly once, in the order of the whole sorted list.
 */
const TYPES = ['HTML', 'MARKDOWN', 'SVG'] as const;
const CONTENT = { HTML: '<p>x</p>', MARKDOWN: '# x', SVG: '<svg></svg>' };
let rows: Row[] = [];

beforeAll(async () => {
  // Batches of at most ARTIFACT_LIMITS.batchMax (20).
  for (const [token, n] of [
    [dana, 20],
    [danaOld, 20],
    [dana, 5],
  ] as const) {
    const artifacts = Array.from({ length: n }, (_, i) => {
      const type = TYPES[i % 3] ?? 'HTML';
      return artifactInput({ title: ['Pear', 'apple', 'APPLE', 'fig'][i % 4], type, content: CONTENT[type] });
    });
    const res = await api('POST', '/api/v1/artifacts/batch', { token, body: { artifacts } });
    expect(res.status).toBe(201);
  }
  const coll = ctx.db.collection('artifacts');
  const mine = await coll.find({ owner: { $in: [`dana-${s}`, `dana-old-${s}`] } }).toArray();
  expect(mine).toHaveLength(45);
  await Promise.all(
    mine.map((doc, n) =>
      coll.updateOne(
        { _id: doc._id },
        { $set: { viewCount: n % 3, createdAt: new Date(Date.UTC(2026, 0, 1 + (n % 5))) } },
      ),
    ),
  );
  rows = (await api('GET', '/api/v1/artifacts?limit=100', { token: dana })).body.artifacts;
  expect(rows).toHaveLength(45);
});

/** One page of the list, read through the response contract. */
const listPage = async (query: string, token: string) => {
  const res = await api('GET', `/api/v1/artifacts?${query}`, { token });
  expect(res.status).toBe(200);
  return artifactPageSchema.parse(res.body);
};

const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
/** The spec's five orders written out plainly (ids and titles here are ASCII: byte order = JS order). */
const ORDER: Record<ArtifactSort, (a: Row, b: Row) => number> = {
  newest: (a, b) => cmp(b.createdAt, a.createdAt) || cmp(b.id, a.id),
  oldest: (a, b) => cmp(a.createdAt, b.createdAt) || cmp(a.id, b.id),
  title: (a, b) =>
    cmp(a.title.toLowerCase(), b.title.toLowerCase()) || cmp(b.createdAt, a.createdAt) || cmp(a.id, b.id),
  type: (a, b) => cmp(a.type, b.type) || cmp(b.createdAt, a.createdAt) || cmp(a.id, b.id),
  views: (a, b) => cmp(b.viewCount, a.viewCount) || cmp(b.createdAt, a.createdAt) || cmp(a.id, b.id),
};

describe('list cursors', () => {
  it.each(ARTIFACT_SORTS)(
    'walks %s page by page: every item once, in order, total from page 1',
    async (sort) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let page = 0;
      do {
        const body = await listPage(`sort=${sort}&limit=7${cursor ? `&cursor=${cursor}` : ''}`, dana);
        page++;
        expect(body).toMatchObject({ page, limit: 7, total: 45, hasMore: body.nextCursor !== null });
        seen.push(...body.artifacts.map((a) => a.id));
        cursor = body.nextCursor;
      } while (cursor);
      expect(page).toBe(7);
      expect(seen).toEqual([...rows].sort(ORDER[sort]).map((r) => r.id));
    },
  );

  it('neither repeats nor skips when an artifact is added in front mid-walk (a skip would repeat one)', async () => {
    const first = await listPage('sort=newest&limit=15', danaOld);
    const fresh = await api('POST', '/api/v1/artifacts', { token: danaOld, body: artifactInput() });
    expect(fresh.status).toBe(201);
    const rest = await listPage(`sort=newest&limit=20&cursor=${first.nextCursor}`, danaOld);
    const ids = [...first.artifacts, ...rest.artifacts].map((a) => a.id);
    expect(new Set(ids).size).toBe(20);
    expect(ids).not.toContain(fresh.body.artifact.id);
    expect(rest).toMatchObject({ total: 20, hasMore: false, nextCursor: null });
  });

  it("refuses another sort's cursor and a forged one with 400 listCursorInvalid", async () => {
    const first = await listPage('sort=title&limit=5', dana);
    const forged = Buffer.from('{"s":"title","k":[1],"i":"x"}').toString('base64url');
    for (const query of [
      `sort=views&cursor=${first.nextCursor}`,
      `sort=title&cursor=${forged}`,
      'cursor=a.b',
    ]) {
      const res = await api('GET', `/api/v1/artifacts?${query}`, { token: dana });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(M.listCursorInvalid);
    }
  });
});
