/**
 * In-memory fakes of the artifacts repositories and the wiring of the write services over them,
 * for the unit specs of ArtifactsService and ArtifactEditsService (excluded from the build).
 */
import { type AuthUser, createArtifactBodySchema } from '@core-vault/contracts';
import { type Redis } from 'ioredis';
import { type Logger } from 'pino';
import { type OutboxEntry, type OutboxRelayService } from '@core-vault/platform';
import { authUser } from '@core-vault/platform/testing';
import { type ArtifactsConfig } from '../config';
import { type CollectionsRepository } from '../collections/collections.repository';
import { ArtifactEditsService } from '../artifacts/artifact-edits.service';
import { ArtifactEvents } from '../artifacts/artifact-events';
import { newArtifact } from '../artifacts/artifact-state';
import { type ArtifactDoc, type ArtifactVersionDoc } from '../artifacts/artifact.schema';
import { ArtifactException } from '../artifacts/artifacts.exception';
import { type ArtifactChanges, type ArtifactsRepository } from '../artifacts/artifacts.repository';
import { ArtifactsService } from '../artifacts/artifacts.service';
import { type PublicArtifactCache } from '../artifacts/public-cache';
import { ShareTally } from '../artifacts/share-tally';
import { ArtifactReuseService } from '../artifacts/artifact-reuse.service';
import { DownloadTally } from '../artifacts/download-tally';
import { type OwnerNamesRepository } from '../owner-names/owner-names.repository';
import { type VersionsRepository, versionId } from '../artifacts/versions.repository';
import { type SettingsRepository } from '../settings/settings.repository';

/** The services see only the methods a fake gives; this is the one place that says so. */
export const as = <T>(fake: Partial<T>): T => fake as T;

export const owner = authUser({ sessionId: 's1' });
export const stranger: AuthUser = { ...owner, id: 'u2', email: 'u2@example.test' };
export const admin: AuthUser = { ...stranger, id: 'admin', isAdmin: true };

/** Artifacts in memory; a write at a stale rev loses, as in the real repository. */
export class FakeArtifacts implements Partial<ArtifactsRepository> {
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
    const { version, at, activity, ...fields } = changes;
    const doc = this.docs.get(id);
    return this.write(id, rev, events, {
      ...(version
        ? { ...version.state, version: version.number, versionedAt: at, versionInfo: version.info }
        : {}),
      ...fields,
      ...(activity ? { activity: [...(doc?.activity ?? []), activity] } : {}),
      updatedAt: at,
    });
  }
  incrementDownload(id: string, events: readonly OutboxEntry[]): Promise<number | null> {
    const doc = this.docs.get(id);
    if (!doc || doc.deletedAt) return Promise.resolve(null);
    this.outbox.push(...events);
    doc.downloadCount += 1;
    return Promise.resolve(doc.downloadCount);
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

export class FakeVersions implements Partial<VersionsRepository> {
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

/** The daily share marks' Redis (SET NX EX, PTTL, DEL over a map); `down()` makes it refuse. */
function shareMarks() {
  const keys = new Map<string, number>();
  const values = new Map<string, string>();
  let down = false;
  const redis = {
    status: 'ready',
    set(key: string, value: string, _ex: string, seconds: number) {
      if (down) return Promise.reject(new Error('connection refused'));
      if (keys.has(key)) return Promise.resolve(null);
      keys.set(key, seconds);
      values.set(key, value);
      return Promise.resolve('OK');
    },
    get: (key: string) => Promise.resolve(values.get(key) ?? null),
    pttl: (key: string) => Promise.resolve((keys.get(key) ?? 0) * 1000),
    del: (key: string) => Promise.resolve(Number(keys.delete(key))),
  };
  return { redis: redis as unknown as Redis, keys, down: () => void (down = true) };
}

/** ArtifactsService and ArtifactEditsService over the fakes, with what they did on the side. */
export function writeServices(options: { ownerAllowsIndexing?: boolean } = {}) {
  const artifacts = new FakeArtifacts();
  const versions = new FakeVersions();
  const pulled: string[] = [];
  const invalidated: { id: string; rev: number }[] = [];
  let nudges = 0;
  const events = new ArtifactEvents();
  const cache = as<PublicArtifactCache>({
    invalidate: (id: string, rev: number) => Promise.resolve(void invalidated.push({ id, rev })),
  });
  const relay = as<OutboxRelayService>({ nudge: () => void nudges++ });
  const marks = shareMarks();
  const service = new ArtifactsService(
    as<ArtifactsRepository>(artifacts),
    as<VersionsRepository>(versions),
    as<CollectionsRepository>({ pullArtifact: (id: string) => Promise.resolve(void pulled.push(id)) }),
    events,
    cache,
    relay,
    as<SettingsRepository>({ allowsIndexing: () => Promise.resolve(options.ownerAllowsIndexing ?? false) }),
    new ShareTally(marks.redis, as<ArtifactsRepository>(artifacts), as<Logger>({ warn: () => undefined })),
    as<ArtifactsConfig>({ WEB_ORIGIN: 'https://app.example', RENDERER_ORIGIN: 'https://render.example' }),
  );
  const edits = new ArtifactEditsService(
    service,
    as<ArtifactsRepository>(artifacts),
    as<VersionsRepository>(versions),
    events,
    cache,
    relay,
  );
  const reuse = new ArtifactReuseService(
    as<ArtifactsRepository>(artifacts),
    as<VersionsRepository>(versions),
    events,
    relay,
    as<SettingsRepository>({ allowsIndexing: () => Promise.resolve(options.ownerAllowsIndexing ?? false) }),
    new DownloadTally(marks.redis, as<ArtifactsRepository>(artifacts), as<Logger>({ warn: () => undefined })),
    as<OwnerNamesRepository>({
      nameOf: (id: string) => Promise.resolve(id === owner.id ? 'Ada L.' : null),
    }),
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
    edits,
    reuse,
    artifacts,
    versions,
    pulled,
    invalidated,
    stored,
    nudges: () => nudges,
    shareMarks: marks,
    topics: () => artifacts.outbox.map((e) => e.topic),
  };
}

/** The status and code a call was refused with (it must be refused with an ArtifactException). */
export async function refusal(promise: Promise<unknown>) {
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
