/**
 * The share card through the real service (Mongo, Redis): a PNG of a public artifact, made once
 * and cached, made again after an edit, never of a private one.
 */
import { Redis } from 'ioredis';
import { uniqueSuffix } from '@core-vault/platform/testing';
import { type TestApp, artifactInput, client, startArtifactsApp, tokenFor } from '../testing';

let t: TestApp;
let api: ReturnType<typeof client>;
let redis: Redis;
const s = uniqueSuffix();
const owner = tokenFor(`card-owner-${s}`);

beforeAll(async () => {
  t = await startArtifactsApp();
  api = client(t.url);
  redis = new Redis(t.config.REDIS_URL);
});
afterAll(async () => {
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
