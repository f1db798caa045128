import { Topic } from '@core-vault/contracts';
import { RENDER_POLICY_VERSION } from '../rendering/render';
import { admin, owner, refusal, stranger, writeServices as setup } from '../testing/artifact-fakes';
import { versionId } from './versions.repository';

describe('ArtifactEditsService', () => {
  it('writes nothing when an update changes nothing', async () => {
    const t = setup();
    const doc = t.stored();
    await t.edits.update(owner, doc._id, { title: 'Chart', content: '# Hello', description: '' });
    expect(t.artifacts.saved).toEqual([]);
    expect(t.topics()).toEqual([]);
  });

  it('changes the title and description without a new version, as an activity entry', async () => {
    const t = setup();
    const doc = t.stored();
    const updated = await t.edits.update(owner, doc._id, {
      title: 'Better chart',
      description: 'Q3 *sales*',
    });
    expect(updated).toMatchObject({
      title: 'Better chart',
      description: 'Q3 *sales*',
      version: 1,
      revision: 2,
    });
    expect(t.versions.kept.size).toBe(0);
    expect(t.versions.pruned).toEqual([]);
    expect(t.artifacts.saved[0]).toMatchObject({
      title: 'Better chart',
      description: 'Q3 *sales*',
      activity: { by: 'u1', kind: 'edited', fields: ['title', 'description'], version: null },
    });
    expect(t.artifacts.saved[0]?.version).toBeUndefined();
    expect(t.artifacts.outbox[0]?.envelope.data).toMatchObject({
      changed: ['title', 'description'],
      version: 1,
    });
    expect(t.invalidated).toEqual([{ id: doc._id, rev: 2 }]);
  });

  it('keeps the previous version before a content change, with author and note, and re-renders', async () => {
    const t = setup();
    const doc = t.stored();
    const updated = await t.edits.update(owner, doc._id, { content: '# Other', versionNote: ' typo ' });
    expect(updated).toMatchObject({ version: 2, latestVersion: 2 });
    expect(t.versions.kept.get(versionId(doc._id, 1))).toMatchObject({
      title: 'Chart',
      content: '# Hello',
      version: 1,
      author: 'u1',
      note: null,
      size: 7,
    });
    expect(t.artifacts.saved[0]?.version).toMatchObject({
      number: 2,
      renderPolicy: RENDER_POLICY_VERSION,
      info: { author: 'u1', note: 'typo', restoredFrom: null },
      state: { content: '# Other', rendered: expect.stringContaining('Other') },
    });
    expect(t.artifacts.saved[0]?.activity).toMatchObject({
      kind: 'version',
      fields: ['content'],
      version: 2,
    });
    expect(t.versions.pruned).toEqual([{ artifactId: doc._id, current: 2, keep: 100 }]);
  });

  it('makes a version of a type change alone', async () => {
    const t = setup();
    const doc = t.stored();
    const updated = await t.edits.update(owner, doc._id, { type: 'TYPESCRIPT' });
    expect(updated).toMatchObject({ type: 'TYPESCRIPT', version: 2 });
    expect(t.artifacts.saved[0]?.activity).toMatchObject({ kind: 'version', fields: ['type'] });
  });

  it('changes tags without a new version', async () => {
    const t = setup();
    const doc = t.stored();
    await t.edits.update(owner, doc._id, { tags: ['work'] });
    expect(t.artifacts.saved[0]).toMatchObject({ tags: ['work'], activity: { fields: ['tags'] } });
    expect(t.versions.kept.size).toBe(0);
    expect(t.artifacts.outbox[0]?.envelope.data).toMatchObject({ changed: ['tags'], version: 1 });
  });

  it('announces a visibility change alone, and an owner setting not at all', async () => {
    const t = setup();
    const doc = t.stored();
    await t.edits.update(owner, doc._id, { isPublic: true });
    expect(t.topics()).toEqual([Topic.ArtifactVisibilityChanged]);
    await t.edits.update(owner, doc._id, { allowNetwork: true });
    expect(t.topics()).toEqual([Topic.ArtifactVisibilityChanged]);
    expect(t.artifacts.saved[1]).toMatchObject({
      allowNetwork: true,
      activity: { fields: ['allowNetwork'] },
    });
  });

  it('refuses a stale revision with the edit conflict and stores nothing', async () => {
    const t = setup();
    const doc = t.stored();
    await t.edits.update(owner, doc._id, { title: 'First tab', revision: 1 });
    expect(await refusal(t.edits.update(owner, doc._id, { content: '# Second tab', revision: 1 }))).toEqual({
      status: 409,
      code: 'ARTIFACT_EDIT_CONFLICT',
    });
    expect(t.artifacts.saved).toHaveLength(1);
    expect(t.versions.kept.size).toBe(0);
    expect(t.artifacts.docs.get(doc._id)).toMatchObject({ title: 'First tab', content: '# Hello', rev: 2 });
    await expect(
      t.edits.update(owner, doc._id, { content: '# Second tab', revision: 2 }),
    ).resolves.toMatchObject({
      version: 2,
      revision: 3,
    });
  });

  it('answers 409 when another write got in first (the edit conflict when a revision was sent)', async () => {
    const t = setup();
    const doc = t.stored();
    t.artifacts.loseNextRace = true;
    expect(await refusal(t.edits.update(owner, doc._id, { title: 'Late' }))).toEqual({
      status: 409,
      code: 'ARTIFACT_CHANGED',
    });
    t.artifacts.loseNextRace = true;
    expect((await refusal(t.edits.update(owner, doc._id, { title: 'Late', revision: 1 }))).code).toBe(
      'ARTIFACT_EDIT_CONFLICT',
    );
    expect(t.invalidated).toEqual([]);
  });

  it('lets owners and admins edit, refuses others', async () => {
    const t = setup();
    const doc = t.stored();
    expect((await refusal(t.edits.update(stranger, doc._id, { title: 'Mine' }))).code).toBe(
      'NOT_ARTIFACT_OWNER',
    );
    await expect(t.edits.update(admin, doc._id, { title: 'Moderated' })).resolves.toMatchObject({
      title: 'Moderated',
    });
    expect(t.artifacts.saved[0]?.activity?.by).toBe('admin');
  });

  it('restores an old version as a new one, and refuses the current or an unknown version', async () => {
    const t = setup();
    const doc = t.stored();
    await t.edits.update(owner, doc._id, { content: '# Second', title: 'Renamed' });
    expect((await refusal(t.edits.restore(owner, doc._id, '2', undefined))).code).toBe('VERSION_IS_CURRENT');
    expect((await refusal(t.edits.restore(owner, doc._id, '7', {}))).code).toBe('VERSION_NOT_FOUND');
    expect((await refusal(t.edits.restore(owner, doc._id, '1x', {}))).code).toBe('VERSION_NOT_FOUND');
    const restored = await t.edits.restore(owner, doc._id, '1', { revision: 2 });
    // Content and type come back; the title stays the current one (titles are not versioned).
    expect(restored).toMatchObject({ title: 'Renamed', content: '# Hello', version: 3, revision: 3 });
    expect(t.artifacts.saved[1]?.version).toMatchObject({
      renderPolicy: RENDER_POLICY_VERSION,
      info: { author: 'u1', note: 'Restored from version 1', restoredFrom: 1 },
    });
    expect(t.artifacts.saved[1]?.activity).toMatchObject({ kind: 'restored', version: 3 });
    expect(t.versions.kept.get(versionId(doc._id, 2))).toMatchObject({ content: '# Second', version: 2 });
  });

  it('making it public publishes the latest version only; versions saved while private stay private', async () => {
    const t = setup();
    const doc = t.stored();
    await t.edits.update(owner, doc._id, { content: '# Second' });
    expect(t.artifacts.docs.get(doc._id)?.publishedVersions).toEqual([]);
    await t.edits.update(owner, doc._id, { isPublic: true });
    expect(t.artifacts.saved[1]).toMatchObject({
      isPublic: true,
      publishedVersions: [2],
      activity: { fields: ['isPublic'] },
    });
    // A version made while public is published, and so stays the one it replaced.
    await t.edits.update(owner, doc._id, { content: '# Third' });
    expect(t.artifacts.docs.get(doc._id)?.publishedVersions).toEqual([2, 3]);
    // Search and analytics follow the current version: no event says which versions are published.
    expect(t.topics()).toEqual([
      Topic.ArtifactUpdated,
      Topic.ArtifactVisibilityChanged,
      Topic.ArtifactUpdated,
    ]);
  });

  it('"all" publishes the earlier versions too, on becoming public or later, as an activity entry', async () => {
    const t = setup();
    const doc = t.stored();
    await t.edits.update(owner, doc._id, { content: '# Second' });
    await t.edits.update(owner, doc._id, { isPublic: true, publishVersions: 'all' });
    expect(t.artifacts.saved[1]).toMatchObject({
      publishedVersions: [1, 2],
      activity: { fields: ['isPublic', 'publishedVersions'] },
    });
    expect(t.invalidated.at(-1)).toEqual({ id: doc._id, rev: 3 });

    const later = setup();
    const other = later.stored();
    await later.edits.update(owner, other._id, { content: '# Second' });
    await later.edits.update(owner, other._id, { isPublic: true });
    await later.edits.update(owner, other._id, { publishVersions: 'all' });
    expect(later.artifacts.saved[2]).toMatchObject({
      publishedVersions: [1, 2],
      activity: { kind: 'edited', fields: ['publishedVersions'] },
    });
    expect(later.topics()).toEqual([Topic.ArtifactUpdated, Topic.ArtifactVisibilityChanged]);
    // Nothing more to publish: nothing written.
    await later.edits.update(owner, other._id, { publishVersions: 'all' });
    expect(later.artifacts.saved).toHaveLength(3);
  });

  it('refuses to publish versions of an artifact that stays private (400), storing nothing', async () => {
    const t = setup();
    const doc = t.stored();
    await t.edits.update(owner, doc._id, { content: '# Second' });
    for (const body of [
      { publishVersions: 'all' as const },
      { isPublic: false, publishVersions: 'latest' as const },
    ])
      expect(await refusal(t.edits.update(owner, doc._id, body))).toEqual({
        status: 400,
        code: 'PUBLISH_NEEDS_PUBLIC',
      });
    expect(t.artifacts.saved).toHaveLength(1);
  });

  it('keeps what was public published through a private spell; an artifact from before #32 keeps all its versions', async () => {
    const t = setup();
    const doc = t.stored({ isPublic: true });
    await t.edits.update(owner, doc._id, { isPublic: false });
    await t.edits.update(owner, doc._id, { content: '# Private edit' });
    await t.edits.update(owner, doc._id, { isPublic: true });
    expect(t.artifacts.docs.get(doc._id)?.publishedVersions).toEqual([1, 2]);
    // Restoring a private version while public makes a new, published version of it: the owner's act.
    await t.edits.restore(owner, doc._id, '1', {});
    expect(t.artifacts.docs.get(doc._id)?.publishedVersions).toEqual([1, 2, 3]);

    const legacy = setup();
    const old = legacy.stored({ isPublic: true });
    legacy.artifacts.docs.set(old._id, { ...old, version: 3, publishedVersions: undefined });
    await legacy.edits.update(owner, old._id, { title: 'Renamed' });
    expect(legacy.artifacts.saved[0]?.publishedVersions).toEqual([1, 2, 3]);
  });

  it('refuses a restore from a stale revision, storing nothing', async () => {
    const t = setup();
    const doc = t.stored();
    await t.edits.update(owner, doc._id, { content: '# Second' });
    expect((await refusal(t.edits.restore(owner, doc._id, '1', { revision: 1 }))).code).toBe(
      'ARTIFACT_EDIT_CONFLICT',
    );
    expect(t.artifacts.saved).toHaveLength(1);
  });
});
