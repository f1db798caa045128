import { Topic } from '@core-vault/contracts';
import { owner, refusal, stranger } from '../../testing/artifact-fakes';
import { DAY_MS, trashServices } from '../../testing/trash-fakes';

describe('MoveToTrash', () => {
  it('hides the artifact with everything kept, drops the cached read and says so by event', async () => {
    const t = trashServices();
    const doc = t.stored({ isPublic: true });
    const now = new Date('2026-12-01T00:00:00Z');
    await t.move.execute(owner, doc._id, now);
    const after = t.artifacts.docs.get(doc._id)!;
    expect(after).toMatchObject({ deletedAt: now, content: '# Hello', isPublic: true, tags: doc.tags });
    expect(after.purgeAt).toEqual(new Date(now.getTime() + 30 * DAY_MS));
    expect(t.topics()).toEqual([Topic.ArtifactTrashChanged]);
    expect(t.artifacts.outbox[0]?.envelope.data).toEqual({
      artifactId: doc._id,
      ownerId: 'u1',
      inTrash: true,
    });
    // Nothing deleted yet: versions and collection entries wait for the purge.
    expect(t.versions.removed).toEqual([]);
    expect(t.pulled).toEqual([]);
    expect(t.invalidated).toEqual([{ id: doc._id, rev: 2 }]);
    expect(await t.service.loadManageable(owner, doc._id).catch((e: Error) => e.message)).toBe(
      'Artifact not found',
    );
  });

  it("refuses someone else's artifact and changes nothing", async () => {
    const t = trashServices();
    const doc = t.stored();
    expect(await refusal(t.move.execute(stranger, doc._id))).toEqual({
      status: 403,
      code: 'NOT_ARTIFACT_OWNER',
    });
    expect(t.artifacts.docs.get(doc._id)?.deletedAt).toBeNull();
    expect(t.topics()).toEqual([]);
  });

  it('answers 404 for one already in the trash (a second delete)', async () => {
    const t = trashServices();
    const doc = t.stored();
    await t.move.execute(owner, doc._id);
    expect((await refusal(t.move.execute(owner, doc._id))).status).toBe(404);
  });
});
