import {
  type AuthUser,
  createArtifactBodySchema,
  listArtifactsQuerySchema,
  searchArtifactsQuerySchema,
} from '@core-vault/contracts';
import { ArtifactReadsService } from './artifact-reads.service';
import { newArtifact } from './artifact-state';
import { type ArtifactDoc, type ArtifactVersionDoc } from './artifact.schema';
import { errors } from '@opensearch-project/opensearch';
import { type CollectionDoc } from '../collections/collection.schema';
import { type CollectionsRepository } from '../collections/collections.repository';
import { type SearchQuery } from '../search/search-query';
import { type ArtifactSearchRepository, type SearchHits } from '../search/search.repository';
import { type ArtifactException } from './artifacts.exception';
import { type ArtifactsRepository } from './artifacts.repository';
import { type ListPosition } from './list-order';
import { type CachedRead, type PublicArtifactCache } from './public-cache';
import { type VersionsRepository, versionId } from './versions.repository';
import { type OwnerNamesRepository } from '../owner-names/owner-names.repository';
import { errorCode } from '@core-vault/platform/testing';

/** The service sees only the methods a fake gives; this is the one place that says so. */
const as = <T>(fake: Partial<T>): T => fake as T;

const person = (id: string, isAdmin = false): AuthUser => ({
  id,
  email: `${id}@example.test`,
  sessionId: 's',
  isAdmin,
  isActive: true,
  planType: 'Pro',
  subscriptionStatus: 'ACTIVE',
});
const owner = person('u1');

const artifact = (title: string, isPublic: boolean, over: Partial<ArtifactDoc> = {}): ArtifactDoc => ({
  ...newArtifact(
    owner,
    createArtifactBodySchema.parse({ title, type: 'MARKDOWN', content: `# ${title}`, isPublic }),
  ),
  ...over,
});

/** The Redis read cache in memory, keyed by artifact id (and pinned version). */
class FakeCache implements Partial<PublicArtifactCache> {
  readonly reads = new Map<string, CachedRead>();
  get(id: string, version?: number): Promise<CachedRead | null> {
    return Promise.resolve(this.reads.get(`${id}@${version}`) ?? null);
  }
  store(id: string, _rev: number, read: CachedRead, version?: number): Promise<void> {
    this.reads.set(`${id}@${version}`, read);
    return Promise.resolve();
  }
}

/** Version 1 of `doc` as kept when version 2 replaced it. */
const firstVersion = (doc: ArtifactDoc): ArtifactVersionDoc => ({
  _id: versionId(doc._id, 1),
  artifactId: doc._id,
  version: 1,
  title: 'Old title',
  type: 'MARKDOWN',
  content: '# first',
  rendered: 'stored under an older policy',
  renderError: null,
  securityWarning: null,
  size: 7,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  archivedAt: new Date('2026-01-02T00:00:00Z'),
});

/** The search read model's answer to every query, and the queries it was asked. */
interface FakeSearch {
  answer: SearchHits | Error;
  asked: SearchQuery[];
}

function setup(
  docs: ArtifactDoc[],
  kept: ArtifactVersionDoc[] = [],
  search: FakeSearch = { answer: { total: 0, hits: [] }, asked: [] },
  owned: CollectionDoc[] = [],
) {
  const cache = new FakeCache();
  let loads = 0;
  const repo = as<ArtifactsRepository>({
    findLive: (id: string) => {
      loads++;
      return Promise.resolve(docs.find((d) => d._id === id) ?? null);
    },
    // Keyset pages are the repository's (list-cursor.int-spec.ts); here the order is the array's.
    list: (
      _owners: readonly string[],
      _sort: string,
      from: { skip: number } | { after: ListPosition },
      limit,
    ) => {
      const start = 'skip' in from ? from.skip : docs.findIndex((d) => d._id === from.after.id) + 1;
      return Promise.resolve(docs.slice(start, start + limit));
    },
    countLive: () => Promise.resolve(docs.length),
    findSearchHits: (ids: readonly string[]) => Promise.resolve(docs.filter((d) => ids.includes(d._id))),
  });
  const versions = as<VersionsRepository>({
    get: (artifactId: string, version: number) =>
      Promise.resolve(kept.find((v) => v._id === versionId(artifactId, version)) ?? null),
  });
  return {
    reads: new ArtifactReadsService(
      repo,
      as<PublicArtifactCache>(cache),
      versions,
      as<CollectionsRepository>({
        findOwned: (id: string, owners: readonly string[]) =>
          Promise.resolve(owned.find((c) => c._id === id && owners.includes(c.owner)) ?? null),
      }),
      as<ArtifactSearchRepository>({
        search: (query: SearchQuery) => {
          search.asked.push(query);
          const { answer } = search;
          return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
        },
      }),
      as<OwnerNamesRepository>({
        nameOf: (id: string) => Promise.resolve(id === 'orig-owner' ? 'Ada L.' : null),
      }),
    ),
    cache,
    loads: () => loads,
  };
}

describe('ArtifactReadsService', () => {
  it('serves a public artifact to others from the cache once it is filled', async () => {
    const doc = artifact('Open', true);
    const t = setup([doc]);
    const first = await t.reads.read(doc._id, null);
    expect(first.visibility).toBe('public');
    expect(JSON.parse(first.body)).not.toHaveProperty('artifact.owner');
    const again = await t.reads.read(doc._id, person('u2'));
    expect(again).toEqual(first);
    expect(t.loads()).toBe(1);
  });

  it('gives owners and admins the private full view, never from or into the shared cache', async () => {
    const doc = artifact('Open', true);
    const t = setup([doc]);
    await t.reads.read(doc._id, null);
    for (const who of [owner, person('admin', true)]) {
      const read = await t.reads.read(doc._id, who);
      expect(read.visibility).toBe('private');
      expect(JSON.parse(read.body)).toMatchObject({ artifact: { owner: 'u1' } });
    }
    expect(t.loads()).toBe(3);
  });

  it("names a copy's original owner as they are named now, to its owner and to visitors", async () => {
    const remixedFrom = { artifactId: 'orig', title: 'Palette', ownerId: 'orig-owner', version: 1 };
    const copy = artifact('Copy', true, { remixedFrom });
    const unknown = artifact('Other copy', true, { remixedFrom: { ...remixedFrom, ownerId: 'gone' } });
    const t = setup([copy, unknown]);
    const expected = { artifactId: 'orig', title: 'Palette', ownerName: 'Ada L.', version: 1 };
    expect(JSON.parse((await t.reads.read(copy._id, owner)).body).artifact.remixedFrom).toEqual(expected);
    const visitor = JSON.parse((await t.reads.read(copy._id, null)).body).artifact;
    expect(visitor.remixedFrom).toEqual(expected);
    // Never the original owner's id.
    expect(JSON.stringify(visitor)).not.toContain('orig-owner');
    expect(
      JSON.parse((await t.reads.read(unknown._id, null)).body).artifact.remixedFrom.ownerName,
    ).toBeNull();
  });

  it('answers 403 for a private artifact to others and 404 for a missing or malformed id', async () => {
    const doc = artifact('Secret', false);
    const t = setup([doc]);
    expect(await errorCode(t.reads.read(doc._id, person('u2')))).toBe('ARTIFACT_PRIVATE');
    expect(await errorCode(t.reads.read('missing', null))).toBe('ARTIFACT_NOT_FOUND');
    expect(await errorCode(t.reads.read('../../etc', null))).toBe('ARTIFACT_NOT_FOUND');
    expect(t.cache.reads.size).toBe(0);
  });

  it('pins a read to a kept version: its content, sanitized today, with current title; own cache entry', async () => {
    const doc = artifact('Open', true, { version: 2, description: 'Now', type: 'HTML' });
    const t = setup([doc], [firstVersion(doc)]);
    const pinned = await t.reads.read(doc._id, null, 1);
    const latest = await t.reads.read(doc._id, null);
    expect(JSON.parse(pinned.body)).toMatchObject({
      artifact: {
        title: 'Open',
        description: 'Now',
        type: 'MARKDOWN',
        content: '# first',
        rendered: expect.stringContaining('first</h1>'),
        version: 1,
        latestVersion: 2,
        metadata: { size: 7 },
      },
    });
    expect(JSON.parse(latest.body)).toMatchObject({ artifact: { version: 2, latestVersion: 2 } });
    expect(pinned.etag).not.toBe(latest.etag);
    expect([...t.cache.reads.keys()].sort()).toEqual([`${doc._id}@1`, `${doc._id}@undefined`]);
  });

  it('answers a pinned read like the unpinned one for private artifacts, and 404 for an unknown version', async () => {
    const secret = artifact('Secret', false, { version: 2 });
    const open = artifact('Open', true, { version: 2 });
    const t = setup([secret, open], [firstVersion(secret)]);
    expect(await errorCode(t.reads.read(secret._id, person('u2'), 1))).toBe('ARTIFACT_PRIVATE');
    expect(await errorCode(t.reads.read(secret._id, null, 9))).toBe('ARTIFACT_PRIVATE');
    for (const v of [1, 3])
      expect(await errorCode(t.reads.read(open._id, null, v))).toBe('VERSION_NOT_FOUND');
    expect(JSON.parse((await t.reads.read(secret._id, owner, 1)).body)).toMatchObject({
      artifact: { version: 1, latestVersion: 2, owner: 'u1' },
    });
  });

  it('answers a version saved while private exactly as a private artifact to anyone but the owner, never cached', async () => {
    // Version 1 was written while private; the artifact was made public at version 2 (latest only).
    const doc = artifact('Open', true, { version: 2, publishedVersions: [2] });
    const hidden = artifact('Hidden', false, { version: 2, publishedVersions: [] });
    const t = setup([doc, hidden], [firstVersion(doc), firstVersion(hidden)]);
    const answerOf = (read: Promise<unknown>) =>
      read.then(
        () => 'served',
        (e: ArtifactException) => ({ status: e.getStatus(), body: e.getResponse() }),
      );
    const privateAnswer = await answerOf(t.reads.read(hidden._id, null));
    expect(privateAnswer).toMatchObject({ status: 403, body: { code: 'ARTIFACT_PRIVATE' } });
    for (const who of [null, person('u2')])
      expect(await answerOf(t.reads.read(doc._id, who, 1))).toEqual(privateAnswer);
    expect([...t.cache.reads.keys()]).toEqual([]);
    expect(JSON.parse((await t.reads.read(doc._id, owner, 1)).body)).toMatchObject({
      artifact: { version: 1, content: '# first' },
    });
    expect(JSON.parse((await t.reads.read(doc._id, person('admin', true), 1)).body)).toMatchObject({
      artifact: { version: 1 },
    });
    // Published (the owner chose "all versions"): anyone reads it.
    const all = setup([{ ...doc, publishedVersions: [1, 2] }], [firstVersion(doc)]);
    expect(JSON.parse((await all.reads.read(doc._id, null, 1)).body)).toMatchObject({
      artifact: { version: 1, content: '# first' },
    });
  });

  it('reads every kept version of an artifact public before #32 (no published list) as before', async () => {
    const doc = artifact('Open', true, { version: 2, publishedVersions: undefined });
    const t = setup([doc], [firstVersion(doc)]);
    expect(JSON.parse((await t.reads.read(doc._id, null, 1)).body)).toMatchObject({
      artifact: { version: 1 },
    });
  });

  it('says an artifact is indexable only when public and its owner allows indexing', async () => {
    const docs = [
      artifact('A', true, { indexing: true }),
      artifact('B', false, { indexing: true }),
      artifact('C', true, { indexing: false }),
    ];
    const t = setup(docs);
    const indexable = async (doc: ArtifactDoc) =>
      (JSON.parse((await t.reads.read(doc._id, owner)).body) as { artifact: { indexable: boolean } }).artifact
        .indexable;
    expect(await Promise.all(docs.map(indexable))).toEqual([true, false, false]);
  });

  it('pages the list and says whether more follow', async () => {
    const t = setup(['a', 'b', 'c'].map((x) => artifact(x, false)));
    const page = await t.reads.list(owner, listArtifactsQuerySchema.parse({ page: 2, limit: 2 }));
    expect(page).toMatchObject({ total: 3, page: 2, hasMore: false });
    expect(page.artifacts.map((a) => a.title)).toEqual(['c']);
    expect(page.nextCursor).toBeNull();
  });

  it("continues from a cursor with the first page's total, refusing one of another sort", async () => {
    const t = setup(['a', 'b', 'c', 'd', 'e'].map((x) => artifact(x, false)));
    const first = await t.reads.list(owner, listArtifactsQuerySchema.parse({ sort: 'title', limit: 2 }));
    expect(first).toMatchObject({ total: 5, page: 1, hasMore: true });
    const second = await t.reads.list(
      owner,
      listArtifactsQuerySchema.parse({ sort: 'title', limit: 2, cursor: first.nextCursor }),
    );
    expect(second).toMatchObject({ total: 5, page: 2, hasMore: true });
    expect(second.artifacts.map((a) => a.title)).toEqual(['c', 'd']);
    const other = listArtifactsQuerySchema.parse({ sort: 'newest', cursor: first.nextCursor });
    expect(await errorCode(t.reads.list(owner, other))).toBe('LIST_CURSOR_INVALID');
  });

  describe('search', () => {
    const hit = (doc: ArtifactDoc, score: number) => ({
      id: doc._id,
      score,
      snippets: [{ field: 'title' as const, parts: [{ text: doc.title, match: true }] }],
    });

    it("keeps the engine's order and scores, with snippets, on current cards from the database", async () => {
      const a = artifact('chart ideas', false);
      const b = artifact('chart notes', true);
      const search = { answer: { total: 2, hits: [hit(b, 3.5), hit(a, 1.25)] }, asked: [] };
      const t = setup([a, b], [], search);
      const result = await t.reads.search(owner, searchArtifactsQuerySchema.parse({ q: 'chart' }));
      expect(result.artifacts.map((r) => [r.title, r.score])).toEqual([
        ['chart notes', 3.5],
        ['chart ideas', 1.25],
      ]);
      expect(result.artifacts[0]?.snippets).toEqual([
        { field: 'title', parts: [{ text: 'chart notes', match: true }] },
      ]);
      expect(result).toMatchObject({ total: 2, page: 1, hasMore: false });
      expect(result.artifacts[0]).not.toHaveProperty('content');
    });

    it('never shows what the index still holds of a deleted or foreign artifact', async () => {
      const gone = artifact('deleted', false, { deletedAt: new Date() });
      const foreign = { ...artifact('foreign', false), owner: 'someone-else' };
      const mine = artifact('mine', false);
      const search = { answer: { total: 3, hits: [hit(gone, 3), hit(foreign, 2), hit(mine, 1)] }, asked: [] };
      const t = setup([gone, foreign, mine], [], search);
      const result = await t.reads.search(owner, searchArtifactsQuerySchema.parse({ q: 'x' }));
      expect(result.artifacts.map((r) => r.title)).toEqual(['mine']);
    });

    it("asks for the caller's owners (migrated-from included), filters and page", async () => {
      const search: FakeSearch = { answer: { total: 0, hits: [] }, asked: [] };
      const t = setup([], [], search);
      const migrated = { ...person('u2'), migratedFromUserId: 'u1' };
      const query = searchArtifactsQuerySchema.parse({
        q: 'chart',
        type: 'HTML',
        tag: 'finance',
        visibility: 'public',
        from: '2026-01-01',
        to: '2026-01-31',
        page: '3',
        limit: '5',
      });
      await t.reads.search(migrated, query);
      expect(search.asked).toEqual([
        {
          text: 'chart',
          owners: ['u2', 'u1'],
          type: 'HTML',
          tag: 'finance',
          visibility: 'public',
          from: '2026-01-01',
          to: '2026-01-31',
          ids: undefined,
          page: 3,
          limit: 5,
        },
      ]);
    });

    it("narrows to a collection's members, only when the caller owns it (404 otherwise)", async () => {
      const search: FakeSearch = { answer: { total: 0, hits: [] }, asked: [] };
      const theirs = artifact('theirs', false)._id;
      const collection = (id: string, who: string): CollectionDoc => ({
        _id: id,
        owner: who,
        name: 'c',
        artifactIds: [theirs],
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      const ownCol = collection(artifact('c1', false)._id, 'u1');
      const otherCol = collection(artifact('c2', false)._id, 'u9');
      const t = setup([], [], search, [ownCol, otherCol]);
      const q = (collectionId: string) =>
        searchArtifactsQuerySchema.parse({ q: 'x', collection: collectionId });
      await t.reads.search(owner, q(ownCol._id));
      expect(search.asked[0]?.ids).toEqual([theirs]);
      expect(await errorCode(t.reads.search(owner, q(otherCol._id)))).toBe('COLLECTION_NOT_FOUND');
      expect(await errorCode(t.reads.search(owner, q('not an id')))).toBe('COLLECTION_NOT_FOUND');
      expect(search.asked).toHaveLength(1);
    });

    it('answers 503 SEARCH_UNAVAILABLE while the engine is away; other failures stay errors', async () => {
      const away = new errors.ConnectionError('connect ECONNREFUSED 127.0.0.1:9', undefined);
      const t = setup([], [], { answer: away, asked: [] });
      expect(await errorCode(t.reads.search(owner, searchArtifactsQuerySchema.parse({ q: 'x' })))).toBe(
        'SEARCH_UNAVAILABLE',
      );
      const bug = setup([], [], { answer: new TypeError('bug'), asked: [] });
      await expect(bug.reads.search(owner, searchArtifactsQuerySchema.parse({ q: 'x' }))).rejects.toThrow(
        'bug',
      );
    });

    it('says there is no next page once past the engine result window', async () => {
      const t = setup([], [], { answer: { total: 50_000, hits: [] }, asked: [] });
      const query = searchArtifactsQuerySchema.parse({ q: 'x', page: '10000', limit: '20' });
      expect(await t.reads.search(owner, query)).toMatchObject({
        total: 50_000,
        hasMore: false,
        artifacts: [],
      });
    });
  });
});
