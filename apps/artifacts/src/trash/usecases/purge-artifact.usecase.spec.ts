import { Topic } from '@core-vault/contracts';
import { owner, stranger } from '../../testing/artifact-fakes';
import { DAY_MS, trashServices } from '../../testing/trash-fakes';

const at = new Date('2026-12-01T00:00:00Z');
const later = (days: number) => new Date(at.getTime() + days * DAY_MS);

describe('purging the trash', () => {
  it('purges only due artifacts: versions, collection entries, then content with the deleted event, once', async () => {
    const t = trashServices();
    const due = t.stored();
    const fresh = t.stored();
    await t.move.execute(owner, due._id, at);
    await t.move.execute(owner, fresh._id, later(10));
    expect(await t.purgeDue.execute(later(30))).toBe(1);
    expect(t.versions.removed).toEqual([due._id]);
    expect(t.pulled).toEqual([due._id]);
    expect(t.artifacts.docs.get(due._id)).toMatchObject({ purgeAt: null, content: '' });
    expect(t.artifacts.docs.get(fresh._id)?.content).toBe('# Hello');
    expect(t.topics().filter((x) => x === String(Topic.ArtifactDeleted))).toHaveLength(1);
    // A second run (or a redelivered job) sends nothing more.
    expect(await t.purgeDue.execute(later(30))).toBe(0);
    expect(await t.purge.execute(due._id, later(30))).toBe(false);
    expect(t.topics().filter((x) => x === String(Topic.ArtifactDeleted))).toHaveLength(1);
  });

  it('never touches a restorable one', async () => {
    const t = trashServices();
    const doc = t.stored();
    await t.move.execute(owner, doc._id, at);
    expect(await t.purge.execute(doc._id, later(29))).toBe(false);
    expect(t.versions.removed).toEqual([]);
  });

  it('deletes forever one artifact, or the whole trash, of the caller only', async () => {
    const t = trashServices();
    const [a, b, c] = [t.stored(), t.stored(), t.stored()];
    const theirs = t.stored({}, stranger);
    for (const d of [a, b, c]) await t.move.execute(owner, d._id, at);
    await t.move.execute(stranger, theirs._id, at);
    await expect(t.deleteForever.execute(stranger, a._id, later(1))).rejects.toMatchObject({
      code: 'NOT_IN_TRASH',
    });
    await t.deleteForever.execute(owner, a._id, later(1));
    expect(t.artifacts.docs.get(a._id)?.content).toBe('');
    expect(await t.empty.execute(owner, later(2))).toEqual({ deleted: 2 });
    expect((await t.list.execute(owner, later(2))).total).toBe(0);
    expect((await t.list.execute(stranger, later(2))).artifacts.map((x) => x.id)).toEqual([theirs._id]);
  });

  it('lists the trash with days left', async () => {
    const t = trashServices();
    const doc = t.stored();
    await t.move.execute(owner, doc._id, at);
    const list = await t.list.execute(owner, later(2.5));
    expect(list).toMatchObject({ total: 1, retentionDays: 30 });
    expect(list.artifacts[0]).toMatchObject({ id: doc._id, daysLeft: 28, deletedAt: at.toISOString() });
  });
});
