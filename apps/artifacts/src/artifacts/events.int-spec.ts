import { type EventEnvelope, Topic } from '@core-vault/contracts';
import { uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { randomUUID } from 'node:crypto';
import {
  type TestApp,
  artifactInput,
  client,
  kafkaProducer,
  kafkaTap,
  startArtifactsApp,
  tokenFor,
} from '../testing';

let t: TestApp;
let api: ReturnType<typeof client>;
let tap: Awaited<ReturnType<typeof kafkaTap>>;
const s = uniqueSuffix();
const owner = tokenFor(`owner-${s}`);
const other = tokenFor(`other-${s}`);
const TOPICS = [
  Topic.ArtifactCreated,
  Topic.ArtifactUpdated,
  Topic.ArtifactDeleted,
  Topic.ArtifactVisibilityChanged,
  Topic.ArtifactShared,
];

beforeAll(async () => {
  t = await startArtifactsApp();
  api = client(t.url);
  tap = await kafkaTap(TOPICS);
});
afterAll(async () => {
  await tap.stop();
  await t.close();
});

const eventsFor = (id: string) =>
  tap.events().filter((e) => (e.envelope.data as { artifactId?: string }).artifactId === id);

describe('events through the outbox', () => {
  it('publishes created, updated, visibility-changed, shared and deleted, in order per artifact', async () => {
    const created = await api('POST', '/api/v1/artifacts', {
      token: owner,
      body: artifactInput({ title: 'evt' }),
    });
    const id = created.body.artifact.id;
    await api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { title: 'evt2', isPublic: true } });
    const share = await api('POST', `/api/v1/artifacts/${id}/share`, {
      token: owner,
      body: { channel: 'embed' },
    });
    expect(share.body).toEqual({
      artifactId: id,
      channel: 'embed',
      version: null,
      shareCount: 1,
      url: `https://vault.test/view/${id}`,
      embedUrl: `https://render.vault-usercontent.test/embed/${id}`,
      embedCode: `<iframe src="https://render.vault-usercontent.test/embed/${id}" width="100%" height="600px" title="evt2" data-cv-autosize frameborder="0" loading="lazy"></iframe><script async src="https://render.vault-usercontent.test/assets/embed.js"></script>`,
    });
    await api('DELETE', `/api/v1/artifacts/${id}`, { token: owner });
    // Deleted for good from the trash: the artifact-deleted event (trash.int-spec covers the trash's).
    await api('DELETE', `/api/v1/artifacts/trash/${id}`, { token: owner });

    const got = await waitFor(
      () => eventsFor(id),
      (list) => list.length >= 5,
      { what: 'five events for the artifact' },
    );
    const byTopic = (topic: Topic) =>
      got.find((e) => e.topic === topic)?.envelope as EventEnvelope<Record<string, unknown>>;
    expect(byTopic(Topic.ArtifactCreated).data).toEqual({
      artifactId: id,
      ownerId: `owner-${s}`,
      title: 'evt',
      type: 'HTML',
      isPublic: false,
      size: 12,
    });
    expect(byTopic(Topic.ArtifactUpdated).data).toEqual({
      artifactId: id,
      ownerId: `owner-${s}`,
      changed: ['title'],
      // A title change makes no content version.
      version: 1,
    });
    expect(byTopic(Topic.ArtifactVisibilityChanged).data).toEqual({
      artifactId: id,
      ownerId: `owner-${s}`,
      isPublic: true,
    });
    expect(byTopic(Topic.ArtifactShared).data).toEqual({
      artifactId: id,
      ownerId: `owner-${s}`,
      channel: 'embed',
    });
    expect(byTopic(Topic.ArtifactDeleted).data).toEqual({ artifactId: id, ownerId: `owner-${s}` });
    for (const e of got) expect(e.envelope).toMatchObject({ producer: 'artifacts', key: id });
    const order = got.map((e) => e.topic);
    expect(order.indexOf(Topic.ArtifactCreated)).toBeLessThan(order.indexOf(Topic.ArtifactDeleted));
  });

  it('records shares: copy link by anyone signed in on a public artifact (once a day each), private ones only by the owner', async () => {
    const pub = (
      await api('POST', '/api/v1/artifacts', { token: owner, body: artifactInput({ isPublic: true }) })
    ).body.artifact.id;
    const priv = (await api('POST', '/api/v1/artifacts', { token: owner, body: artifactInput() })).body
      .artifact.id;
    expect(
      (await api('POST', `/api/v1/artifacts/${pub}/share`, { token: other, body: { channel: 'link' } })).body
        .shareCount,
    ).toBe(1);
    expect(
      (await api('POST', `/api/v1/artifacts/${pub}/share`, { token: owner, body: { channel: 'link' } })).body
        .shareCount,
    ).toBe(2);
    // Another user cannot inflate the count: their shares that day answer as usual, counted once.
    for (const channel of ['link', 'embed', 'link']) {
      const again = await api('POST', `/api/v1/artifacts/${pub}/share`, { token: other, body: { channel } });
      expect([again.status, again.body.shareCount, again.body.channel]).toEqual([200, 2, channel]);
    }
    const denied = await api('POST', `/api/v1/artifacts/${priv}/share`, {
      token: other,
      body: { channel: 'link' },
    });
    expect([denied.status, denied.body.message]).toEqual([403, 'This artifact is private']);
    expect((await api('POST', `/api/v1/artifacts/${pub}/share`, { body: { channel: 'link' } })).status).toBe(
      401,
    );
    expect(
      (await api('POST', `/api/v1/artifacts/${pub}/share`, { token: owner, body: { channel: 'fax' } }))
        .status,
    ).toBe(400);
    expect(
      (await api('POST', '/api/v1/artifacts/missing/share', { token: owner, body: { channel: 'link' } }))
        .status,
    ).toBe(404);
    expect((await api('GET', `/api/v1/artifacts/${pub}`, { token: owner })).body.artifact.shareCount).toBe(2);
    await waitFor(
      () => eventsFor(pub).filter((e) => e.topic === Topic.ArtifactShared),
      (l) => l.length === 2,
      {
        what: 'two shared events',
      },
    );
  });

  it('writes nothing and publishes nothing for a rejected change', async () => {
    const id = (await api('POST', '/api/v1/artifacts', { token: owner, body: artifactInput() })).body.artifact
      .id;
    await waitFor(
      () => eventsFor(id),
      (l) => l.length === 1,
      { what: 'created event' },
    );
    await api('PATCH', `/api/v1/artifacts/${id}`, { token: other, body: { isPublic: true } });
    await api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { title: 't'.repeat(201) } });
    // A later valid change is the next event after "created": nothing from the rejected ones slipped in.
    await api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { tags: 'marker' } });
    const list = await waitFor(
      () => eventsFor(id),
      (l) => l.length >= 2,
      { what: 'marker update' },
    );
    expect(list.map((e) => e.topic)).toEqual([Topic.ArtifactCreated, Topic.ArtifactUpdated]);
    expect(list[1]?.envelope.data).toMatchObject({ changed: ['tags'] });
  });
});

describe('view-count consumer (analytics.view-count-changed.v1)', () => {
  it('applies the newest count, never lowers it, and Most Viewed sorts by it', async () => {
    const viewer = tokenFor(`viewer-${s}`);
    const a = (await api('POST', '/api/v1/artifacts', { token: viewer, body: artifactInput({ title: 'a' }) }))
      .body.artifact.id;
    const b = (await api('POST', '/api/v1/artifacts', { token: viewer, body: artifactInput({ title: 'b' }) }))
      .body.artifact.id;
    const producer = await kafkaProducer();
    const send = (artifactId: string, viewCount: number, id = randomUUID()) =>
      producer.send({
        topic: Topic.ViewCountChanged,
        messages: [
          {
            key: artifactId,
            value: JSON.stringify({
              id,
              type: 'analytics.view-count-changed',
              version: 1,
              occurredAt: new Date().toISOString(),
              producer: 'analytics',
              key: artifactId,
              data: { artifactId, viewCount },
            }),
          },
        ],
      });
    try {
      await send(a, 5);
      await send(b, 9);
      await send(a, 3); // late, older count: ignored
      const dup = randomUUID();
      await send(b, 12, dup);
      await send(b, 12, dup);
      await send('no-such-artifact', 4);
      const views = async () =>
        (await api('GET', '/api/v1/artifacts?sort=views', { token: viewer })).body.artifacts.map(
          (x: { title: string; viewCount: number }) => [x.title, x.viewCount],
        );
      await waitFor(
        views,
        (v: unknown[][]) =>
          JSON.stringify(v) ===
          JSON.stringify([
            ['b', 12],
            ['a', 5],
          ]),
        {
          what: 'view counts applied',
        },
      );
      await send(a, 20);
      await waitFor(
        views,
        (v: unknown[][]) =>
          JSON.stringify(v) ===
          JSON.stringify([
            ['a', 20],
            ['b', 12],
          ]),
        {
          what: 'a overtakes b',
        },
      );
    } finally {
      await producer.disconnect();
    }
  });
});
