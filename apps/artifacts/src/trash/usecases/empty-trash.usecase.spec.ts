import { Topic } from '@core-vault/contracts';
import { owner } from '../../testing/artifact-fakes';
import { trashServices } from '../../testing/trash-fakes';

describe('emptying the trash', () => {
  it('says how many were in the trash, even when the purge job takes some of them first', async () => {
    const t = trashServices();
    const [a, b] = [t.stored(), t.stored()];
    await t.move.execute(owner, a._id);
    await t.move.execute(owner, b._id);
    // The purge job runs between this request's "due now" and its own purge, and takes one.
    const makeDue = t.trash.makeDue.bind(t.trash);
    t.trash.makeDue = async (filter, now) => {
      const made = await makeDue(filter, now);
      await t.purge.execute(a._id, now);
      return made;
    };
    expect(await t.empty.execute(owner)).toEqual({ deleted: 2 });
    expect(await t.list.execute(owner)).toMatchObject({ total: 0 });
    // Each gone once, with one deleted event each.
    expect(t.topics().filter((x) => x === String(Topic.ArtifactDeleted))).toHaveLength(2);
  });
});
