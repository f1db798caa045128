/**
 * The trash and bulk actions against the real database, Kafka, Redis and OpenSearch: a deleted
 * artifact leaves lists, search, public reads and collections and comes back whole; the purge job
 * (BullMQ, run every 300 ms here) deletes it for good with the artifact-deleted event, once;
 * a second account can touch none of it.
 *
 * The retention stays the product's 30 days: the purge test moves one artifact's purge date into
 * the past instead, so no other test races the job on a slow machine.
 */
import { type EventEnvelope, type EventPayload, Topic } from '@core-vault/contracts';
import { uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { UserDeletedConsumer } from '../artifacts/user-deleted.consumer';
import { artifactInput, kafkaTap, tokenFor, useArtifactsApp } from '../testing';

const ctx = useArtifactsApp({ TRASH_PURGE_EVERY_MS: '300' });
const s = uniqueSuffix();
const ownerId = `trash-owner-${s}`;
const owner = tokenFor(ownerId);
const attacker = tokenFor(`trash-attacker-${s}`);
const word = `wombat${s.replace(/[^a-z0-9]/gi, '').slice(-8)}`;

let tap: Awaited<ReturnType<typeof kafkaTap>>;
beforeAll(async () => {
  tap = await kafkaTap([Topic.ArtifactTrashChanged, Topic.ArtifactDeleted]);
});
afterAll(() => tap.stop());

interface Result {
  id: string;
  ok: boolean;
  status?: number;
  code?: string;
}
type Body = Record<string, unknown> & {
  artifacts: { id: string; daysLeft: number; isPublic: boolean }[];
  results: Result[];
  total: number;
  succeeded: number;
  failed: number;
  message: string;
  code: string;
  deleted: number;
};
const api = (method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
  ctx.api<Body>(method, path, options);

async function create(over: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/api/v1/artifacts', { token: owner, body: artifactInput(over) });
  expect(res.status).toBe(201);
  return (res.body.artifact as { id: string }).id;
}
const listIds = async () =>
  (await api('GET', '/api/v1/artifacts?limit=100', { token: owner })).body.artifacts.map((a) => a.id);
const trashIds = async (token = owner) =>
  (await api('GET', '/api/v1/artifacts/trash', { token })).body.artifacts.map((a) => a.id);
const searchIds = async () =>
  (await api('GET', `/api/v1/artifacts/search?q=${word}`, { token: owner })).body.artifacts.map((a) => a.id);
const deletedEvents = (id: string) =>
  tap
    .events()
    .filter(
      (e) =>
        e.topic === Topic.ArtifactDeleted && (e.envelope.data as { artifactId: string }).artifactId === id,
    );

describe('the trash', () => {
  it('hides a deleted artifact everywhere and restores it whole (versions, tags, collections, public state, counts)', async () => {
    const id = await create({ title: `Chart ${word}`, tags: 'a,b', isPublic: true, content: '<p>one</p>' });
    await api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { content: '<p>two</p>' } });
    const col = await api('POST', '/api/v1/collections', { token: owner, body: { name: `c ${s}` } });
    const colId = (col.body.collection as { id: string }).id;
    await api('PUT', `/api/v1/collections/${colId}/artifacts/${id}`, { token: owner });
    await api('POST', `/api/v1/artifacts/${id}/share`, { token: owner, body: { channel: 'link' } });
    await waitFor(searchIds, (ids) => ids.includes(id), { what: 'indexed' });

    expect((await api('DELETE', `/api/v1/artifacts/${id}`, { token: owner })).body).toEqual({ ok: true });
    const gone = await api('GET', `/api/v1/artifacts/${id}`);
    expect([gone.status, gone.body.message]).toEqual([404, 'Artifact not found']);
    expect(await listIds()).not.toContain(id);
    const inCollection = await api('GET', `/api/v1/collections/${colId}/artifacts`, { token: owner });
    expect(inCollection.body.artifacts).toEqual([]);
    await waitFor(searchIds, (ids) => !ids.includes(id), { what: 'out of the search index' });
    const trash = await api('GET', '/api/v1/artifacts/trash', { token: owner });
    expect(trash.body).toMatchObject({ total: 1, retentionDays: 30 });
    expect(trash.body.artifacts[0]).toMatchObject({ id, isPublic: true, daysLeft: 30 });

    const back = await api('POST', `/api/v1/artifacts/trash/${id}/restore`, { token: owner });
    expect(back.status).toBe(200);
    const read = await api('GET', `/api/v1/artifacts/${id}`, { token: owner });
    expect(read.body.artifact).toMatchObject({ isPublic: true, tags: ['a', 'b'], version: 2, shareCount: 1 });
    expect(
      (await api('GET', `/api/v1/artifacts/${id}/versions`, { token: owner })).body.versions,
    ).toHaveLength(2);
    const again = await api('GET', `/api/v1/collections/${colId}/artifacts`, { token: owner });
    expect(again.body.artifacts.map((a) => a.id)).toEqual([id]);
    expect((await api('GET', `/api/v1/artifacts/${id}`)).status).toBe(200);
    await waitFor(searchIds, (ids) => ids.includes(id), { what: 'back in the search index' });
    expect(await trashIds()).toEqual([]);
    const trashEvents = tap
      .events()
      .filter(
        (e) =>
          e.topic === Topic.ArtifactTrashChanged &&
          (e.envelope.data as { artifactId: string }).artifactId === id,
      );
    expect(trashEvents.map((e) => (e.envelope.data as { inTrash: boolean }).inTrash)).toEqual([true, false]);
    expect(deletedEvents(id)).toEqual([]);
  });

  it('purges after the retention by the job: versions, collection entries, content, one deleted event', async () => {
    const id = await create({ content: '<p>one</p>' });
    await api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { content: '<p>two</p>' } });
    const col = await api('POST', '/api/v1/collections', { token: owner, body: { name: `p ${s}` } });
    const colId = (col.body.collection as { id: string }).id;
    await api('PUT', `/api/v1/collections/${colId}/artifacts/${id}`, { token: owner });
    await api('DELETE', `/api/v1/artifacts/${id}`, { token: owner });
    expect(await trashIds()).toContain(id);
    await ctx.db
      .collection('artifacts')
      .updateOne({ _id: id as never }, { $set: { purgeAt: new Date(Date.now() - 1_000) } });
    await waitFor(trashIds, (ids) => !ids.includes(id), { what: 'purged', timeoutMs: 15_000 });
    await waitFor(
      () => deletedEvents(id),
      (e) => e.length > 0,
      { what: 'the deleted event' },
    );
    const doc = await ctx.db.collection('artifacts').findOne({ _id: id as never });
    expect(doc).toMatchObject({ content: '', purgeAt: null });
    expect(await ctx.db.collection('artifact_versions').countDocuments({ artifactId: id })).toBe(0);
    const c = await ctx.db.collection('collections').findOne({ _id: colId as never });
    expect(c?.artifactIds).toEqual([]);
    const late = await api('POST', `/api/v1/artifacts/trash/${id}/restore`, { token: owner });
    expect([late.status, late.body.code]).toEqual([404, 'NOT_IN_TRASH']);
    expect(deletedEvents(id)).toHaveLength(1);
  }, 40_000);

  it('deletes forever and empties the trash at once, each with its deleted event', async () => {
    const [a, b, c] = [await create(), await create(), await create()];
    for (const id of [a, b, c]) await api('DELETE', `/api/v1/artifacts/${id}`, { token: owner });
    expect((await api('DELETE', `/api/v1/artifacts/trash/${a}`, { token: owner })).body).toEqual({
      ok: true,
    });
    expect((await api('DELETE', '/api/v1/artifacts/trash', { token: owner })).body).toEqual({ deleted: 2 });
    expect(await trashIds()).toEqual([]);
    await waitFor(
      () => [a, b, c].map((id) => deletedEvents(id).length),
      (n) => n.every((x) => x === 1),
      { what: 'three deleted events' },
    );
  });
});

describe('bulk actions', () => {
  it('makes public, private, adds to a collection and trashes; reports each id; validates the request', async () => {
    const ids = [await create(), await create(), await create()];
    const pub = await api('POST', '/api/v1/artifacts/bulk', {
      token: owner,
      body: { action: 'make-public', ids: [...ids, 'not-an-id'] },
    });
    expect(pub.body).toMatchObject({ succeeded: 3, failed: 1 });
    expect(pub.body.results[3]).toMatchObject({ id: 'not-an-id', ok: false, status: 404 });
    for (const id of ids) expect((await api('GET', `/api/v1/artifacts/${id}`)).status).toBe(200);
    await api('POST', '/api/v1/artifacts/bulk', { token: owner, body: { action: 'make-private', ids } });
    for (const id of ids) expect((await api('GET', `/api/v1/artifacts/${id}`)).status).toBe(403);

    const col = await api('POST', '/api/v1/collections', { token: owner, body: { name: `b ${s}` } });
    const colId = (col.body.collection as { id: string }).id;
    const added = await api('POST', '/api/v1/artifacts/bulk', {
      token: owner,
      body: { action: 'add-to-collection', ids, collectionId: colId },
    });
    expect(added.body.succeeded).toBe(3);
    const trashed = await api('POST', '/api/v1/artifacts/bulk', {
      token: owner,
      body: { action: 'move-to-trash', ids },
    });
    expect(trashed.body.succeeded).toBe(3);
    expect(await trashIds()).toEqual(expect.arrayContaining(ids));

    const refusals = await Promise.all([
      api('POST', '/api/v1/artifacts/bulk', { token: owner, body: { action: 'make-public', ids: [] } }),
      api('POST', '/api/v1/artifacts/bulk', {
        token: owner,
        body: { action: 'make-public', ids: Array.from({ length: 101 }, (_, i) => `x${i}`) },
      }),
      api('POST', '/api/v1/artifacts/bulk', { token: owner, body: { action: 'add-to-collection', ids } }),
      api('POST', '/api/v1/artifacts/bulk', { token: owner, body: { action: 'explode', ids } }),
      api('POST', '/api/v1/artifacts/bulk', {
        token: owner,
        body: { action: 'add-to-collection', ids, collectionId: 'missing' },
      }),
      api('POST', '/api/v1/artifacts/bulk', { body: { action: 'make-public', ids } }),
    ]);
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400, 404, 401]);
    expect(refusals[0]?.body.message).toContain('Select at least one artifact.');
    expect(refusals[1]?.body.message).toContain('Maximum 100 per request');
  });
});

describe('a second account', () => {
  it("can neither change, trash, restore nor delete the first account's artifacts, nor see its trash", async () => {
    const kept = await create();
    const trashed = await create();
    await api('DELETE', `/api/v1/artifacts/${trashed}`, { token: owner });

    const bulk = await api('POST', '/api/v1/artifacts/bulk', {
      token: attacker,
      body: { action: 'make-public', ids: [kept, trashed] },
    });
    expect(bulk.body.results.map((r) => [r.ok, r.status])).toEqual([
      [false, 403],
      [false, 404],
    ]);
    const toTrash = await api('POST', '/api/v1/artifacts/bulk', {
      token: attacker,
      body: { action: 'move-to-trash', ids: [kept] },
    });
    expect(toTrash.body.results[0]).toMatchObject({ ok: false, status: 403 });
    expect((await api('DELETE', `/api/v1/artifacts/${kept}`, { token: attacker })).status).toBe(403);
    expect(
      (await api('POST', `/api/v1/artifacts/trash/${trashed}/restore`, { token: attacker })).status,
    ).toBe(404);
    expect((await api('DELETE', `/api/v1/artifacts/trash/${trashed}`, { token: attacker })).status).toBe(404);
    expect((await api('DELETE', '/api/v1/artifacts/trash', { token: attacker })).body).toEqual({
      deleted: 0,
    });
    expect(await trashIds(attacker)).toEqual([]);

    expect((await api('GET', `/api/v1/artifacts/${kept}`, { token: owner })).body.artifact).toMatchObject({
      isPublic: false,
    });
    expect(await trashIds()).toContain(trashed);
    expect(await listIds()).toContain(kept);
  });
});

describe('account erasure', () => {
  it('erases artifacts in the trash too', async () => {
    const trashed = await create();
    await api('DELETE', `/api/v1/artifacts/${trashed}`, { token: owner });
    const envelope: EventEnvelope<EventPayload<Topic.UserDeleted>> = {
      id: `evt-${s}`,
      type: 'identity.user-deleted',
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'identity',
      key: ownerId,
      data: { userId: ownerId, email: `${ownerId}@example.test`, deletedAt: new Date().toISOString() },
    };
    await ctx.t.app.get(UserDeletedConsumer).userDeleted(envelope);
    expect(await ctx.db.collection('artifacts').countDocuments({ owner: ownerId })).toBe(0);
    expect(await trashIds()).toEqual([]);
  });
});
