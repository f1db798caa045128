import { ARTIFACT_MESSAGES as M, type Artifact } from '@core-vault/contracts';
import { uniqueSuffix } from '@core-vault/platform/testing';
import { artifactInput, type client, storedArtifact, tokenFor, useArtifactsApp } from '../testing';

const s = uniqueSuffix();
const alice = tokenFor(`alice-${s}`);
const aliceMigrated = tokenFor(`alice-${s}`, { mig: `legacy-${s}` });
const legacy = tokenFor(`legacy-${s}`);
const bob = tokenFor(`bob-${s}`);
const admin = tokenFor(`admin-${s}`, { adm: true, plan: 'Free', sts: 'NO_SUBSCRIPTION' });
const free = tokenFor(`free-${s}`, { plan: 'Free', sts: 'NO_SUBSCRIPTION' });
const canceled = tokenFor(`canceled-${s}`, { sts: 'CANCELED' });

const ctx = useArtifactsApp();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);

const create = async (token: string, over: Record<string, unknown> = {}) => {
  const res = await api('POST', '/api/v1/artifacts', { token, body: artifactInput(over) });
  expect(res.status).toBe(201);
  return res.body.artifact;
};
const count = () => ctx.db.collection('artifacts').countDocuments();

describe('create', () => {
  it('stores every spec field, owner from the token', async () => {
    const res = await api('POST', '/api/v1/artifacts', {
      token: alice,
      body: {
        title: '  Chart ',
        type: 'HTML',
        content: '<h1 onclick="x()">Hi</h1><base href="https://evil.test/">',
        tags: 'a, b ,,c',
        metadata: '{"extractedAt":"2025-01-01T00:00:00Z"}',
        description: 'A _small_ chart',
      },
    });
    expect(res.status).toBe(201);
    const a = res.body.artifact;
    expect(a).toMatchObject({
      title: 'Chart',
      type: 'HTML',
      content: '<h1 onclick="x()">Hi</h1><base href="https://evil.test/">',
      // HTML keeps its handlers (the renderer's sandbox is the wall); <base> never serves a page.
      rendered: '<h1 onclick="x()">Hi</h1>',
      tags: ['a', 'b', 'c'],
      isPublic: false,
      owner: `alice-${s}`,
      viewCount: 0,
      shareCount: 0,
      downloadCount: 0,
      version: 1,
      latestVersion: 1,
      revision: 1,
      description: 'A _small_ chart',
      indexable: false,
      metadata: { claudeVersion: 'claude-sonnet-4', extractedAt: '2025-01-01T00:00:00.000Z', size: 57 },
    });
    expect(a.updatedAt).toBe(a.createdAt);
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("falls back to 'Untitled', {} metadata on bad JSON, and detects AUTO", async () => {
    const content = "import React, { useState } from 'react';\nexport default function App() { return <p/> }";
    const a = await create(alice, { title: '', type: 'AUTO', metadata: '{oops', content });
    expect(a.title).toBe('Untitled');
    expect(a.type).toBe('REACT');
    expect(a.metadata.claudeVersion).toBe('claude-sonnet-4');
    expect(a.metadata.size).toBe(content.length);
    const short = await create(alice, { type: 'AUTO', content: '# short' });
    expect(short.type).toBe('HTML');
  });

  it('accepts exactly the limits', async () => {
    const a = await create(alice, {
      title: 't'.repeat(200),
      content: 'x'.repeat(500_000),
      tags: Array(50)
        .fill(0)
        .map((_, i) => `t${i}`),
    });
    expect(a.metadata.size).toBe(500_000);
    expect(a.tags).toHaveLength(50);
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['content over 500000', { content: 'x'.repeat(500_001) }, 413, M.contentTooLarge],
    ['title over 200', { title: 't'.repeat(201) }, 400, M.titleTooLong],
    ['10,000 tags', { tags: Array.from({ length: 10_000 }, (_, i) => `t${i}`) }, 400, M.tooManyTags],
    [
      '10,000 tags as text',
      {
        tags: Array.from({ length: 10_000 }, (_, i) => `t${i}`)
          .join(',')
          .slice(0, 4999),
      },
      400,
      M.tooManyTags,
    ],
    ['a 51-character tag', { tags: ['x'.repeat(51)] }, 400, M.tagTooLong],
    ['tags of the wrong type', { tags: { a: 1 } }, 400, M.tagsInvalid],
    ['missing title', { title: undefined }, 400, '"title" is required.'],
    ['missing content', { content: undefined }, 400, '"content" is required.'],
    ['blank content', { content: '  \n ' }, 400, M.contentRequired],
    [
      'missing type',
      { type: undefined },
      400,
      '"type" must be one of "REACT", "HTML", "MARKDOWN", "SVG", "TYPESCRIPT", "UNKNOWN", "AUTO".',
    ],
    [
      'unknown type',
      { type: 'PDF' },
      400,
      '"type" must be one of "REACT", "HTML", "MARKDOWN", "SVG", "TYPESCRIPT", "UNKNOWN", "AUTO".',
    ],
    ['title of the wrong type', { title: 5 }, 400, '"title" must be a string.'],
    ['isPublic of the wrong type', { isPublic: 'yes' }, 400, '"isPublic" must be a boolean.'],
    ['metadata of the wrong type', { metadata: [1] }, 400, M.metadataInvalid],
    ['a client-sent owner', { userId: 'someone-else' }, 400, 'Unknown field "userId".'],
  ])('rejects %s with a clear 4xx and saves nothing', async (_name, over, status, message) => {
    const before = await count();
    const res = await api('POST', '/api/v1/artifacts', { token: alice, body: artifactInput(over) });
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('answers malformed, oversized and deeply nested bodies with 4xx', async () => {
    const malformed = await api('POST', '/api/v1/artifacts', { token: alice, rawBody: '{"title":' });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'MALFORMED_JSON']);
    const huge = await api('POST', '/api/v1/artifacts', {
      token: alice,
      rawBody: JSON.stringify(artifactInput({ content: '\u0001'.repeat(500_000) })),
    });
    expect(huge.status).toBe(413);
    const deep = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    const nested = await api('POST', '/api/v1/artifacts', {
      token: alice,
      rawBody: `{"title":"x","type":"HTML","content":"y","metadata":${deep}}`,
    });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toBe(M.metadataTooDeep);
    const notObject = await api('POST', '/api/v1/artifacts', { token: alice, body: [1, 2] });
    expect(notObject.status).toBe(400);
  });

  it('needs a signed-in user with the basic_upload feature', async () => {
    expect((await api('POST', '/api/v1/artifacts', { body: artifactInput() })).status).toBe(401);
    for (const token of [free, canceled]) {
      const res = await api('POST', '/api/v1/artifacts', { token, body: artifactInput() });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FEATURE_NOT_AVAILABLE');
    }
    expect((await api('POST', '/api/v1/artifacts', { token: admin, body: artifactInput() })).status).toBe(
      201,
    );
    const bad = await api('POST', '/api/v1/artifacts', { token: 'Bearer nonsense', body: artifactInput() });
    expect(bad.status).toBe(401);
  });
});

describe('batch create (extension hand-off)', () => {
  it('creates all, in order', async () => {
    const res = await api('POST', '/api/v1/artifacts/batch', {
      token: bob,
      body: {
        artifacts: [
          artifactInput({ title: 'one', description: 'first of two' }),
          artifactInput({
            title: 'two',
            type: 'AUTO',
            content: '# Title\n\nlong enough markdown content for detection',
          }),
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.artifacts.map((a) => [a.title, a.description])).toEqual([
      ['one', 'first of two'],
      ['two', ''],
    ]);
    expect(res.body.artifacts[1]).toMatchObject({
      type: 'MARKDOWN',
      rendered: expect.stringContaining('<h1>Title</h1>'),
    });
  });

  it('saves nothing when one item is invalid, naming it', async () => {
    const before = await count();
    const res = await api('POST', '/api/v1/artifacts/batch', {
      token: bob,
      body: {
        artifacts: [artifactInput(), artifactInput(), artifactInput({ content: 'x'.repeat(500_001) })],
      },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(`Artifact 3: ${M.contentTooLarge}`);
    expect(await count()).toBe(before);
  });

  it('bounds the count', async () => {
    const res = await api('POST', '/api/v1/artifacts/batch', {
      token: bob,
      body: { artifacts: Array.from({ length: 21 }, () => artifactInput()) },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.batchTooLarge);
    expect(
      (await api('POST', '/api/v1/artifacts/batch', { token: free, body: { artifacts: [artifactInput()] } }))
        .status,
    ).toBe(403);
  });
});

describe('ownership of each call', () => {
  let own: Artifact;
  let legacyOne: Artifact;
  let pub: Artifact;
  beforeAll(async () => {
    own = await create(alice, { title: 'alice private' });
    pub = await create(alice, { title: 'alice public', isPublic: true });
    legacyOne = await create(legacy, { title: 'from the old account' });
  });

  it('get: owner, migrated owner and admin read private; others 403; missing 404; bad id 404', async () => {
    expect((await api('GET', `/api/v1/artifacts/${own.id}`, { token: alice })).body.artifact.owner).toBe(
      `alice-${s}`,
    );
    expect((await api('GET', `/api/v1/artifacts/${legacyOne.id}`, { token: aliceMigrated })).status).toBe(
      200,
    );
    expect((await api('GET', `/api/v1/artifacts/${legacyOne.id}`, { token: alice })).status).toBe(403);
    expect((await api('GET', `/api/v1/artifacts/${own.id}`, { token: admin })).status).toBe(200);
    for (const token of [bob, undefined]) {
      const res = await api('GET', `/api/v1/artifacts/${own.id}`, { token });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This artifact is private');
    }
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not%20an%20id', '%24where', 'x'.repeat(300)]) {
      const res = await api('GET', `/api/v1/artifacts/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Artifact not found');
    }
  });

  it('get: anyone reads a public one, without owner-only fields', async () => {
    const anon = await api('GET', `/api/v1/artifacts/${pub.id}`);
    expect(anon.status).toBe(200);
    expect(anon.body.artifact.title).toBe('alice public');
    expect(anon.body.artifact).not.toHaveProperty('owner');
    expect(anon.body.artifact).not.toHaveProperty('viewCount');
    const ownerRead = await api('GET', `/api/v1/artifacts/${pub.id}`, { token: alice });
    expect(ownerRead.body.artifact.viewCount).toBe(0);
    expect(
      (await api('GET', `/api/v1/artifacts/${pub.id}`, { token: bob })).body.artifact,
    ).not.toHaveProperty('owner');
  });

  it('list: own and migrated-from artifacts only', async () => {
    const mine = await api('GET', '/api/v1/artifacts?limit=100', { token: aliceMigrated });
    const owners = new Set(mine.body.artifacts.map((a: { owner: string }) => a.owner));
    expect(owners).toEqual(new Set([`alice-${s}`, `legacy-${s}`]));
    expect(mine.body.artifacts[0]).not.toHaveProperty('content');
    const plain = await api('GET', '/api/v1/artifacts?limit=100', { token: alice });
    expect(plain.body.artifacts.every((a: { owner: string }) => a.owner === `alice-${s}`)).toBe(true);
    expect((await api('GET', '/api/v1/artifacts')).status).toBe(401);
    const adminList = await api('GET', '/api/v1/artifacts', { token: admin });
    expect(adminList.body.artifacts.every((a: { owner: string }) => a.owner === `admin-${s}`)).toBe(true);
  });

  it('update: owner, migrated owner and admin; others 403, anonymous 401', async () => {
    expect(
      (await api('PATCH', `/api/v1/artifacts/${own.id}`, { token: alice, body: { tags: 'x,y' } })).body
        .artifact.tags,
    ).toEqual(['x', 'y']);
    expect(
      (
        await api('PATCH', `/api/v1/artifacts/${legacyOne.id}`, {
          token: aliceMigrated,
          body: { title: 'moved' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await api('PATCH', `/api/v1/artifacts/${own.id}`, { token: admin, body: { title: 'moderated' } }))
        .status,
    ).toBe(200);
    const other = await api('PATCH', `/api/v1/artifacts/${own.id}`, { token: bob, body: { isPublic: true } });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(M.notOwner);
    expect((await api('PATCH', `/api/v1/artifacts/${own.id}`, { body: { isPublic: true } })).status).toBe(
      401,
    );
    expect(
      (await api('PATCH', '/api/v1/artifacts/nope', { token: alice, body: { isPublic: true } })).status,
    ).toBe(404);
    const stored = await storedArtifact(ctx.db, own.id);
    expect(stored?.['isPublic']).toBe(false);
  });

  it('update: validates like create and saves nothing on bad input', async () => {
    const before = await storedArtifact(ctx.db, own.id);
    for (const [body, status, message] of [
      [{}, 400, M.nothingToUpdate],
      [{ content: 'x'.repeat(500_001) }, 413, M.contentTooLarge],
      [{ title: 't'.repeat(201) }, 400, M.titleTooLong],
      [{ isPublic: 'true' }, 400, '"isPublic" must be a boolean.'],
      [{ owner: 'bob' }, 400, 'Unknown field "owner".'],
    ] as const) {
      const res = await api('PATCH', `/api/v1/artifacts/${own.id}`, { token: alice, body });
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect(await storedArtifact(ctx.db, own.id)).toEqual(before);
  });

  it('update: visibility and content; content changes bump the version', async () => {
    const vis = await api('PATCH', `/api/v1/artifacts/${own.id}`, { token: alice, body: { isPublic: true } });
    expect(vis.body.artifact).toMatchObject({ isPublic: true });
    const version = vis.body.artifact.version;
    const edit = await api('PATCH', `/api/v1/artifacts/${own.id}`, {
      token: alice,
      body: { content: '<p onclick="x">new</p>', type: 'AUTO' },
    });
    expect(edit.body.artifact).toMatchObject({
      content: '<p onclick="x">new</p>',
      rendered: '<p onclick="x">new</p>',
      version: version + 1,
    });
    expect(edit.body.artifact.metadata.size).toBe(22);
    expect(new Date(edit.body.artifact.updatedAt).getTime()).toBeGreaterThan(
      new Date(edit.body.artifact.createdAt).getTime(),
    );
  });

  it('delete: others 403, anonymous 401, owner moves it to the trash', async () => {
    const victim = await create(alice, { isPublic: true });
    expect((await api('DELETE', `/api/v1/artifacts/${victim.id}`, { token: bob })).status).toBe(403);
    expect((await api('DELETE', `/api/v1/artifacts/${victim.id}`)).status).toBe(401);
    expect((await api('DELETE', `/api/v1/artifacts/${victim.id}`, { token: alice })).body).toEqual({
      ok: true,
    });
    expect((await api('GET', `/api/v1/artifacts/${victim.id}`)).status).toBe(404);
    expect((await api('DELETE', `/api/v1/artifacts/${victim.id}`, { token: alice })).status).toBe(404);
    const listed = await api('GET', '/api/v1/artifacts?limit=100', { token: alice });
    expect(listed.body.artifacts.map((a: { id: string }) => a.id)).not.toContain(victim.id);
    const migratedDelete = await create(legacy);
    expect(
      (await api('DELETE', `/api/v1/artifacts/${migratedDelete.id}`, { token: aliceMigrated })).status,
    ).toBe(200);
    const adminDelete = await create(bob);
    expect((await api('DELETE', `/api/v1/artifacts/${adminDelete.id}`, { token: admin })).status).toBe(200);
  });
});

describe('list sorts and pagination', () => {
  const carol = tokenFor(`carol-${s}`);
  let ids: Record<string, string>;
  beforeAll(async () => {
    ids = {};
    for (const [title, type] of [
      ['banana', 'SVG'],
      ['Apple', 'MARKDOWN'],
      ['cherry', 'HTML'],
    ] as const) {
      ids[title] = (await create(carol, { title, type, content: type === 'SVG' ? '<svg></svg>' : 'x' })).id;
    }
    await ctx.db
      .collection('artifacts')
      .updateOne({ _id: ids['cherry'] as never }, { $set: { viewCount: 7 } });
    await ctx.db
      .collection('artifacts')
      .updateOne({ _id: ids['Apple'] as never }, { $set: { viewCount: 3 } });
  });
  const titles = async (query: string) =>
    (await api('GET', `/api/v1/artifacts?${query}`, { token: carol })).body.artifacts.map(
      (a: { title: string }) => a.title,
    );

  it.each([
    ['', ['cherry', 'Apple', 'banana']],
    ['sort=newest', ['cherry', 'Apple', 'banana']],
    ['sort=oldest', ['banana', 'Apple', 'cherry']],
    ['sort=title', ['Apple', 'banana', 'cherry']],
    ['sort=type', ['cherry', 'Apple', 'banana']],
    ['sort=views', ['cherry', 'Apple', 'banana']],
  ])('%s', async (query, expected) => {
    expect(await titles(query)).toEqual(expected);
  });

  it('paginates with bounded limits', async () => {
    const page2 = await api('GET', '/api/v1/artifacts?sort=oldest&limit=2&page=2', { token: carol });
    expect(page2.body).toMatchObject({ page: 2, limit: 2, total: 3, hasMore: false });
    expect(page2.body.artifacts.map((a: { title: string }) => a.title)).toEqual(['cherry']);
    const page1 = await api('GET', '/api/v1/artifacts?sort=oldest&limit=2', { token: carol });
    expect(page1.body.hasMore).toBe(true);
    for (const q of ['limit=101', 'limit=0', 'page=0', 'page=abc', 'sort=random']) {
      const res = await api('GET', `/api/v1/artifacts?${q}`, { token: carol });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/"(limit|page|sort)"/);
    }
  });
});
