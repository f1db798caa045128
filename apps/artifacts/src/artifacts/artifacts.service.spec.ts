import { type AuthUser, createArtifactBodySchema, Topic } from '@core-vault/contracts';
import { type OutboxEntry, type OutboxRelayService } from '@core-vault/platform';
import { type ArtifactsConfig } from '../config';
import { type CollectionsRepository } from '../collections/collections.repository';
import { RENDER_POLICY_VERSION } from '../rendering/render';
import { ArtifactEvents } from './artifact-events';
import { newArtifact } from './artifact-state';
import { type ArtifactDoc, type ArtifactVersionDoc } from './artifact.schema';
import { ArtifactException } from './artifacts.exception';
import { type ArtifactChanges, type ArtifactsRepository } from './artifacts.repository';
import { ArtifactsService } from './artifacts.service';
import { type PublicArtifactCache } from './public-cache';
import { type VersionsRepository, versionId } from './versions.repository';
import { authUser } from '@core-vault/platform/testing';

/** The service sees only the methods a fake gives; this is the one place that says so. */
const as = <T>(fake: Partial<T>): T => fake as T;

const owner = authUser({ sessionId: 's1' });
const stranger: AuthUser = { ...owner, id: 'u2', email: 'u2@example.test' };
const admin: AuthUser = { ...stranger, id: 'admin', isAdmin: true };

/** Artifacts in memory; a write at a stale rev loses, as in the real repository. */
class FakeArtifacts implements Partial<ArtifactsRepository> {
  readonly docs = new Map<string, ArtifactDoc>();
  readonly outbox: OutboxEntry[] = [];
  readonly saved: ArtifactChanges[] = [];
  /** Set to simulate another writer getting in between the read and the write. */
  loseNextRace = false;

  insert(doc: ArtifactDoc): Promise<void> {
    this.docs.set(doc._id, doc);
    this.outbox.push(...(doc._outbox ?? []));
    return Promise.resolve();
  }
  async insertAll(docs: readonly ArtifactDoc[]): Promise<void> {
    for (const doc of docs) await this.insert(doc);
  }
  findLive(id: string): Promise<ArtifactDoc | null> {
    const doc = this.docs.get(id);
    return Promise.resolve(doc && !doc.deletedAt ? doc : null);
  }
  saveChanges(
    id: string,
    rev: number,
    changes: ArtifactChanges,
    events: readonly OutboxEntry[],
  ): Promise<ArtifactDoc | null> {
    this.saved.push(changes);
    const { version, at, ...settings } = changes;
    return this.write(id, rev, events, {
      ...(version ? { ...version.state, version: version.number, versionedAt: at } : {}),
      ...settings,
      updatedAt: at,
    });
  }
  markDeleted(id: string, rev: number, at: Date, events: readonly OutboxEntry[]) {
    return this.write(id, rev, events, { deletedAt: at, content: '' });
  }
  incrementShare(id: string, events: readonly OutboxEntry[]): Promise<number | null> {
    const doc = this.docs.get(id);
    if (!doc) return Promise.resolve(null);
    this.outbox.push(...events);
    doc.shareCount += 1;
    return Promise.resolve(doc.shareCount);
  }
  private write(id: string, rev: number, events: readonly OutboxEntry[], fields: Partial<ArtifactDoc>) {
    const doc = this.docs.get(id);
    if (!doc || doc.rev !== rev || this.loseNextRace) {
      this.loseNextRace = false;
      return Promise.resolve(null);
    }
    const next = { ...doc, ...fields, rev: rev + 1 };
    this.docs.set(id, next);
    this.outbox.push(...events);
    return Promise.resolve(next);
  }
}

class FakeVersions implements Partial<VersionsRepository> {
  readonly kept = new Map<string, ArtifactVersionDoc>();
  readonly pruned: { artifactId: string; current: number; keep: number }[] = [];
  readonly removed: string[] = [];
  keep(snapshot: ArtifactVersionDoc): Promise<void> {
    this.kept.set(snapshot._id, snapshot);
    return Promise.resolve();
  }
  get(artifactId: string, version: number): Promise<ArtifactVersionDoc | null> {
    return Promise.resolve(this.kept.get(versionId(artifactId, version)) ?? null);
  }
  prune(artifactId: string, current: number, keep: number): Promise<void> {
    this.pruned.push({ artifactId, current, keep });
    return Promise.resolve();
  }
  removeAll(artifactId: string): Promise<void> {
    this.removed.push(artifactId);
    return Promise.resolve();
  }
}

function setup() {
  const artifacts = new FakeArtifacts();
  const versions = new FakeVersions();
  const pulled: string[] = [];
  const invalidated: { id: string; rev: number }[] = [];
  let nudges = 0;
  const service = new ArtifactsService(
    as<ArtifactsRepository>(artifacts),
    as<VersionsRepository>(versions),
    as<CollectionsRepository>({ pullArtifact: (id: string) => Promise.resolve(void pulled.push(id)) }),
    new ArtifactEvents(),
    as<PublicArtifactCache>({
      invalidate: (id: string, rev: number) => Promise.resolve(void invalidated.push({ id, rev })),
    }),
    as<OutboxRelayService>({ nudge: () => void nudges++ }),
    as<ArtifactsConfig>({ WEB_ORIGIN: 'https://app.example', RENDERER_ORIGIN: 'https://render.example' }),
  );
  const stored = (over: { isPublic?: boolean } = {}, by: AuthUser = owner): ArtifactDoc => {
    const doc = newArtifact(
      by,
      createArtifactBodySchema.parse({ title: 'Chart', type: 'MARKDOWN', content: '# Hello', ...over }),
    );
    artifacts.docs.set(doc._id, doc);
    return doc;
  };
  return {
    service,
    artifacts,
    versions,
    pulled,
    invalidated,
    stored,
    nudges: () => nudges,
    topics: () => artifacts.outbox.map((e) => e.topic),
  };
}

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ArtifactException);
  const e = err as ArtifactException;
  return { status: e.getStatus(), code: (e.getResponse() as { code: string }).code };
}

describe('ArtifactsService', () => {
  it('creates an artifact with its created event in the same write, and wakes the relay', async () => {
    const t = setup();
    const made = await t.service.create(
      owner,
      createArtifactBodySchema.parse({
        title: '  Notes ',
        type: 'MARKDOWN',
        content: '# Title',
      }),
    );
    expect(made).toMatchObject({ owner: 'u1', title: 'Notes', type: 'MARKDOWN', version: 1 });
    expect(t.artifacts.docs.get(made.id)?._outbox?.map((e) => e.topic)).toEqual([Topic.ArtifactCreated]);
    expect(t.nudges()).toBe(1);
  });

  it('writes nothing when an update changes nothing', async () => {
    const t = setup();
    const doc = t.stored();
    await t.service.update(owner, doc._id, { title: 'Chart', content: '# Hello' });
    expect(t.artifacts.saved).toEqual([]);
    expect(t.topics()).toEqual([]);
  });

  it('keeps the previous version before a title change and announces version 2', async () => {
    const t = setup();
    const doc = t.stored();
    const updated = await t.service.update(owner, doc._id, { title: 'Better chart' });
    expect(updated).toMatchObject({ title: 'Better chart', version: 2 });
    expect(t.versions.kept.get(versionId(doc._id, 1))).toMatchObject({ title: 'Chart', version: 1 });
    expect(t.artifacts.outbox[0]?.envelope.data).toMatchObject({ changed: ['title'], version: 2 });
    expect(t.versions.pruned).toEqual([{ artifactId: doc._id, current: 2, keep: expect.any(Number) }]);
    expect(t.invalidated).toEqual([{ id: doc._id, rev: 2 }]);
  });

  it('re-renders changed content under the current policy', async () => {
    const t = setup();
    const doc = t.stored();
    await t.service.update(owner, doc._id, { content: '# Other' });
    expect(t.artifacts.saved[0]?.version).toMatchObject({
      number: 2,
      renderPolicy: RENDER_POLICY_VERSION,
      state: { content: '# Other', rendered: expect.stringContaining('Other') },
    });
  });

  it('changes tags without a new version', async () => {
    const t = setup();
    const doc = t.stored();
    await t.service.update(owner, doc._id, { tags: ['work'] });
    expect(t.artifacts.saved).toEqual([{ at: expect.any(Date), tags: ['work'] }]);
    expect(t.versions.kept.size).toBe(0);
    expect(t.artifacts.outbox[0]?.envelope.data).toMatchObject({ changed: ['tags'], version: 1 });
  });

  it('announces a visibility change alone, and an owner setting not at all', async () => {
    const t = setup();
    const doc = t.stored();
    await t.service.update(owner, doc._id, { isPublic: true });
    expect(t.topics()).toEqual([Topic.ArtifactVisibilityChanged]);
    await t.service.update(owner, doc._id, { allowNetwork: true });
    expect(t.topics()).toEqual([Topic.ArtifactVisibilityChanged]);
    expect(t.artifacts.saved[1]).toEqual({ at: expect.any(Date), allowNetwork: true });
  });

  it('answers 409 when another write got in first, and leaves the cache alone', async () => {
    const t = setup();
    const doc = t.stored();
    t.artifacts.loseNextRace = true;
    expect(await refusal(t.service.update(owner, doc._id, { title: 'Late' }))).toEqual({
      status: 409,
      code: 'ARTIFACT_CHANGED',
    });
    expect(t.invalidated).toEqual([]);
  });

  it('lets owners and admins manage, refuses others, and hides malformed or missing ids', async () => {
    const t = setup();
    const doc = t.stored();
    expect(await refusal(t.service.update(stranger, doc._id, { title: 'Mine' }))).toEqual({
      status: 403,
      code: 'NOT_ARTIFACT_OWNER',
    });
    await expect(t.service.update(admin, doc._id, { title: 'Moderated' })).resolves.toMatchObject({
      title: 'Moderated',
    });
    expect((await refusal(t.service.loadManageable(owner, '../etc'))).status).toBe(404);
    expect((await refusal(t.service.loadManageable(owner, 'missing'))).status).toBe(404);
  });

  it('restores an old version as a new one, and refuses the current or an unknown version', async () => {
    const t = setup();
    const doc = t.stored();
    await t.service.update(owner, doc._id, { title: 'Second' });
    expect((await refusal(t.service.restore(owner, doc._id, '2'))).code).toBe('VERSION_IS_CURRENT');
    expect((await refusal(t.service.restore(owner, doc._id, '7'))).code).toBe('VERSION_NOT_FOUND');
    expect((await refusal(t.service.restore(owner, doc._id, '1x'))).code).toBe('VERSION_NOT_FOUND');
    const restored = await t.service.restore(owner, doc._id, '1');
    expect(restored).toMatchObject({ title: 'Chart', version: 3 });
    expect(t.artifacts.saved[1]?.version?.renderPolicy).toBe(RENDER_POLICY_VERSION);
  });

  it('deletes softly with its event, then drops versions, collection entries and the cached read', async () => {
    const t = setup();
    const doc = t.stored();
    await t.service.remove(owner, doc._id);
    expect(t.topics()).toEqual([Topic.ArtifactDeleted]);
    expect(t.artifacts.docs.get(doc._id)?.deletedAt).toBeInstanceOf(Date);
    expect(t.versions.removed).toEqual([doc._id]);
    expect(t.pulled).toEqual([doc._id]);
    expect(t.invalidated).toEqual([{ id: doc._id, rev: 2 }]);
  });

  it('shares public artifacts with anyone, private ones only by who manages them', async () => {
    const t = setup();
    const secret = t.stored();
    const open = t.stored({ isPublic: true });
    expect(await refusal(t.service.share(stranger, secret._id, { channel: 'link' }))).toEqual({
      status: 403,
      code: 'ARTIFACT_PRIVATE',
    });
    const shared = await t.service.share(stranger, open._id, { channel: 'embed' });
    expect(shared).toMatchObject({ artifactId: open._id, channel: 'embed', shareCount: 1 });
    expect(t.topics()).toEqual([Topic.ArtifactShared]);
  });
});
