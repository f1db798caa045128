import { ARTIFACT_LIMITS, type AuthUser, createArtifactBodySchema } from '@core-vault/contracts';
import { newArtifact } from '../artifacts/artifact-state';
import { type ArtifactSummaryDoc, type ArtifactsRepository } from '../artifacts/artifacts.repository';
import { type CollectionDoc } from './collection.schema';
import { type CollectionsRepository } from './collections.repository';
import { CollectionsService } from './collections.service';
import { errorCode } from '@core-vault/platform/testing';

/** The service sees only the methods a fake gives; this is the one place that says so. */
const as = <T>(fake: Partial<T>): T => fake as T;

const user = (id: string, migratedFromUserId?: string): AuthUser => ({
  id,
  email: `${id}@example.test`,
  sessionId: 's',
  isAdmin: false,
  isActive: true,
  planType: 'Pro',
  subscriptionStatus: 'TRIAL',
  migratedFromUserId,
});

/** Collections in memory, owner-scoped and capped like the real repository. */
class FakeCollections implements Partial<CollectionsRepository> {
  readonly docs = new Map<string, CollectionDoc>();
  adds = 0;
  insert(doc: CollectionDoc): Promise<void> {
    this.docs.set(doc._id, doc);
    return Promise.resolve();
  }
  countFor(owners: readonly string[]): Promise<number> {
    return Promise.resolve([...this.docs.values()].filter((d) => owners.includes(d.owner)).length);
  }
  findOwned(id: string, owners: readonly string[]): Promise<CollectionDoc | null> {
    const doc = this.docs.get(id);
    return Promise.resolve(doc && owners.includes(doc.owner) ? doc : null);
  }
  async addArtifact(id: string, owners: readonly string[], artifactId: string, max: number) {
    this.adds++;
    const doc = await this.findOwned(id, owners);
    if (!doc || doc.artifactIds.length >= max) return null;
    doc.artifactIds.push(artifactId);
    return doc;
  }
}

/** Live artifacts in memory; findSummaries answers only the owners' ones. */
function artifacts(docs: ArtifactSummaryDoc[]) {
  return as<ArtifactsRepository>({
    findSummaries: (owners: readonly string[] | null, ids: readonly string[]) =>
      Promise.resolve(docs.filter((d) => ids.includes(d._id) && (!owners || owners.includes(d.owner)))),
  });
}

const artifactOf = (owner: string, title: string) =>
  newArtifact(user(owner), createArtifactBodySchema.parse({ title, type: 'MARKDOWN', content: '# x' }));

describe('CollectionsService', () => {
  it('refuses a collection beyond the per-user limit', async () => {
    const repo = new FakeCollections();
    const service = new CollectionsService(as<CollectionsRepository>(repo), artifacts([]));
    for (let i = 0; i < ARTIFACT_LIMITS.collectionsPerUserMax; i++) await service.create(user('u1'), `c${i}`);
    expect(await errorCode(service.create(user('u1'), 'one more'))).toBe('TOO_MANY_COLLECTIONS');
    await expect(service.create(user('u2'), 'first')).resolves.toMatchObject({ artifactCount: 0 });
  });

  it("adds only the caller's own artifacts (someone else's looks missing), once", async () => {
    const repo = new FakeCollections();
    const mine = artifactOf('u1', 'mine');
    const theirs = artifactOf('u2', 'theirs');
    const service = new CollectionsService(as<CollectionsRepository>(repo), artifacts([mine, theirs]));
    const c = await service.create(user('u1'), 'Work');
    expect(await errorCode(service.addArtifact(user('u1'), c.id, theirs._id))).toBe('ARTIFACT_NOT_FOUND');
    expect(await errorCode(service.addArtifact(user('u2'), c.id, theirs._id))).toBe('COLLECTION_NOT_FOUND');
    expect((await service.addArtifact(user('u1'), c.id, mine._id)).artifactCount).toBe(1);
    expect((await service.addArtifact(user('u1'), c.id, mine._id)).artifactCount).toBe(1);
    expect(repo.adds).toBe(1);
  });

  it('answers 409 when the collection is full', async () => {
    const repo = new FakeCollections();
    const mine = artifactOf('u1', 'mine');
    const service = new CollectionsService(as<CollectionsRepository>(repo), artifacts([mine]));
    const c = await service.create(user('u1'), 'Full');
    repo.docs
      .get(c.id)
      ?.artifactIds.push(
        ...Array.from({ length: ARTIFACT_LIMITS.collectionArtifactsMax }, (_, i) => `other-${i}`),
      );
    expect(await errorCode(service.addArtifact(user('u1'), c.id, mine._id))).toBe('COLLECTION_FULL');
  });

  it('lists the most recently added first, skips deleted ones and pages over the rest', async () => {
    const repo = new FakeCollections();
    const [a, b, c] = [artifactOf('old', 'a'), artifactOf('u1', 'b'), artifactOf('u1', 'c')];
    // A migrated account owns its former id's artifacts too.
    const service = new CollectionsService(as<CollectionsRepository>(repo), artifacts([a, b, c]));
    const me = user('u1', 'old');
    const col = await service.create(me, 'All');
    repo.docs.get(col.id)?.artifactIds.push(a._id, 'deleted-since', b._id, c._id);
    const first = await service.listArtifacts(me, col.id, { page: 1, limit: 2 });
    expect(first.artifacts.map((x) => x.title)).toEqual(['c', 'b']);
    expect(first).toMatchObject({ total: 3, hasMore: true });
    const second = await service.listArtifacts(me, col.id, { page: 2, limit: 2 });
    expect(second.artifacts.map((x) => x.title)).toEqual(['a']);
    expect(second.hasMore).toBe(false);
  });

  it('answers 404 for a malformed collection id without asking the repository', async () => {
    const service = new CollectionsService(as<CollectionsRepository>({}), artifacts([]));
    expect(await errorCode(service.rename(user('u1'), '../x', 'n'))).toBe('COLLECTION_NOT_FOUND');
    expect(await errorCode(service.remove(user('u1'), '../x'))).toBe('COLLECTION_NOT_FOUND');
  });
});
