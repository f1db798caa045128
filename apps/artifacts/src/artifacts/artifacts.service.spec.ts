import { createArtifactBodySchema, Topic } from '@core-vault/contracts';
import { admin, owner, refusal, stranger, writeServices as setup } from '../testing/artifact-fakes';
import { versionId } from './versions.repository';

describe('ArtifactsService', () => {
  it('creates an artifact with its created event in the same write, and wakes the relay', async () => {
    const t = setup();
    const made = await t.service.create(
      owner,
      createArtifactBodySchema.parse({
        title: '  Notes ',
        type: 'MARKDOWN',
        content: '# Title',
        description: 'What *these* notes are for',
      }),
    );
    expect(made).toMatchObject({
      owner: 'u1',
      title: 'Notes',
      type: 'MARKDOWN',
      version: 1,
      latestVersion: 1,
      revision: 1,
      description: 'What *these* notes are for',
      indexable: false,
    });
    const doc = t.artifacts.docs.get(made.id);
    expect(doc?._outbox?.map((e) => e.topic)).toEqual([Topic.ArtifactCreated]);
    expect(doc?.activity).toEqual([
      { at: expect.any(Date), by: 'u1', kind: 'created', fields: [], version: 1 },
    ]);
    expect(doc?.versionInfo).toEqual({ author: 'u1', note: null, restoredFrom: null });
    expect(t.nudges()).toBe(1);
  });

  it("copies the owner's indexing setting onto new artifacts: indexable once public", async () => {
    const t = setup({ ownerAllowsIndexing: true });
    const body = { title: 'T', type: 'HTML', content: '<p>x</p>' };
    const open = await t.service.create(owner, createArtifactBodySchema.parse({ ...body, isPublic: true }));
    const [closed] = await t.service.createBatch(owner, {
      artifacts: [createArtifactBodySchema.parse(body)],
    });
    expect(open.indexable).toBe(true);
    expect(closed?.indexable).toBe(false);
    expect(t.artifacts.docs.get(closed?.id ?? '')?.indexing).toBe(true);
  });

  it('lets owners and admins manage, refuses others, and hides malformed or missing ids', async () => {
    const t = setup();
    const doc = t.stored();
    expect(await refusal(t.service.loadManageable(stranger, doc._id))).toEqual({
      status: 403,
      code: 'NOT_ARTIFACT_OWNER',
    });
    await expect(t.service.loadManageable(admin, doc._id)).resolves.toMatchObject({ _id: doc._id });
    expect((await refusal(t.service.loadManageable(owner, '../etc'))).status).toBe(404);
    expect((await refusal(t.service.loadManageable(owner, 'missing'))).status).toBe(404);
  });

  it('shares public artifacts with anyone, private ones only by who manages them', async () => {
    const t = setup();
    const secret = t.stored();
    const open = t.stored({ isPublic: true });
    expect(await refusal(t.service.share(stranger, secret._id, { channel: 'link' }))).toEqual({
      status: 403,
      code: 'ARTIFACT_PRIVATE',
    });
    const shared = await t.service.share(stranger, open._id, { channel: 'embed' });
    expect(shared).toMatchObject({ artifactId: open._id, channel: 'embed', shareCount: 1, version: null });
    expect(shared.url).toBe(`https://app.example/view/${open._id}`);
    expect(t.topics()).toEqual([Topic.ArtifactShared]);
  });

  it('pins share links to the current or a kept version, and refuses any other (nothing counted)', async () => {
    const t = setup();
    const doc = t.stored({ isPublic: true });
    await t.edits.update(owner, doc._id, { content: '# Second' });
    const pinned = await t.service.share(owner, doc._id, { channel: 'link', version: 1 });
    expect(pinned).toMatchObject({ version: 1, url: `https://app.example/view/${doc._id}?v=1` });
    expect(pinned.embedCode).toContain(`https://render.example/embed/${doc._id}?v=1`);
    expect((await t.service.share(owner, doc._id, { channel: 'embed', version: 2 })).version).toBe(2);
    t.versions.kept.delete(versionId(doc._id, 1));
    for (const version of [1, 3])
      expect(await refusal(t.service.share(owner, doc._id, { channel: 'link', version }))).toEqual({
        status: 404,
        code: 'VERSION_NOT_FOUND',
      });
    // Two shares by the owner on one day: one counted (below).
    expect(t.artifacts.docs.get(doc._id)?.shareCount).toBe(1);
  });

  it('counts one share per sharer, artifact and UTC day; a repeat gets its links and sends nothing', async () => {
    const t = setup();
    const doc = t.stored({ isPublic: true });
    const first = await t.service.share(stranger, doc._id, { channel: 'link' });
    const again = await t.service.share(stranger, doc._id, { channel: 'embed' });
    expect([first.shareCount, again.shareCount]).toEqual([1, 1]);
    expect(again.embedCode).toContain(`/embed/${doc._id}`);
    // Another sharer counts once too; the count moves by people, not by calls.
    expect((await t.service.share(owner, doc._id, { channel: 'link' })).shareCount).toBe(2);
    expect((await t.service.share(owner, doc._id, { channel: 'link' })).shareCount).toBe(2);
    expect(t.topics()).toEqual([Topic.ArtifactShared, Topic.ArtifactShared]);
    // The marks name the day and the artifact, and a hash of the sharer: never the account id.
    const keys = [...t.shareMarks.keys.keys()];
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).toMatch(new RegExp(`^artifact-shares:\\d{4}-\\d{2}-\\d{2}:${doc._id}:[A-Za-z0-9_-]{22}$`));
      expect(key).not.toContain(stranger.id);
      expect(key).not.toContain(owner.id);
    }
    expect([...t.shareMarks.keys.values()]).toEqual([2 * 24 * 3600, 2 * 24 * 3600]);
  });

  it('answers a share with Redis away and counts nothing rather than counting twice', async () => {
    const t = setup();
    const doc = t.stored({ isPublic: true });
    t.shareMarks.down();
    const shared = await t.service.share(stranger, doc._id, { channel: 'link' });
    expect(shared).toMatchObject({ shareCount: 0, url: `https://app.example/view/${doc._id}` });
    expect(t.topics()).toEqual([]);
  });

  it('pins links for others to published versions only: another answers as a private artifact', async () => {
    const t = setup();
    const doc = t.stored();
    await t.edits.update(owner, doc._id, { content: '# Second' });
    await t.edits.update(owner, doc._id, { isPublic: true });
    expect(await refusal(t.service.share(stranger, doc._id, { channel: 'link', version: 1 }))).toEqual({
      status: 403,
      code: 'ARTIFACT_PRIVATE',
    });
    expect((await t.service.share(stranger, doc._id, { channel: 'link', version: 2 })).version).toBe(2);
    // The owner may still pin it (the link answers as private to anyone else).
    expect((await t.service.share(owner, doc._id, { channel: 'link', version: 1 })).version).toBe(1);
    await t.edits.update(owner, doc._id, { publishVersions: 'all' });
    expect((await t.service.share(stranger, doc._id, { channel: 'embed', version: 1 })).version).toBe(1);
  });
});
