import { Redis } from 'ioredis';
import mongoose, { type Connection } from 'mongoose';
import { uniqueSuffix } from '@core-vault/platform/testing';
import { type TestApp, artifactInput, client, startArtifactsApp, tokenFor } from '../testing';
import { PublicArtifactCache } from './public-cache';

let t: TestApp;
let api: ReturnType<typeof client>;
let db: Connection;
let redis: Redis;
const s = uniqueSuffix();
const owner = tokenFor(`owner-${s}`);
const other = tokenFor(`other-${s}`);

beforeAll(async () => {
  t = await startArtifactsApp();
  api = client(t.url);
  db = await mongoose.createConnection(t.config.MONGO_URL, { dbName: t.config.MONGO_DB }).asPromise();
  redis = new Redis(t.config.REDIS_URL);
});
afterAll(async () => {
  redis.disconnect();
  await db.close();
  await t.close();
});

const createPublic = async (over: Record<string, unknown> = {}) =>
  (await api('POST', '/api/v1/artifacts', { token: owner, body: artifactInput({ isPublic: true, ...over }) }))
    .body.artifact as { id: string; version: number };
const setTitleBehindTheServiceBack = (id: string, title: string) =>
  db.collection('artifacts').updateOne({ _id: id as never }, { $set: { title } });

describe('public read cache', () => {
  it('serves the public view from Redis with a strong ETag, and 304 on If-None-Match', async () => {
    const { id } = await createPublic({ title: 'cached', content: '<p>hi</p><iframe src="x"></iframe>' });
    const first = await api('GET', `/api/v1/artifacts/${id}`);
    expect(first.status).toBe(200);
    expect(first.body.artifact).toMatchObject({ title: 'cached', rendered: '<p>hi</p>' });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10, must-revalidate');
    expect(first.headers.get('vary')).toBe('Authorization');
    expect(await redis.exists(`artifacts:public:${id}`)).toBe(1);

    // Served from the cache: a change made behind the service's back is not seen...
    await setTitleBehindTheServiceBack(id, 'sneaky');
    const second = await api('GET', `/api/v1/artifacts/${id}`, { token: other });
    expect(second.text).toBe(first.text);
    expect(second.headers.get('etag')).toBe(etag);

    const notModified = await api('GET', `/api/v1/artifacts/${id}`, { headers: { 'if-none-match': etag! } });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
  });

  it.each([
    [
      'update',
      (id: string) => api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { title: 'renamed' } }),
    ],
    [
      'tag change',
      (id: string) => api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { tags: 'new' } }),
    ],
  ])('a change (%s) is visible on the very next public read, with a new ETag', async (_name, change) => {
    const { id } = await createPublic({ title: 'before' });
    const before = await api('GET', `/api/v1/artifacts/${id}`);
    const etag = before.headers.get('etag')!;
    expect((await change(id)).status).toBe(200);
    const after = await api('GET', `/api/v1/artifacts/${id}`, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.text).not.toBe(before.text);
  });

  it('making it private, restoring and deleting invalidate too', async () => {
    const { id } = await createPublic({ content: '<p>one</p>' });
    await api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { content: '<p>two</p>' } });
    expect((await api('GET', `/api/v1/artifacts/${id}`)).body.artifact.content).toBe('<p>two</p>');
    await api('POST', `/api/v1/artifacts/${id}/versions/1/restore`, { token: owner });
    expect((await api('GET', `/api/v1/artifacts/${id}`)).body.artifact).toMatchObject({
      content: '<p>one</p>',
      version: 3,
    });

    await api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { isPublic: false } });
    const hidden = await api('GET', `/api/v1/artifacts/${id}`);
    expect(hidden.status).toBe(403);
    expect(hidden.body.message).toBe('This artifact is private');
    expect(await redis.exists(`artifacts:public:${id}`)).toBe(0);

    await api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { isPublic: true } });
    expect((await api('GET', `/api/v1/artifacts/${id}`)).status).toBe(200);
    await api('DELETE', `/api/v1/artifacts/${id}`, { token: owner });
    expect((await api('GET', `/api/v1/artifacts/${id}`)).status).toBe(404);
  });

  it('pins a read to a version with ?v=N: its own cache entry and ETag, kept across later edits', async () => {
    const { id } = await createPublic({ title: 'pin', content: '<p>one</p>' });
    await api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { content: '<p>two</p>' } });
    const pinned = await api('GET', `/api/v1/artifacts/${id}?v=1`);
    expect(pinned.status).toBe(200);
    expect(pinned.body.artifact).toMatchObject({ content: '<p>one</p>', version: 1, latestVersion: 2 });
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10, must-revalidate');
    const latest = await api('GET', `/api/v1/artifacts/${id}`);
    expect(latest.body.artifact).toMatchObject({ content: '<p>two</p>', version: 2, latestVersion: 2 });
    expect(pinned.headers.get('etag')).not.toBe(latest.headers.get('etag'));
    expect(await redis.exists(`artifacts:public:${id}@v1`)).toBe(1);
    const again = await api('GET', `/api/v1/artifacts/${id}?v=1`, {
      headers: { 'if-none-match': pinned.headers.get('etag')! },
    });
    expect(again.status).toBe(304);

    // A later edit drops the pinned entry too (its title is current) but not the pinned content.
    await api('PATCH', `/api/v1/artifacts/${id}`, {
      token: owner,
      body: { title: 'pin renamed', content: '<p>three</p>' },
    });
    expect(await redis.exists(`artifacts:public:${id}@v1`)).toBe(0);
    expect((await api('GET', `/api/v1/artifacts/${id}?v=1`)).body.artifact).toMatchObject({
      title: 'pin renamed',
      content: '<p>one</p>',
      version: 1,
      latestVersion: 3,
    });
    expect((await api('GET', `/api/v1/artifacts/${id}?v=3`)).body.artifact.content).toBe('<p>three</p>');
  });

  it('answers pinned reads of private, unknown, pruned and malformed versions like the spec says', async () => {
    const secret = (
      await api('POST', '/api/v1/artifacts', { token: owner, body: artifactInput({ content: '<p>a</p>' }) })
    ).body.artifact.id;
    await api('PATCH', `/api/v1/artifacts/${secret}`, { token: owner, body: { content: '<p>b</p>' } });
    for (const v of [1, 99]) {
      const res = await api('GET', `/api/v1/artifacts/${secret}?v=${v}`, { token: other });
      expect([res.status, res.body.message]).toEqual([403, 'This artifact is private']);
    }
    expect(
      (await api('GET', `/api/v1/artifacts/${secret}?v=1`, { token: owner })).body.artifact,
    ).toMatchObject({
      content: '<p>a</p>',
      version: 1,
    });
    const missing = await api('GET', '/api/v1/artifacts/no-such-artifact?v=1');
    expect([missing.status, missing.body.message]).toEqual([404, 'Artifact not found']);

    const { id } = await createPublic({ content: '<p>a</p>' });
    await api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { content: '<p>b</p>' } });
    // Pruned (or never there): the kept history no longer holds version 1.
    await db.collection('artifact_versions').deleteOne({ _id: `${id}:1` as never });
    for (const v of [1, 3, 99]) {
      const res = await api('GET', `/api/v1/artifacts/${id}?v=${v}`);
      expect([res.status, res.body.message]).toEqual([404, 'Version not found']);
    }
    for (const v of ['0', '-1', 'abc', '1.5']) {
      const res = await api('GET', `/api/v1/artifacts/${id}?v=${v}`);
      expect([res.status, res.body.message]).toEqual([400, 'The version must be a positive whole number.']);
    }
  });

  it('gives the owner the full view, privately cached, also with 304s', async () => {
    const { id } = await createPublic();
    await api('GET', `/api/v1/artifacts/${id}`); // fills the public cache
    const mine = await api('GET', `/api/v1/artifacts/${id}`, { token: owner });
    expect(mine.body.artifact.owner).toBe(`owner-${s}`);
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    const again = await api('GET', `/api/v1/artifacts/${id}`, {
      token: owner,
      headers: { 'if-none-match': mine.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it("keeps a capture's provenance; visitors see where it was made, only the owner its page address", async () => {
    const source = {
      site: 'claude.ai',
      url: 'https://claude.ai/chat/private-conversation',
      capturedAt: '2026-11-25T04:00:00.000Z',
      assistant: 'Claude',
      model: 'Claude Sonnet 4',
      kind: 'artifact',
    };
    const { id } = await createPublic({ metadata: { source: { ...source, tracking: 'dropped' } } });
    const visitor = await api('GET', `/api/v1/artifacts/${id}`);
    const { url: _url, ...withoutUrl } = source;
    expect(visitor.body.artifact.metadata.source).toEqual(withoutUrl);
    const mine = await api('GET', `/api/v1/artifacts/${id}`, { token: owner });
    expect(mine.body.artifact.metadata.source).toEqual(source);
    const list = await api('GET', '/api/v1/artifacts?limit=100', { token: owner });
    const listed = (list.body.artifacts as { id: string; metadata: { source?: unknown } }[]).find(
      (a) => a.id === id,
    );
    expect(listed?.metadata.source).toEqual(source);
  });

  it('never caches a read older than the newest announced revision (read/invalidate race)', async () => {
    const { id } = await createPublic();
    const cache = t.app.get(PublicArtifactCache);
    await cache.invalidate(id, 5);
    await cache.store(id, 4, { etag: '"old"', owner: 'x', body: '{}' });
    expect(await cache.get(id)).toBeNull();
    await cache.store(id, 5, { etag: '"new"', owner: 'x', body: '{}' });
    expect((await cache.get(id))?.etag).toBe('"new"');
    await cache.invalidate(id, 6);
    expect(await cache.get(id)).toBeNull();
  });
});
