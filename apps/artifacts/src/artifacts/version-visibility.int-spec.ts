/**
 * Publishing publishes what the owner chose (#32), through the real service (Mongo, Redis,
 * Kafka): versions saved while an artifact was private stay private when it becomes public —
 * pinned reads, share links and cards answer for them exactly as for a private artifact — unless
 * the owner publishes them too; artifacts stored before keep what was public.
 */
import { Redis } from 'ioredis';
import { type z } from 'zod';
import { Topic, type activityListSchema, type versionListSchema } from '@core-vault/contracts';
import { uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { artifactInput, type client, kafkaTap, tokenFor, useArtifactsApp } from '../testing';

const s = uniqueSuffix();
const owner = tokenFor(`pub-owner-${s}`);
const other = tokenFor(`pub-other-${s}`);
const DRAFT = `draft-only-${s}`;
const FINAL = `final-${s}`;

const ctx = useArtifactsApp();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);
let tap: Awaited<ReturnType<typeof kafkaTap>>;
let redis: Redis;

beforeAll(async () => {
  tap = await kafkaTap([Topic.ArtifactCreated, Topic.ArtifactUpdated, Topic.ArtifactVisibilityChanged]);
  redis = new Redis(ctx.t.config.REDIS_URL);
});
afterAll(async () => {
  redis.disconnect();
  await tap.stop();
});

type VersionList = z.output<typeof versionListSchema>;
type ActivityList = z.output<typeof activityListSchema>;

const create = async (over: Record<string, unknown> = {}) => {
  const res = await api('POST', '/api/v1/artifacts', { token: owner, body: artifactInput(over) });
  expect(res.status).toBe(201);
  return String(res.body.artifact.id);
};
const patch = async (id: string, body: Record<string, unknown>, token = owner) =>
  api('PATCH', `/api/v1/artifacts/${id}`, { token, body });

/** What anyone but the owner gets: status and body, the two must be indistinguishable. */
const answer = async (path: string, token?: string) => {
  const res = await api('GET', path, token ? { token } : {});
  return { status: res.status, body: res.body as unknown };
};
const card = async (path: string) => {
  const res = await fetch(`${ctx.t.url}${path}`);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    text: (await res.text()).slice(0, 200),
  };
};

describe('publishing an artifact with versions saved while private', () => {
  let id = '';
  let privateId = '';

  beforeAll(async () => {
    privateId = await create({ title: 'Never public', content: `<p>${DRAFT} elsewhere</p>` });
    id = await create({ title: 'Plan', content: `<p>${DRAFT}</p>` });
    expect((await patch(id, { content: `<p>${FINAL}</p>` })).status).toBe(200);
    // Made public without a choice: the latest version only.
    const published = await patch(id, { isPublic: true });
    expect(published.status).toBe(200);
    expect(published.body.artifact).toMatchObject({ isPublic: true, version: 2 });
  });

  it('anyone reads the latest; version 1 answers exactly as a private artifact, to anonymous and signed-in visitors', async () => {
    const latest = await answer(`/api/v1/artifacts/${id}`);
    expect(latest.status).toBe(200);
    expect(JSON.stringify(latest.body)).toContain(FINAL);
    expect(JSON.stringify(latest.body)).not.toContain(DRAFT);

    const asPrivate = await answer(`/api/v1/artifacts/${privateId}`);
    expect(asPrivate).toEqual({
      status: 403,
      body: { statusCode: 403, code: 'ARTIFACT_PRIVATE', message: 'This artifact is private' },
    });
    expect(await answer(`/api/v1/artifacts/${id}?v=1`)).toEqual(asPrivate);
    expect(await answer(`/api/v1/artifacts/${id}?v=1`, other)).toEqual(
      await answer(`/api/v1/artifacts/${privateId}`, other),
    );
    // A version past the current one was never anything: no secret in saying so.
    expect((await answer(`/api/v1/artifacts/${id}?v=3`)).status).toBe(404);
    // Never put in the shared read cache (the gateway's edge cache reads it).
    expect(await redis.exists(`artifacts:public:${id}@v1`)).toBe(0);
  });

  it('the owner still reads and lists every version, each saying whether it is published', async () => {
    const v1 = await api('GET', `/api/v1/artifacts/${id}?v=1`, { token: owner });
    expect(v1.status).toBe(200);
    expect(v1.body.artifact).toMatchObject({ version: 1, latestVersion: 2, content: `<p>${DRAFT}</p>` });
    const list = await api<VersionList>('GET', `/api/v1/artifacts/${id}/versions`, { token: owner });
    expect(list.body.versions.map((v) => [v.version, v.current, v.published])).toEqual([
      [2, true, true],
      [1, false, false],
    ]);
    // Anyone else has no history at all, public artifact or not: the same 403 as for a private one.
    const theirs = await api('GET', `/api/v1/artifacts/${id}/versions`, { token: other });
    const ofPrivate = await api('GET', `/api/v1/artifacts/${privateId}/versions`, { token: other });
    expect([theirs.status, theirs.body]).toEqual([ofPrivate.status, ofPrivate.body]);
    expect((await api('GET', `/api/v1/artifacts/${id}/versions/1`, { token: other })).status).toBe(403);
  });

  it('share links and the preview card of version 1 answer as for a private artifact', async () => {
    const shared = await api('POST', `/api/v1/artifacts/${id}/share`, {
      token: other,
      body: { channel: 'link', version: 1 },
    });
    const sharedPrivate = await api('POST', `/api/v1/artifacts/${privateId}/share`, {
      token: other,
      body: { channel: 'link' },
    });
    expect([shared.status, shared.body]).toEqual([403, sharedPrivate.body]);
    expect(
      (
        await api('POST', `/api/v1/artifacts/${id}/share`, {
          token: other,
          body: { channel: 'link', version: 2 },
        })
      ).status,
    ).toBe(200);

    const privateCard = await card(`/api/v1/artifacts/${privateId}/card.png`);
    expect(privateCard.status).toBe(404);
    expect(await card(`/api/v1/artifacts/${id}/card.png?v=1`)).toEqual(privateCard);
    expect((await card(`/api/v1/artifacts/${id}/card.png?v=2`)).type).toBe('image/png');
  });

  it('no event carries a private version’s text (search and analytics follow the current version)', async () => {
    const events = await waitFor(
      () => tap.events().filter((e) => (e.envelope.data as { artifactId?: string }).artifactId === id),
      (list) => list.some((e) => e.topic === Topic.ArtifactVisibilityChanged),
      { what: 'the visibility-changed event' },
    );
    for (const e of events) expect(JSON.stringify(e.envelope)).not.toContain(DRAFT);
  });

  it('publishing "all versions" makes version 1 readable by anyone', async () => {
    const res = await patch(id, { publishVersions: 'all' });
    expect(res.status).toBe(200);
    const v1 = await answer(`/api/v1/artifacts/${id}?v=1`);
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({ artifact: { version: 1, content: `<p>${DRAFT}</p>` } });
    expect((await card(`/api/v1/artifacts/${id}/card.png?v=1`)).type).toBe('image/png');
    const list = await api<VersionList>('GET', `/api/v1/artifacts/${id}/versions`, { token: owner });
    expect(list.body.versions.map((v) => v.published)).toEqual([true, true]);
    const activity = await api<ActivityList>('GET', `/api/v1/artifacts/${id}/activity`, { token: owner });
    expect(activity.body.activity[0]).toMatchObject({ kind: 'edited', fields: ['publishedVersions'] });
  });

  it('publishes on becoming public with "all", and refuses to publish versions of one that stays private', async () => {
    const both = await create({ content: `<p>${DRAFT} one</p>` });
    await patch(both, { content: '<p>two</p>' });
    const refused = await patch(both, { publishVersions: 'all' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'PUBLISH_NEEDS_PUBLIC' });
    expect((await patch(both, { isPublic: true, publishVersions: 'all' })).status).toBe(200);
    expect((await answer(`/api/v1/artifacts/${both}?v=1`)).status).toBe(200);
  });

  it('what was public stays published through a private spell; a version made meanwhile does not', async () => {
    const spell = await create({ content: '<p>public one</p>', isPublic: true });
    await patch(spell, { isPublic: false });
    await patch(spell, { content: `<p>${DRAFT} two</p>` });
    await patch(spell, { content: '<p>three</p>' });
    await patch(spell, { isPublic: true });
    expect((await answer(`/api/v1/artifacts/${spell}?v=1`)).status).toBe(200);
    expect((await answer(`/api/v1/artifacts/${spell}?v=2`)).status).toBe(403);
    expect((await answer(`/api/v1/artifacts/${spell}?v=3`)).status).toBe(200);
    // Made while public: published as it is made.
    await patch(spell, { content: '<p>four</p>' });
    expect((await answer(`/api/v1/artifacts/${spell}?v=3`)).status).toBe(200);
  });
});

describe('artifacts stored before #32 (no published list)', () => {
  const unset = (id: string) =>
    ctx.db.collection('artifacts').updateOne({ _id: id as never }, { $unset: { publishedVersions: '' } });

  it('a public one keeps every version readable: nothing public today disappears', async () => {
    const id = await create({ content: '<p>one</p>', isPublic: true });
    await patch(id, { content: '<p>two</p>' });
    await unset(id);
    expect((await answer(`/api/v1/artifacts/${id}?v=1`)).status).toBe(200);
    // Its first change writes the list: still every version.
    await patch(id, { title: 'Renamed' });
    const stored = await ctx.db.collection('artifacts').findOne({ _id: id as never });
    expect(stored?.['publishedVersions']).toEqual([1, 2]);
  });

  it('a private one becomes public with its current version only', async () => {
    const id = await create({ content: `<p>${DRAFT}</p>` });
    await patch(id, { content: '<p>two</p>' });
    await unset(id);
    await patch(id, { isPublic: true });
    expect((await answer(`/api/v1/artifacts/${id}?v=1`)).status).toBe(403);
    expect((await answer(`/api/v1/artifacts/${id}?v=2`)).status).toBe(200);
  });
});
