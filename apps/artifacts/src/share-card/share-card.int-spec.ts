/**
 * The share card through the real service (Mongo, Redis): a PNG of a public artifact, made once
 * and cached, made again after an edit, never of a private one. And the thumbnailer's pictures
 * read through the same service (docs/reference/thumbnails.md), stored here as the thumbnailer
 * stores them (its own suite makes real ones): the read's visibility rules, pending and failed
 * versions, and the share card that becomes the picture.
 */
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import { uniqueSuffix } from '@core-vault/platform/testing';
import { type TestApp, artifactInput, client, startArtifactsApp, tokenFor } from '../testing';

let t: TestApp;
let api: ReturnType<typeof client>;
let redis: Redis;
let db: mongoose.Connection;
const s = uniqueSuffix();
const owner = tokenFor(`card-owner-${s}`);

beforeAll(async () => {
  t = await startArtifactsApp();
  api = client(t.url);
  redis = new Redis(t.config.REDIS_URL);
  db = await mongoose.createConnection(t.config.MONGO_URL, { dbName: t.config.MONGO_DB }).asPromise();
});
afterAll(async () => {
  await db.close();
  redis.disconnect();
  await t.close();
});

const PNG_MAGIC = '89504e470d0a1a0a';

async function card(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${path}`, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Width and height from the IHDR chunk, the first one after the signature. */
const size = (png: Buffer) => ({
  type: png.toString('latin1', 12, 16),
  width: png.readUInt32BE(16),
  height: png.readUInt32BE(20),
});

const create = async (over: Record<string, unknown>) =>
  (await api('POST', '/api/v1/artifacts', { token: owner, body: artifactInput(over) })).body.artifact as {
    id: string;
    owner: string;
    version: number;
  };

describe('GET /api/v1/artifacts/:id/card.png', () => {
  it('is a 1200×630 PNG of a public artifact, cacheable, 304 on its ETag', async () => {
    const { id } = await create({ isPublic: true, title: 'Card "quoted" </title> ünï' });
    const { res, bytes } = await card(`/api/v1/artifacts/${id}/card.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(bytes.subarray(0, 8).toString('hex')).toBe(PNG_MAGIC);
    expect(size(bytes)).toEqual({ type: 'IHDR', width: 1200, height: 630 });
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(await redis.keys(`artifacts:card:${id}:*`)).toHaveLength(1);

    const again = await card(`/api/v1/artifacts/${id}/card.png`);
    expect(again.bytes.equals(bytes)).toBe(true);
    const notModified = await card(`/api/v1/artifacts/${id}/card.png`, { 'if-none-match': etag ?? '' });
    expect(notModified.res.status).toBe(304);
    expect(notModified.bytes.length).toBe(0);
  });

  it('is made again after a title edit (new ETag, new image)', async () => {
    const { id } = await create({ isPublic: true, title: 'Before the edit' });
    const before = await card(`/api/v1/artifacts/${id}/card.png`);
    const edit = await api('PATCH', `/api/v1/artifacts/${id}`, {
      token: owner,
      body: { title: 'After the edit' },
    });
    expect(edit.status).toBe(200);
    const after = await card(`/api/v1/artifacts/${id}/card.png`);
    expect(after.res.status).toBe(200);
    expect(after.res.headers.get('etag')).not.toBe(before.res.headers.get('etag'));
    expect(after.bytes.equals(before.bytes)).toBe(false);
    const stale = await card(`/api/v1/artifacts/${id}/card.png`, {
      'if-none-match': before.res.headers.get('etag') ?? '',
    });
    expect(stale.res.status).toBe(200);
  });

  it('pins a version with ?v=N: the current one and a kept earlier one; others are 404', async () => {
    const { id } = await create({ isPublic: true, title: 'Versioned', content: '<p>one</p>' });
    await api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { content: '<p>two</p>' } });
    const latest = await card(`/api/v1/artifacts/${id}/card.png`);
    const v1 = await card(`/api/v1/artifacts/${id}/card.png?v=1`);
    expect(v1.res.status).toBe(200);
    expect(size(v1.bytes)).toMatchObject({ width: 1200, height: 630 });
    // "Version 1" against "Version 2": a different card.
    expect(v1.res.headers.get('etag')).not.toBe(latest.res.headers.get('etag'));
    expect((await card(`/api/v1/artifacts/${id}/card.png?v=9`)).res.status).toBe(404);
    const bad = await card(`/api/v1/artifacts/${id}/card.png?v=0`);
    expect(bad.res.status).toBe(400);
  });

  it('answers 404 JSON, never an image, for private, unknown and malformed ids', async () => {
    const { id } = await create({ isPublic: false, title: 'Secret plans' });
    for (const path of [`/api/v1/artifacts/${id}/card.png`, '/api/v1/artifacts/nope-nope-nope/card.png']) {
      const { res, bytes } = await card(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(bytes.toString()).not.toContain('Secret');
    }
    expect(await redis.keys(`artifacts:card:${id}:*`)).toEqual([]);
  });
});

const stranger = tokenFor(`thumb-stranger-${s}`);
const CARD = Buffer.from('RIFF....WEBPVP8 card-bytes');
const OG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

const store = (id: string, ownerId: string, status: 'ready' | 'failed') =>
  db.collection<{ _id: string } & Record<string, unknown>>('artifact_thumbnails').insertOne({
    _id: `${id}:1`,
    artifactId: id,
    owner: ownerId,
    version: 1,
    status,
    ...(status === 'ready' ? { card: CARD, og: OG } : { error: 'Render Error: boom' }),
    updatedAt: new Date(),
  });

async function get(path: string, token?: string) {
  const res = await fetch(`${t.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').includes('json')
    ? (JSON.parse(bytes.toString()) as { code: string })
    : null;
  return { res, bytes, code: json?.code };
}

describe('GET /api/v1/artifacts/:id/thumbnail', () => {
  it("shows a private artifact's picture to its owner only, pending until it is made", async () => {
    const { id, owner: ownerId } = await create({ isPublic: false });
    const path = `/api/v1/artifacts/${id}/thumbnail`;
    expect((await get(path, owner)).code).toBe('THUMBNAIL_PENDING');
    await store(id, ownerId, 'ready');
    const card = await get(`${path}?size=card&v=1`, owner);
    expect(card.res.status).toBe(200);
    expect(card.res.headers.get('content-type')).toBe('image/webp');
    expect(card.res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(card.bytes.equals(CARD)).toBe(true);
    const og = await get(`${path}?size=og`, owner);
    expect(og.res.headers.get('content-type')).toBe('image/png');
    expect(og.bytes.equals(OG)).toBe(true);
    const notModified = await fetch(`${t.url}${path}?size=og`, {
      headers: { authorization: `Bearer ${owner}`, 'if-none-match': og.res.headers.get('etag') ?? '' },
    });
    expect(notModified.status).toBe(304);
    for (const token of [stranger, undefined]) {
      const other = await get(path, token);
      expect({ status: other.res.status, code: other.code }).toEqual({
        status: 403,
        code: 'ARTIFACT_PRIVATE',
      });
    }
  });

  it("shows a public artifact's picture to anyone, and its link preview becomes that picture", async () => {
    const { id, owner: ownerId } = await create({ isPublic: true });
    const before = await get(`/api/v1/artifacts/${id}/card.png`);
    expect(before.res.status).toBe(200);
    expect(before.bytes.equals(OG)).toBe(false); // the text card
    await store(id, ownerId, 'ready');
    const anyone = await get(`/api/v1/artifacts/${id}/thumbnail?size=card`);
    expect(anyone.res.status).toBe(200);
    expect(anyone.res.headers.get('cache-control')).toBe('public, max-age=60');
    const preview = await get(`/api/v1/artifacts/${id}/card.png`);
    expect(preview.bytes.equals(OG)).toBe(true);
    expect(preview.res.headers.get('etag')).toBe(`"${id}-1-og"`);
    expect(preview.res.headers.get('etag')).not.toBe(before.res.headers.get('etag'));
  });

  it('says when no picture could be made, refuses a bad size and a version past the current one', async () => {
    const { id, owner: ownerId } = await create({ isPublic: true });
    await store(id, ownerId, 'failed');
    expect((await get(`/api/v1/artifacts/${id}/thumbnail`)).code).toBe('THUMBNAIL_UNAVAILABLE');
    // The link preview keeps the text card.
    expect((await get(`/api/v1/artifacts/${id}/card.png`)).res.status).toBe(200);
    const bad = await get(`/api/v1/artifacts/${id}/thumbnail?size=huge`);
    expect(bad.res.status).toBe(400);
    const gone = await get(`/api/v1/artifacts/${id}/thumbnail?v=2`);
    expect({ status: gone.res.status, code: gone.code }).toEqual({ status: 404, code: 'VERSION_NOT_FOUND' });
    expect((await get('/api/v1/artifacts/no-such-id/thumbnail')).res.status).toBe(404);
  });
});
