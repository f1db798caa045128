import {
  type AuthUser,
  createArtifactBodySchema,
  listArtifactsQuerySchema,
  searchArtifactsQuerySchema,
} from '@core-vault/contracts';
import { ArtifactReadsService } from './artifact-reads.service';
import { newArtifact } from './artifact-state';
import { type ArtifactDoc } from './artifact.schema';
import { type ArtifactsRepository, type SearchCandidate } from './artifacts.repository';
import { type CachedRead, type PublicArtifactCache } from './public-cache';
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

/** The Redis read cache in memory, keyed by artifact id. */
class FakeCache implements Partial<PublicArtifactCache> {
  readonly reads = new Map<string, CachedRead>();
  get(id: string): Promise<CachedRead | null> {
    return Promise.resolve(this.reads.get(id) ?? null);
  }
  store(id: string, _rev: number, read: CachedRead): Promise<void> {
    this.reads.set(id, read);
    return Promise.resolve();
  }
}

function setup(docs: ArtifactDoc[]) {
  const cache = new FakeCache();
  let loads = 0;
  const repo = as<ArtifactsRepository>({
    findLive: (id: string) => {
      loads++;
      return Promise.resolve(docs.find((d) => d._id === id) ?? null);
    },
    list: (_owners: readonly string[], _sort: string, skip: number, limit: number) =>
      Promise.resolve({ items: docs.slice(skip, skip + limit), total: docs.length }),
    searchCandidates: (): Promise<SearchCandidate[]> => Promise.resolve(docs),
  });
  return { reads: new ArtifactReadsService(repo, as<PublicArtifactCache>(cache)), cache, loads: () => loads };
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

  it('answers 403 for a private artifact to others and 404 for a missing or malformed id', async () => {
    const doc = artifact('Secret', false);
    const t = setup([doc]);
    expect(await errorCode(t.reads.read(doc._id, person('u2')))).toBe('ARTIFACT_PRIVATE');
    expect(await errorCode(t.reads.read('missing', null))).toBe('ARTIFACT_NOT_FOUND');
    expect(await errorCode(t.reads.read('../../etc', null))).toBe('ARTIFACT_NOT_FOUND');
    expect(t.cache.reads.size).toBe(0);
  });

  it('pages the list and says whether more follow', async () => {
    const t = setup(['a', 'b', 'c'].map((x) => artifact(x, false)));
    const page = await t.reads.list(owner, listArtifactsQuerySchema.parse({ page: 2, limit: 2 }));
    expect(page).toMatchObject({ total: 3, page: 2, hasMore: false });
    expect(page.artifacts.map((a) => a.title)).toEqual(['c']);
  });

  it('ranks search hits by score, ties going to the most recently changed', async () => {
    const older = artifact('chart notes', false, { updatedAt: new Date('2026-01-01T00:00:00Z') });
    const newer = artifact('chart ideas', false, { updatedAt: new Date('2026-02-01T00:00:00Z') });
    const best = artifact('chart chart', false, {
      tags: ['chart'],
      updatedAt: new Date('2025-01-01T00:00:00Z'),
    });
    const t = setup([older, newer, best]);
    const result = await t.reads.search(owner, searchArtifactsQuerySchema.parse({ q: 'chart' }));
    expect(result.artifacts.map((a) => a.title)).toEqual(['chart chart', 'chart ideas', 'chart notes']);
    expect(result.total).toBe(3);
  });
});
