import { type AuthUser, Topic } from '@core-vault/contracts';
import { admin, owner, refusal, stranger, writeServices as setup } from '../testing/artifact-fakes';

const other: AuthUser = { ...stranger, id: 'u3', email: 'u3@example.test' };

describe('ArtifactReuseService: download', () => {
  it("answers the current version as a file named for its title and type, and counts a visitor's first download of the day", async () => {
    const t = setup();
    const doc = t.stored({ isPublic: true });
    const file = await t.reuse.download(stranger, doc._id, undefined, '203.0.113.7');
    expect(file).toEqual({
      artifactId: doc._id,
      version: 1,
      fileName: 'chart.md',
      mediaType: 'text/markdown',
      content: '# Hello',
    });
    expect(t.artifacts.docs.get(doc._id)?.downloadCount).toBe(1);
    expect(t.topics()).toEqual([Topic.ArtifactDownloaded]);
    expect(t.artifacts.outbox[0]?.envelope.data).toEqual({ artifactId: doc._id, ownerId: owner.id });
    expect(t.nudges()).toBe(1);
  });

  it('counts once per visitor, artifact and day: the same account anywhere, the same address whatever else', async () => {
    const t = setup();
    const doc = t.stored({ isPublic: true });
    await t.reuse.download(stranger, doc._id, undefined, '203.0.113.7');
    await t.reuse.download(stranger, doc._id, undefined, '198.51.100.1');
    await t.reuse.download(null, doc._id, undefined, '203.0.113.9');
    await t.reuse.download(null, doc._id, undefined, '203.0.113.9');
    // IPv6: one /64 is one visitor, whatever address the device picks in it.
    await t.reuse.download(null, doc._id, undefined, '2001:db8:1:2::1');
    await t.reuse.download(null, doc._id, undefined, '2001:db8:1:2:aaaa::5');
    await t.reuse.download(other, doc._id, undefined, '203.0.113.9');
    expect(t.artifacts.docs.get(doc._id)?.downloadCount).toBe(4);
    expect(t.topics()).toHaveLength(4);
    // No key names an address or an account: a mark's last part is a salted hash, which holds no
    // '.' or ':' of an address and is never an account id (a pattern like /u2/ matched hashes by
    // chance: about one run in 25).
    const accounts = [stranger.id, other.id];
    const keys = [...t.shareMarks.keys.keys()];
    const marks = keys.filter((key) => /^artifact-downloads:\d{4}-\d{2}-\d{2}:/.test(key));
    expect(marks).toHaveLength(4);
    for (const mark of marks) expect(mark.split(':')[2]).toMatch(/^[\w-]{16,}$/);
    for (const key of keys) {
      expect(key).not.toMatch(/203\.0|198\.51|2001:db8/);
      for (const part of key.split(':')) expect(accounts).not.toContain(part);
    }
  });

  it("serves the owner's and an admin's downloads without counting them, private ones included", async () => {
    const t = setup();
    const secret = t.stored();
    await expect(t.reuse.download(owner, secret._id, undefined, '203.0.113.7')).resolves.toMatchObject({
      content: '# Hello',
    });
    await t.reuse.download(admin, secret._id, undefined, '203.0.113.7');
    expect(t.artifacts.docs.get(secret._id)?.downloadCount).toBe(0);
    expect(t.topics()).toEqual([]);
  });

  it('serves the file, uncounted, when the daily mark cannot be claimed (Redis away)', async () => {
    const t = setup();
    const doc = t.stored({ isPublic: true });
    t.shareMarks.down();
    await expect(t.reuse.download(null, doc._id, undefined, '203.0.113.7')).resolves.toMatchObject({
      fileName: 'chart.md',
    });
    expect(t.artifacts.docs.get(doc._id)?.downloadCount).toBe(0);
  });

  it('exposes nothing of a private artifact or an unpublished version; missing ids and versions are 404', async () => {
    const t = setup();
    const secret = t.stored();
    expect(await refusal(t.reuse.download(stranger, secret._id, undefined, 'a'))).toEqual({
      status: 403,
      code: 'ARTIFACT_PRIVATE',
    });
    expect(await refusal(t.reuse.download(null, secret._id, undefined, 'a'))).toMatchObject({ status: 403 });
    const open = t.stored({ isPublic: true });
    // Version 1 was saved while private; version 2 is current and public.
    t.artifacts.docs.set(open._id, { ...open, version: 2, publishedVersions: [2] });
    await t.versions.keep({
      _id: `${open._id}:1`,
      artifactId: open._id,
      version: 1,
      title: 'Chart',
      type: 'HTML',
      content: '<p>draft</p>',
      rendered: null,
      renderError: null,
      securityWarning: null,
      size: 12,
      createdAt: new Date(),
      archivedAt: new Date(),
    });
    expect(await refusal(t.reuse.download(stranger, open._id, { version: 1 }, 'a'))).toEqual({
      status: 403,
      code: 'ARTIFACT_PRIVATE',
    });
    // The owner reaches it, named for that version's type.
    await expect(t.reuse.download(owner, open._id, { version: 1 }, 'a')).resolves.toMatchObject({
      version: 1,
      fileName: 'chart.html',
      content: '<p>draft</p>',
    });
    expect(await refusal(t.reuse.download(stranger, open._id, { version: 3 }, 'a'))).toEqual({
      status: 404,
      code: 'VERSION_NOT_FOUND',
    });
    expect(await refusal(t.reuse.download(null, 'missing', undefined, 'a'))).toMatchObject({ status: 404 });
    expect(await refusal(t.reuse.download(null, '../x', undefined, 'a'))).toMatchObject({ status: 404 });
  });
});

describe('ArtifactReuseService: remix (save a copy)', () => {
  it("saves a private copy of the public version into the caller's vault, linked back, its created event naming the original", async () => {
    const t = setup();
    const doc = t.stored({ isPublic: true });
    const copy = await t.reuse.remix(stranger, doc._id, undefined);
    expect(copy).toMatchObject({
      owner: stranger.id,
      title: 'Chart',
      type: 'MARKDOWN',
      content: '# Hello',
      isPublic: false,
      allowNetwork: false,
      allowRemix: true,
      version: 1,
      remixedFrom: { artifactId: doc._id, title: 'Chart', ownerName: 'Ada L.', version: 1 },
      remixCount: 0,
    });
    expect(copy.id).not.toBe(doc._id);
    expect(copy.rendered).toContain('<h1>Hello</h1>');
    const stored = t.artifacts.docs.get(copy.id);
    expect(stored?._outbox?.map((e) => [e.topic, e.envelope.data])).toEqual([
      [
        Topic.ArtifactCreated,
        expect.objectContaining({ ownerId: stranger.id, remixedFrom: doc._id, isPublic: false }),
      ],
    ]);
    // The original is untouched: its count follows from that event (RemixCountConsumer).
    expect(t.artifacts.docs.get(doc._id)?.rev).toBe(doc.rev);
  });

  it('refuses a private artifact, one whose owner turned copies off, and your own', async () => {
    const t = setup();
    const secret = t.stored();
    expect(await refusal(t.reuse.remix(stranger, secret._id, undefined))).toEqual({
      status: 403,
      code: 'ARTIFACT_PRIVATE',
    });
    // Admins too: a copy leaves the owner's hands.
    expect(await refusal(t.reuse.remix(admin, secret._id, undefined))).toMatchObject({ status: 403 });
    const closed = t.stored({ isPublic: true });
    t.artifacts.docs.set(closed._id, { ...closed, allowRemix: false });
    expect(await refusal(t.reuse.remix(stranger, closed._id, undefined))).toEqual({
      status: 403,
      code: 'REMIX_DISABLED',
    });
    const mine = t.stored({ isPublic: true });
    expect(await refusal(t.reuse.remix(owner, mine._id, undefined))).toEqual({
      status: 409,
      code: 'REMIX_OWN_ARTIFACT',
    });
    expect(t.topics()).toEqual([]);
  });

  it('copies a published earlier version when asked, never an unpublished one', async () => {
    const t = setup();
    const doc = t.stored({ isPublic: true });
    t.artifacts.docs.set(doc._id, { ...doc, version: 3, publishedVersions: [2, 3] });
    for (const v of [1, 2])
      await t.versions.keep({
        _id: `${doc._id}:${v}`,
        artifactId: doc._id,
        version: v,
        title: 'Chart',
        type: 'HTML',
        content: `<p>v${v}</p>`,
        rendered: null,
        renderError: null,
        securityWarning: null,
        size: 8,
        createdAt: new Date(),
        archivedAt: new Date(),
      });
    const copy = await t.reuse.remix(stranger, doc._id, { version: 2 });
    expect(copy).toMatchObject({ type: 'HTML', content: '<p>v2</p>', remixedFrom: { version: 2 } });
    expect(await refusal(t.reuse.remix(stranger, doc._id, { version: 1 }))).toMatchObject({ status: 403 });
  });
});

describe('ArtifactEditsService: allowRemix', () => {
  it('lets the owner turn copies off and on, as an activity entry; visitors then see allowRemix', async () => {
    const t = setup();
    const doc = t.stored({ isPublic: true });
    const off = await t.edits.update(owner, doc._id, { allowRemix: false });
    expect(off.allowRemix).toBe(false);
    expect(t.artifacts.saved.at(-1)).toMatchObject({
      allowRemix: false,
      activity: { fields: ['allowRemix'] },
    });
    // Nothing another context follows: no event.
    expect(t.topics()).toEqual([]);
    // Already off: nothing to store.
    const again = await t.edits.update(owner, doc._id, { allowRemix: false });
    expect(again.revision).toBe(off.revision);
    expect((await t.edits.update(owner, doc._id, { allowRemix: true })).allowRemix).toBe(true);
  });
});
