/**
 * What identity.user-deleted.v1 leaves of a user in the artifacts service: nothing. The handler
 * is called directly (its Kafka wiring is the e2e account-erasure suite's), against the real
 * database and Redis, after the user made everything #18 stores: a description, versions with
 * their author, activity, the indexing setting and pinned public reads in the cache.
 */
import { Redis } from 'ioredis';
import { type EventEnvelope, type EventPayload, type Topic } from '@core-vault/contracts';
import { uniqueSuffix } from '@core-vault/platform/testing';
import { artifactInput, type client, tokenFor, useArtifactsApp } from '../testing';
import { UserDeletedConsumer } from './user-deleted.consumer';

const s = uniqueSuffix();
const userId = `erased-${s}`;
const user = tokenFor(userId);
const ctx = useArtifactsApp();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);

let redis: Redis;
beforeAll(() => {
  redis = new Redis(ctx.t.config.REDIS_URL);
});
afterAll(() => redis.disconnect());

const envelope = (): EventEnvelope<EventPayload<Topic.UserDeleted>> => ({
  id: `evt-${s}`,
  type: 'identity.user-deleted',
  version: 1,
  occurredAt: new Date().toISOString(),
  producer: 'identity',
  key: userId,
  data: { userId, email: `${userId}@example.test`, deletedAt: new Date().toISOString() },
});

/** Every document of the service's database that names the user. */
async function traces(): Promise<string[]> {
  const found: string[] = [];
  for (const { name } of await ctx.db.listCollections())
    for (const doc of await ctx.db.collection(name).find({}).toArray())
      if (JSON.stringify(doc).includes(userId)) found.push(`${name}: ${JSON.stringify(doc).slice(0, 200)}`);
  return found;
}

describe('user erasure (identity.user-deleted.v1)', () => {
  it('erases artifacts with their activity, versions, settings and pinned cached reads', async () => {
    const id = (
      await api('POST', '/api/v1/artifacts', {
        token: user,
        body: artifactInput({ isPublic: true, description: 'mine', content: '<p>1</p>' }),
      })
    ).body.artifact.id;
    await api('PATCH', `/api/v1/artifacts/${id}`, {
      token: user,
      body: { content: '<p>2</p>', versionNote: 'n' },
    });
    await api('PUT', '/api/v1/artifact-settings', { token: user, body: { allowIndexing: true } });
    expect((await api('GET', `/api/v1/artifacts/${id}?v=1`)).status).toBe(200);
    expect((await api('GET', `/api/v1/artifacts/${id}`)).status).toBe(200);
    expect(await redis.exists(`artifacts:public:${id}@v1`, `artifacts:public:${id}`)).toBe(2);
    expect((await traces()).map((t) => t.split(':')[0])).toEqual(
      expect.arrayContaining(['artifacts', 'artifact_versions', 'artifact_settings']),
    );

    const consumer = ctx.t.app.get(UserDeletedConsumer);
    await consumer.userDeleted(envelope());
    await consumer.userDeleted(envelope()); // a repeated delivery finds nothing left

    expect(await traces()).toEqual([]);
    expect(
      await redis.exists(
        `artifacts:public:${id}@v1`,
        `artifacts:public:${id}`,
        `artifacts:public-pins:${id}`,
      ),
    ).toBe(0);
    expect((await api('GET', `/api/v1/artifacts/${id}?v=1`)).status).toBe(404);
    expect((await api('GET', '/api/v1/artifact-settings', { token: user })).body).toEqual({
      allowIndexing: false,
    });
  });
});
