import { type z } from 'zod';
import { type ActivityEntry, ARTIFACT_MESSAGES as M, type versionListSchema } from '@core-vault/contracts';
import { uniqueSuffix } from '@core-vault/platform/testing';
import { artifactInput, type client, storedArtifact, tokenFor, useArtifactsApp } from '../testing';

const s = uniqueSuffix();
const owner = tokenFor(`owner-${s}`);
const migrated = tokenFor(`new-${s}`, { mig: `owner-${s}` });
const other = tokenFor(`other-${s}`);
const admin = tokenFor(`admin-${s}`, { adm: true });

const ctx = useArtifactsApp();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);

const create = async (token: string, over: Record<string, unknown> = {}) =>
  (await api('POST', '/api/v1/artifacts', { token, body: artifactInput(over) })).body.artifact as {
    id: string;
  };

type VersionList = z.output<typeof versionListSchema>;

describe('version history', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create(owner, { title: 'first', type: 'MARKDOWN', content: '# One' })).id;
    await api('PATCH', `/api/v1/artifacts/${id}`, {
      token: owner,
      body: { content: '# Two <script>x</script>', versionNote: 'second draft' },
    });
    await api('PATCH', `/api/v1/artifacts/${id}`, {
      token: owner,
      body: { title: 'third', description: 'd' },
    });
    await api('PATCH', `/api/v1/artifacts/${id}`, {
      token: owner,
      body: { tags: 'no-new-version', isPublic: true },
    });
  });

  it('keeps a version on every content or type change only, with its author and note', async () => {
    const res = await api<VersionList>('GET', `/api/v1/artifacts/${id}/versions`, { token: owner });
    expect(res.status).toBe(200);
    expect(res.body.versions.map((v) => [v.version, v.title, v.current, v.note, v.author])).toEqual([
      [2, 'third', true, 'second draft', `owner-${s}`],
      [1, 'first', false, null, `owner-${s}`],
    ]);
    expect(res.body.versions[1]).toMatchObject({ size: 5, restoredFrom: null });
    expect(await ctx.db.collection('artifact_versions').countDocuments({ artifactId: id })).toBe(1);
  });

  it('reads one version with its own sanitized form', async () => {
    const v2 = await api('GET', `/api/v1/artifacts/${id}/versions/2`, { token: owner });
    expect(v2.body.version).toMatchObject({
      version: 2,
      content: '# Two <script>x</script>',
      current: true,
      size: 24,
      note: 'second draft',
    });
    expect(v2.body.version.rendered).toContain('<h1>Two </h1>');
    expect(v2.body.version.rendered).not.toContain('script');
    const v1 = await api('GET', `/api/v1/artifacts/${id}/versions/1`, { token: owner });
    expect(v1.body.version).toMatchObject({ rendered: '<h1>One</h1>\n', current: false });
  });

  it('restores a version as a new version ("Restored from version N"); the title stays', async () => {
    const res = await api('POST', `/api/v1/artifacts/${id}/versions/1/restore`, { token: owner });
    expect(res.status).toBe(200);
    expect(res.body.artifact).toMatchObject({
      version: 3,
      latestVersion: 3,
      title: 'third',
      content: '# One',
      rendered: '<h1>One</h1>\n',
      tags: ['no-new-version'],
    });
    const list = await api<VersionList>('GET', `/api/v1/artifacts/${id}/versions`, { token: owner });
    expect(list.body.versions.map((v) => [v.version, v.note])).toEqual([
      [3, 'Restored from version 1'],
      [2, 'second draft'],
      [1, null],
    ]);
    expect(list.body.versions[0]?.restoredFrom).toBe(1);
    expect(
      (await api('GET', `/api/v1/artifacts/${id}/versions/2`, { token: owner })).body.version.content,
    ).toBe('# Two <script>x</script>');
  });

  it('lists the activity newest first: edits without versions too', async () => {
    const res = await api<{ activity: ActivityEntry[] }>('GET', `/api/v1/artifacts/${id}/activity`, {
      token: owner,
    });
    expect(res.status).toBe(200);
    expect(res.body.activity.map((e) => [e.kind, e.fields, e.version])).toEqual([
      ['restored', ['content'], 3],
      ['edited', ['tags', 'isPublic'], null],
      ['edited', ['title', 'description'], null],
      ['version', ['content'], 2],
      ['created', [], 1],
    ]);
    expect(res.body.activity[0]).toMatchObject({ by: `owner-${s}`, at: expect.stringMatching(/Z$/) });
    expect((await api('GET', `/api/v1/artifacts/${id}/activity`, { token: other })).status).toBe(403);
    expect((await api('GET', '/api/v1/artifacts/nope/activity', { token: owner })).status).toBe(404);
  });

  it('answers bad versions with 404/409 and changes nothing', async () => {
    const before = await storedArtifact(ctx.db, id);
    for (const [path, status, message] of [
      [`/versions/99/restore`, 404, M.versionNotFound],
      [`/versions/abc/restore`, 404, M.versionNotFound],
      [`/versions/0/restore`, 404, M.versionNotFound],
      [`/versions/3/restore`, 409, M.versionIsCurrent],
    ] as const) {
      const res = await api('POST', `/api/v1/artifacts/${id}${path}`, { token: owner });
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect((await api('GET', `/api/v1/artifacts/${id}/versions/-1`, { token: owner })).status).toBe(404);
    expect(await storedArtifact(ctx.db, id)).toEqual(before);
  });

  it('is for the owner, the migrated owner and admins only', async () => {
    expect((await api('GET', `/api/v1/artifacts/${id}/versions`, { token: migrated })).status).toBe(200);
    expect((await api('GET', `/api/v1/artifacts/${id}/versions`, { token: admin })).status).toBe(200);
    expect((await api('GET', `/api/v1/artifacts/${id}/versions`, { token: other })).status).toBe(403);
    expect((await api('GET', `/api/v1/artifacts/${id}/versions/1`, { token: other })).status).toBe(403);
    expect((await api('POST', `/api/v1/artifacts/${id}/versions/1/restore`, { token: other })).status).toBe(
      403,
    );
    expect((await api('GET', `/api/v1/artifacts/${id}/versions`)).status).toBe(401);
    expect(
      (await api('POST', `/api/v1/artifacts/${id}/versions/2/restore`, { token: migrated })).status,
    ).toBe(200);
  });

  it('pins share links to a kept version, and answers 404 for one that is not kept', async () => {
    const pinned = await api('POST', `/api/v1/artifacts/${id}/share`, {
      token: owner,
      body: { channel: 'embed', version: 2 },
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({
      version: 2,
      url: `https://vault.test/view/${id}?v=2`,
      embedUrl: `https://render.vault-usercontent.test/embed/${id}?v=2`,
    });
    const unknown = await api('POST', `/api/v1/artifacts/${id}/share`, {
      token: owner,
      body: { channel: 'link', version: 99 },
    });
    expect([unknown.status, unknown.body.message]).toEqual([404, M.versionNotFound]);
  });

  it('holds the limits per version and drops the history with the artifact', async () => {
    const big = await api('PATCH', `/api/v1/artifacts/${id}`, {
      token: owner,
      body: { content: 'x'.repeat(500_001) },
    });
    expect(big.status).toBe(413);
    await api('DELETE', `/api/v1/artifacts/${id}`, { token: owner });
    // In the trash the history waits for a restore; deleted for good, it goes.
    expect(await ctx.db.collection('artifact_versions').countDocuments({ artifactId: id })).toBeGreaterThan(
      0,
    );
    await api('DELETE', `/api/v1/artifacts/trash/${id}`, { token: owner });
    expect(await ctx.db.collection('artifact_versions').countDocuments({ artifactId: id })).toBe(0);
    expect((await api('GET', `/api/v1/artifacts/${id}/versions`, { token: owner })).status).toBe(404);
  });
});

describe('edit conflicts (revision)', () => {
  it('refuses an edit from a stale revision with 409 and stores nothing', async () => {
    const { id } = await create(owner, { title: 'two tabs', content: '<p>start</p>' });
    const first = await api('PATCH', `/api/v1/artifacts/${id}`, {
      token: owner,
      body: { title: 'first tab', revision: 1 },
    });
    expect(first.body.artifact).toMatchObject({ title: 'first tab', revision: 2, version: 1 });
    const before = await storedArtifact(ctx.db, id);
    const second = await api('PATCH', `/api/v1/artifacts/${id}`, {
      token: owner,
      body: { content: '<p>second tab</p>', revision: 1 },
    });
    expect([second.status, second.body.code, second.body.message]).toEqual([
      409,
      'ARTIFACT_EDIT_CONFLICT',
      M.editConflict,
    ]);
    const restore = await api('POST', `/api/v1/artifacts/${id}/versions/1/restore`, {
      token: owner,
      body: { revision: 1 },
    });
    expect(restore.status).toBe(409);
    expect(await storedArtifact(ctx.db, id)).toEqual(before);
    expect(await ctx.db.collection('artifact_versions').countDocuments({ artifactId: id })).toBe(0);
    // From the revision it now knows, the second tab saves.
    const retry = await api('PATCH', `/api/v1/artifacts/${id}`, {
      token: owner,
      body: { content: '<p>second tab</p>', revision: 2 },
    });
    expect(retry.body.artifact).toMatchObject({ revision: 3, version: 2, title: 'first tab' });
  });

  it('holds the description and version note limits with their messages', async () => {
    const { id } = await create(owner);
    for (const [body, message] of [
      [{ description: 'd'.repeat(2_001) }, M.descriptionTooLong],
      [{ content: '<p>x</p>', versionNote: 'n'.repeat(201) }, M.versionNoteTooLong],
      [{ revision: 1 }, M.nothingToUpdate],
    ] as const) {
      const res = await api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });
});

describe('collections', () => {
  const cOwner = tokenFor(`collector-${s}`);
  let a1: string;
  let a2: string;
  let foreign: string;
  beforeAll(async () => {
    a1 = (await create(cOwner, { title: 'c-one' })).id;
    a2 = (await create(cOwner, { title: 'c-two' })).id;
    foreign = (await create(other, { title: 'not yours', isPublic: true })).id;
  });

  it('create, rename, add, list, remove, delete', async () => {
    const created = await api('POST', '/api/v1/collections', { token: cOwner, body: { name: '  Charts ' } });
    expect(created.status).toBe(201);
    const cid = created.body.collection.id;
    expect(created.body.collection).toMatchObject({ name: 'Charts', artifactCount: 0 });
    const second = (await api('POST', '/api/v1/collections', { token: cOwner, body: { name: 'Other' } })).body
      .collection.id;

    expect(
      (await api('PATCH', `/api/v1/collections/${cid}`, { token: cOwner, body: { name: 'Graphs' } })).body
        .collection.name,
    ).toBe('Graphs');
    expect(
      (await api('PUT', `/api/v1/collections/${cid}/artifacts/${a1}`, { token: cOwner })).body.collection
        .artifactCount,
    ).toBe(1);
    expect(
      (await api('PUT', `/api/v1/collections/${cid}/artifacts/${a2}`, { token: cOwner })).body.collection
        .artifactCount,
    ).toBe(2);
    expect(
      (await api('PUT', `/api/v1/collections/${cid}/artifacts/${a2}`, { token: cOwner })).body.collection
        .artifactCount,
    ).toBe(2);
    // An artifact can be in several collections.
    expect(
      (await api('PUT', `/api/v1/collections/${second}/artifacts/${a1}`, { token: cOwner })).status,
    ).toBe(200);

    const listed = await api('GET', `/api/v1/collections/${cid}/artifacts`, { token: cOwner });
    expect(listed.body.artifacts.map((a: { title: string }) => a.title)).toEqual(['c-two', 'c-one']);
    expect(
      (await api('GET', '/api/v1/collections', { token: cOwner })).body.collections.map(
        (c: { name: string }) => c.name,
      ),
    ).toEqual(['Other', 'Graphs']);

    expect(
      (await api('DELETE', `/api/v1/collections/${cid}/artifacts/${a2}`, { token: cOwner })).body.collection
        .artifactCount,
    ).toBe(1);
    // An artifact in the trash leaves every collection's list; deleted for good, its entries go.
    await api('DELETE', `/api/v1/artifacts/${a1}`, { token: cOwner });
    expect(
      (await api('GET', `/api/v1/collections/${second}/artifacts`, { token: cOwner })).body.artifacts,
    ).toEqual([]);
    await api('DELETE', `/api/v1/artifacts/trash/${a1}`, { token: cOwner });
    expect(
      (await ctx.db.collection('collections').findOne({ _id: second as never }))?.['artifactIds'],
    ).toEqual([]);

    expect((await api('DELETE', `/api/v1/collections/${cid}`, { token: cOwner })).body).toEqual({ ok: true });
    expect((await api('GET', `/api/v1/collections/${cid}/artifacts`, { token: cOwner })).status).toBe(404);
    expect((await api('GET', `/api/v1/artifacts/${a2}`, { token: cOwner })).status).toBe(200);
  });

  it('is owner only, and only your own artifacts go in', async () => {
    const cid = (await api('POST', '/api/v1/collections', { token: cOwner, body: { name: 'Mine' } })).body
      .collection.id;
    const add = await api('PUT', `/api/v1/collections/${cid}/artifacts/${foreign}`, { token: cOwner });
    expect([add.status, add.body.message]).toEqual([404, M.notFound]);
    for (const [method, path, body] of [
      ['GET', `/api/v1/collections/${cid}/artifacts`, undefined],
      ['PATCH', `/api/v1/collections/${cid}`, { name: 'stolen' }],
      ['DELETE', `/api/v1/collections/${cid}`, undefined],
      ['PUT', `/api/v1/collections/${cid}/artifacts/${foreign}`, undefined],
      ['DELETE', `/api/v1/collections/${cid}/artifacts/${a2}`, undefined],
    ] as const) {
      const res = await api(method, path, { token: other, body });
      expect([res.status, res.body.message]).toEqual([404, M.collectionNotFound]);
      expect((await api(method, path, { body })).status).toBe(401);
    }
    expect((await api('GET', '/api/v1/collections', { token: other })).body.collections).toEqual([]);
  });

  it('validates names', async () => {
    for (const [body, message] of [
      [{ name: '   ' }, M.collectionNameRequired],
      [{ name: 'n'.repeat(101) }, M.collectionNameTooLong],
      [{}, '"name" is required.'],
      [{ name: 'x', extra: 1 }, 'Unknown field "extra".'],
    ] as const) {
      const res = await api('POST', '/api/v1/collections', { token: cOwner, body });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });
});
