import { Redis } from 'ioredis';
import { ARTIFACT_MESSAGES, Topic } from '@core-vault/contracts';
import { testInfra, uniqueSuffix, waitFor } from '@core-vault/platform/testing';
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

/**
 * Reuse from the public page (#35 point 4) against the real database, Redis and broker: download
 * (counted once per visitor a day, its event published), save a copy (remix, the original's count
 * following the copy's created event), the owner's switch, and what private artifacts and
 * unpublished versions keep to themselves.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let tap: Awaited<ReturnType<typeof kafkaTap>>;
let redis: Redis;
const s = uniqueSuffix();
const owner = tokenFor(`owner-${s}`);
const visitor = tokenFor(`visitor-${s}`);
const lapsed = tokenFor(`lapsed-${s}`, { sts: 'CANCELED', act: false });

beforeAll(async () => {
  t = await startArtifactsApp();
  api = client(t.url);
  tap = await kafkaTap([Topic.ArtifactDownloaded, Topic.ArtifactCreated]);
  redis = new Redis(testInfra().redisUrl, { lazyConnect: true });
});
afterAll(async () => {
  redis.disconnect();
  await tap.stop();
  await t.close();
});

const create = async (over: Record<string, unknown> = {}): Promise<string> =>
  (await api('POST', '/api/v1/artifacts', { token: owner, body: artifactInput(over) })).body.artifact.id;
const download = (id: string, opts: { token?: string; ip?: string; body?: unknown } = {}) =>
  api<{ fileName: string; mediaType: string; content: string; version: number; message: string }>(
    'POST',
    `/api/v1/artifacts/${id}/download`,
    {
      ...(opts.token ? { token: opts.token } : {}),
      body: opts.body ?? {},
      // The gateway sets X-Forwarded-For to the client it saw.
      headers: { 'x-forwarded-for': opts.ip ?? '198.51.100.10' },
    },
  );
const ownerView = async (id: string) =>
  (await api('GET', `/api/v1/artifacts/${id}`, { token: owner })).body.artifact;

describe('download', () => {
  it('answers the file named by title and type, counts once per visitor a day, never the owner, and publishes the event', async () => {
    const ip = `198.51.100.${(Number.parseInt(s.slice(-2), 36) % 200) + 20}`;
    const id = await create({
      title: 'Quarterly Report',
      type: 'MARKDOWN',
      content: '# Q3\n\nAll good.',
      isPublic: true,
    });
    const first = await download(id, { ip });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      artifactId: id,
      version: 1,
      fileName: 'quarterly-report.md',
      mediaType: 'text/markdown',
      content: '# Q3\n\nAll good.',
    });
    // The same address again, the owner, a signed-in visitor twice from two places, another address.
    await download(id, { ip });
    await download(id, { ip, token: owner });
    await download(id, { ip: '203.0.113.50', token: visitor });
    await download(id, { ip: '203.0.113.51', token: visitor });
    await download(id, { ip: '203.0.113.99' });
    expect((await ownerView(id)).downloadCount).toBe(3);

    const events = await waitFor(
      () =>
        tap
          .events()
          .filter(
            (e) =>
              e.topic === Topic.ArtifactDownloaded &&
              (e.envelope.data as { artifactId: string }).artifactId === id,
          ),
      (list) => list.length >= 3,
      { what: 'three artifact-downloaded events' },
    );
    expect(events.map((e) => e.envelope.data)).toEqual(
      Array(3).fill({ artifactId: id, ownerId: `owner-${s}` }),
    );
    // The daily marks name no address and no account.
    const keys = await redis.keys('artifact-downloads:*');
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const key of keys) expect(key).not.toMatch(/198\.51|203\.0|owner-|visitor-/);
  });

  it('keeps private artifacts and unpublished versions to their owner; bad input is a 400', async () => {
    const secret = await create({ content: '<p>secret</p>' });
    expect(await download(secret)).toMatchObject({
      status: 403,
      body: { message: ARTIFACT_MESSAGES.private },
    });
    expect((await download(secret, { token: visitor })).status).toBe(403);
    expect((await download(secret, { token: owner })).body.content).toBe('<p>secret</p>');

    // v1 saved while private, v2 current once public: a visitor gets v2 only.
    const id = await create({ content: '<p>draft one</p>' });
    await api('PATCH', `/api/v1/artifacts/${id}`, {
      token: owner,
      body: { content: '<p>final</p>', isPublic: true },
    });
    expect((await download(id)).body).toMatchObject({ version: 2, content: '<p>final</p>' });
    expect(await download(id, { body: { version: 1 } })).toMatchObject({
      status: 403,
      body: { message: ARTIFACT_MESSAGES.private },
    });
    expect((await download(id, { body: { version: 1 }, token: owner })).body.content).toBe(
      '<p>draft one</p>',
    );
    expect(await download(id, { body: { version: 7 } })).toMatchObject({
      status: 404,
      body: { message: ARTIFACT_MESSAGES.versionNotFound },
    });
    expect((await download(id, { body: { version: 'one' } })).status).toBe(400);
    expect((await download(id, { body: { version: 2, extra: true } })).status).toBe(400);
    expect((await download('no-such-artifact')).status).toBe(404);
  });
});

describe('save a copy (remix)', () => {
  it("makes a private copy in the visitor's vault linked back to the original, whose remix count follows", async () => {
    const id = await create({
      title: 'Palette',
      content: '<p>colours</p>',
      tags: 'design, css',
      isPublic: true,
    });
    const res = await api('POST', `/api/v1/artifacts/${id}/remix`, { token: visitor, body: {} });
    expect(res.status).toBe(201);
    const copy = res.body.artifact;
    expect(copy).toMatchObject({
      owner: `visitor-${s}`,
      title: 'Palette',
      content: '<p>colours</p>',
      tags: ['design', 'css'],
      isPublic: false,
      remixedFrom: { artifactId: id, title: 'Palette', version: 1 },
      remixCount: 0,
    });
    // It is the visitor's: in their list, private to anyone else.
    const list = await api('GET', '/api/v1/artifacts', { token: visitor });
    expect(list.body.artifacts.map((a) => a.id)).toContain(copy.id);
    expect((await api('GET', `/api/v1/artifacts/${copy.id}`)).status).toBe(403);

    const created = await waitFor(
      () =>
        tap
          .events()
          .find(
            (e) =>
              e.topic === Topic.ArtifactCreated &&
              (e.envelope.data as { artifactId: string }).artifactId === copy.id,
          ),
      Boolean,
      { what: "the copy's created event" },
    );
    expect(created?.envelope.data).toMatchObject({
      ownerId: `visitor-${s}`,
      remixedFrom: id,
      isPublic: false,
    });
    await waitFor(
      () => ownerView(id),
      (a) => a.remixCount === 1,
      { what: 'the remix count of the original' },
    );
    // Visitors see that copies are allowed, not how many were made.
    const publicRead = (await api('GET', `/api/v1/artifacts/${id}`)).body.artifact as unknown as Record<
      string,
      unknown
    >;
    expect(publicRead).toMatchObject({ allowRemix: true, remixedFrom: null });
    expect(publicRead).not.toHaveProperty('remixCount');
  });

  it("names the original's owner on the copy from identity's events, newest first, and forgets them with their account", async () => {
    const id = await create({ title: 'Named', isPublic: true });
    const copy = (await api('POST', `/api/v1/artifacts/${id}/remix`, { token: visitor })).body.artifact;
    const producer = await kafkaProducer();
    const publish = (topic: Topic, data: Record<string, unknown>, occurredAt = new Date()) =>
      producer.send({
        topic,
        messages: [
          {
            key: String(data['userId']),
            value: JSON.stringify({
              id: randomUUID(),
              type: topic.replace(/\.v1$/, ''),
              version: 1,
              occurredAt: occurredAt.toISOString(),
              producer: 'identity',
              key: data['userId'],
              data,
            }),
          },
        ],
      });
    const nameOnCopy = async () =>
      (await api('GET', `/api/v1/artifacts/${copy.id}`, { token: visitor })).body.artifact.remixedFrom
        ?.ownerName;
    const userId = `owner-${s}`;
    const email = `${userId}@example.test`;
    try {
      await publish(Topic.UserRegistered, {
        userId,
        email,
        firstName: 'Grace',
        lastName: 'Hopper',
        requestedPlan: 'pro',
      });
      await waitFor(nameOnCopy, (n) => n === 'Grace H.', { what: "the owner's name on the copy" });
      const at = new Date();
      await publish(Topic.ProfileUpdated, {
        userId,
        email,
        firstName: 'Amazing',
        lastName: 'Grace',
        changed: ['name'],
        at: at.toISOString(),
      });
      await waitFor(nameOnCopy, (n) => n === 'Amazing G.', { what: 'the new name' });
      // A late registration (older) changes nothing; the account's deletion removes the name.
      await publish(
        Topic.UserRegistered,
        { userId, email, firstName: 'Old', lastName: 'Name', requestedPlan: 'pro' },
        new Date(at.getTime() - 60_000),
      );
      await publish(Topic.UserDeleted, {
        userId,
        email,
        deletedAt: new Date(at.getTime() + 1_000).toISOString(),
      });
      await waitFor(nameOnCopy, (n) => n === null, { what: 'the name gone with the account' });
    } finally {
      await producer.disconnect();
    }
  });

  it("refuses when the owner turned copies off, on one's own or a private artifact, and without an upload plan", async () => {
    const id = await create({ isPublic: true });
    const off = await api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { allowRemix: false } });
    expect(off.body.artifact.allowRemix).toBe(false);
    expect(
      ((await api('GET', `/api/v1/artifacts/${id}`)).body.artifact as { allowRemix: boolean }).allowRemix,
    ).toBe(false);
    expect(await api('POST', `/api/v1/artifacts/${id}/remix`, { token: visitor })).toMatchObject({
      status: 403,
      body: { code: 'REMIX_DISABLED', message: ARTIFACT_MESSAGES.remixDisabled },
    });
    // Downloads stay open: the switch is about copies in other vaults.
    expect((await download(id)).status).toBe(200);
    expect(await api('POST', `/api/v1/artifacts/${id}/remix`, { token: owner })).toMatchObject({
      status: 409,
      body: { message: ARTIFACT_MESSAGES.remixOwn },
    });
    const secret = await create();
    expect((await api('POST', `/api/v1/artifacts/${secret}/remix`, { token: visitor })).status).toBe(403);
    await api('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { allowRemix: true } });
    expect((await api('POST', `/api/v1/artifacts/${id}/remix`, { token: lapsed })).status).toBe(403);
    expect((await api('POST', `/api/v1/artifacts/${id}/remix`)).status).toBe(401);
    expect((await api('POST', `/api/v1/artifacts/${id}/remix`, { token: visitor })).status).toBe(201);
  });
});
