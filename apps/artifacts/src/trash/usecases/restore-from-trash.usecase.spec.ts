import { Topic } from '@core-vault/contracts';
import { owner, stranger } from '../../testing/artifact-fakes';
import { DAY_MS, trashServices } from '../../testing/trash-fakes';
import { TrashException } from '../trash.exception';

const refused = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(TrashException);
  const t = e as TrashException;
  return { status: t.getStatus(), code: t.code };
};

describe('RestoreFromTrash', () => {
  it('brings it back as it was, public state and all, with the event', async () => {
    const t = trashServices();
    const doc = t.stored({ isPublic: true });
    const at = new Date('2026-12-01T00:00:00Z');
    await t.move.execute(owner, doc._id, at);
    const back = await t.restore.execute(owner, doc._id, new Date(at.getTime() + 29 * DAY_MS));
    expect(back).toMatchObject({ id: doc._id, isPublic: true, title: 'Chart' });
    expect(t.artifacts.docs.get(doc._id)).toMatchObject({
      deletedAt: null,
      purgeAt: null,
      content: '# Hello',
    });
    expect(t.topics()).toEqual([Topic.ArtifactTrashChanged, Topic.ArtifactTrashChanged]);
    expect(t.artifacts.outbox[1]?.envelope.data).toMatchObject({ inTrash: false });
    await expect(t.service.loadManageable(owner, doc._id)).resolves.toMatchObject({ _id: doc._id });
  });

  it('refuses a due one (409) and one not in the trash or not the caller’s (404)', async () => {
    const t = trashServices();
    const doc = t.stored();
    const at = new Date('2026-12-01T00:00:00Z');
    expect(await refused(t.restore.execute(owner, doc._id, at))).toEqual({
      status: 404,
      code: 'NOT_IN_TRASH',
    });
    await t.move.execute(owner, doc._id, at);
    expect(await refused(t.restore.execute(stranger, doc._id, at))).toEqual({
      status: 404,
      code: 'NOT_IN_TRASH',
    });
    expect(await refused(t.restore.execute(owner, doc._id, new Date(at.getTime() + 30 * DAY_MS)))).toEqual({
      status: 409,
      code: 'TRASH_EXPIRED',
    });
    expect(await refused(t.restore.execute(owner, '../x', at))).toEqual({
      status: 404,
      code: 'NOT_IN_TRASH',
    });
  });
});
