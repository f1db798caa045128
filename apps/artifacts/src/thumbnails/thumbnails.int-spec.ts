/**
 * Reading the thumbnailer's pictures through the real service (Mongo, Redis): the artifact read's
 * visibility rules, pending and failed versions, and the share card that becomes the picture.
 * The pictures are stored here as the thumbnailer stores them (its own suite makes real ones).
 */
import { uniqueSuffix } from '@core-vault/platform/testing';
import { artifactInput, tokenFor, useArtifactsApp } from '../testing';

const ctx = useArtifactsApp();
const s = uniqueSuffix();
const owner = tokenFor(`thumb-owner-${s}`);
const stranger = tokenFor(`thumb-stranger-${s}`);
const CARD = Buffer.from('RIFF....WEBPVP8 card-bytes');
const OG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

const create = async (over: Record<string, unknown>) =>
  (await ctx.api('POST', '/api/v1/artifacts', { token: owner, body: artifactInput(over) })).body.artifact as {
    id: string;
    owner: string;
  };

const store = (id: string, ownerId: string, status: 'ready' | 'failed') =>
  ctx.db.collection<{ _id: string } & Record<string, unknown>>('artifact_thumbnails').insertOne({
    _id: `${id}:1`,
    artifactId: id,
    owner: ownerId,
    version: 1,
    status,
    ...(status === 'ready' ? { card: CARD, og: OG } : { error: 'Render Error: boom' }),
    updatedAt: new Date(),
  });

async function get(path: string, token?: string) {
  const res = await fetch(`${ctx.t.url}${path}`, {
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
    const notModified = await fetch(`${ctx.t.url}${path}?size=og`, {
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
