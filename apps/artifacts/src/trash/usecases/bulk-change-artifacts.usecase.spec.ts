import { Topic } from '@core-vault/contracts';
import { owner, stranger } from '../../testing/artifact-fakes';
import { trashServices } from '../../testing/trash-fakes';

describe('BulkChangeArtifacts', () => {
  it('applies the action to each id on its own and reports failures per id', async () => {
    const t = trashServices();
    const [a, b] = [t.stored(), t.stored()];
    const theirs = t.stored({}, stranger);
    const res = await t.bulk.execute(owner, {
      action: 'make-public',
      ids: [a._id, theirs._id, b._id, 'missing', a._id],
    });
    expect(res).toMatchObject({ action: 'make-public', succeeded: 2, failed: 2 });
    expect(res.results).toEqual([
      { id: a._id, ok: true },
      { id: theirs._id, ok: false, status: 403, code: 'NOT_ARTIFACT_OWNER', message: expect.any(String) },
      { id: b._id, ok: true },
      { id: 'missing', ok: false, status: 404, code: 'ARTIFACT_NOT_FOUND', message: 'Artifact not found' },
    ]);
    expect(t.artifacts.docs.get(a._id)?.isPublic).toBe(true);
    expect(t.artifacts.docs.get(theirs._id)?.isPublic).toBe(false);
    expect(t.topics().filter((x) => x === String(Topic.ArtifactVisibilityChanged))).toHaveLength(2);
  });

  it('moves to the trash and adds to a collection; a missing collection refuses the whole request', async () => {
    const t = trashServices();
    const [a, b] = [t.stored(), t.stored()];
    await expect(
      t.bulk.execute(owner, { action: 'add-to-collection', ids: [a._id], collectionId: 'nope' }),
    ).rejects.toMatchObject({ code: 'COLLECTION_NOT_FOUND' });
    expect(t.added).toEqual([]);
    const added = await t.bulk.execute(owner, {
      action: 'add-to-collection',
      ids: [a._id],
      collectionId: 'c0llection1',
    });
    expect(added.succeeded).toBe(1);
    const trashed = await t.bulk.execute(owner, { action: 'move-to-trash', ids: [a._id, b._id] });
    expect(trashed).toMatchObject({ succeeded: 2, failed: 0 });
    expect((await t.list.execute(owner)).total).toBe(2);
  });
});
