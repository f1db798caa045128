import { Injectable } from '@nestjs/common';
import {
  type AuthUser,
  type CompleteBody,
  type CompleteResult,
  RUNTIME_DEFAULT_SETTINGS,
  type RuntimeOverview,
  type RuntimeSettings,
  type StorageDeleted,
  type StorageItem,
  type StorageList,
  type StorageScope,
  type UpdateRuntimeSettingsBody,
} from '@core-vault/contracts';
import { canManage, isOwner } from '../artifacts/artifact-access';
import { ArtifactException } from '../artifacts/artifacts.exception';
import { isArtifactId } from '../artifacts/artifact-state';
import { AiProviderClient } from './ai-provider.client';
import { RuntimeLimits } from './runtime-limits';
import { type RuntimeSubject, RuntimeStorageRepository, type StoreRef } from './runtime-storage.repository';
import { RuntimeException } from './runtime.exception';
import { SHARED_USER } from './runtime.schema';
import { checkValueSize, checkedKey, entryBytes } from './storage-rules';

/** Who calls: the signed-in user or none, and their rate-limit identity (runtime-limits.ts). */
export interface Viewer {
  user: AuthUser | null;
  id: string;
}

/** The store a call names: the artifact's shared one, or the viewer's personal one (none if anonymous). */
function storeOf(artifactId: string, scope: StorageScope, viewer: Viewer): StoreRef | null {
  if (scope === 'shared') return { artifactId, scope, userId: SHARED_USER };
  return viewer.user ? { artifactId, scope, userId: viewer.user.id } : null;
}

/** window.storage and window.claude.complete of one artifact, and its owner's settings. */
@Injectable()
export class RuntimeService {
  constructor(
    private readonly repo: RuntimeStorageRepository,
    private readonly limits: RuntimeLimits,
    private readonly ai: AiProviderClient,
  ) {}

  /** As the artifact read: 404 unknown, 403 private to anyone but its owner (and admins). */
  private async viewable(id: string, user: AuthUser | null): Promise<RuntimeSubject> {
    if (!isArtifactId(id)) throw ArtifactException.notFound();
    const doc = await this.repo.findLiveArtifact(id);
    if (!doc) throw ArtifactException.notFound();
    if (!doc.isPublic && !canManage(user, doc.owner)) throw ArtifactException.private();
    return doc;
  }

  /** Owner calls: anyone else is told the artifact does not exist. */
  private async owned(id: string, user: AuthUser): Promise<RuntimeSubject> {
    if (!isArtifactId(id)) throw ArtifactException.notFound();
    const doc = await this.repo.findLiveArtifact(id);
    if (!doc || !isOwner(user, doc.owner)) throw ArtifactException.notFound();
    return doc;
  }

  private async settingsOf(artifactId: string): Promise<RuntimeSettings> {
    const doc = await this.repo.getSettings(artifactId);
    return doc
      ? { anonymousSharedWrites: doc.anonymousSharedWrites, aiCalls: doc.aiCalls }
      : { ...RUNTIME_DEFAULT_SETTINGS };
  }

  /**
   * Access and the rate limit (side by side: one round trip of latency, not two; a refused call
   * counts against the limit too), then the store the scope names (personal needs a user).
   */
  private async storeFor(
    id: string,
    scope: StorageScope,
    viewer: Viewer,
  ): Promise<[RuntimeSubject, StoreRef]> {
    if (!isArtifactId(id)) throw ArtifactException.notFound();
    const [artifact] = await Promise.all([
      this.viewable(id, viewer.user),
      this.limits.hit('storage', id, viewer.id),
    ]);
    const store = storeOf(id, scope, viewer);
    if (!store) throw RuntimeException.signInRequired();
    return [artifact, store];
  }

  private async checkWrite(artifact: RuntimeSubject, store: StoreRef, viewer: Viewer): Promise<void> {
    if (store.scope !== 'shared' || viewer.user) return;
    if (!(await this.settingsOf(artifact._id)).anonymousSharedWrites)
      throw RuntimeException.anonymousWritesOff();
  }

  async list(
    id: string,
    scope: StorageScope,
    prefix: string | undefined,
    viewer: Viewer,
  ): Promise<StorageList> {
    const [, store] = await this.storeFor(id, scope, viewer);
    const keys = await this.repo.keys(store, prefix || undefined);
    return { keys, prefix: prefix || null, shared: scope === 'shared' };
  }

  async get(id: string, scope: StorageScope, key: string, viewer: Viewer): Promise<StorageItem> {
    checkedKey(key);
    // The value is read beside the access check and the rate limit (one round trip of latency)
    // and handed out only once both passed.
    const store = storeOf(id, scope, viewer);
    const [, value] = await Promise.all([
      this.storeFor(id, scope, viewer),
      store && isArtifactId(id) ? this.repo.value(store, key) : Promise.resolve(null),
    ]);
    if (value === null) throw RuntimeException.keyNotFound();
    return { key, value, shared: scope === 'shared' };
  }

  async set(
    id: string,
    scope: StorageScope,
    key: string,
    value: string,
    viewer: Viewer,
  ): Promise<StorageItem> {
    const [artifact, store] = await this.storeFor(id, scope, viewer);
    checkedKey(key);
    checkValueSize(value);
    await this.checkWrite(artifact, store, viewer);
    const outcome = await this.repo.set(store, key, value, entryBytes(key, value), artifact.owner);
    if (outcome === 'quota-exceeded') throw RuntimeException.quotaExceeded();
    return { key, value, shared: scope === 'shared' };
  }

  async remove(id: string, scope: StorageScope, key: string, viewer: Viewer): Promise<StorageDeleted> {
    const [artifact, store] = await this.storeFor(id, scope, viewer);
    checkedKey(key);
    await this.checkWrite(artifact, store, viewer);
    return { key, deleted: await this.repo.remove(store, key), shared: scope === 'shared' };
  }

  async clearShared(id: string, user: AuthUser): Promise<void> {
    const artifact = await this.owned(id, user);
    await this.repo.clear({ artifactId: artifact._id, scope: 'shared', userId: SHARED_USER });
  }

  async overview(id: string, user: AuthUser): Promise<RuntimeOverview> {
    const artifact = await this.owned(id, user);
    return this.overviewOf(artifact._id);
  }

  async updateSettings(
    id: string,
    user: AuthUser,
    body: UpdateRuntimeSettingsBody,
  ): Promise<RuntimeOverview> {
    const artifact = await this.owned(id, user);
    const patch: UpdateRuntimeSettingsBody = {};
    if (body.anonymousSharedWrites !== undefined) patch.anonymousSharedWrites = body.anonymousSharedWrites;
    if (body.aiCalls !== undefined) patch.aiCalls = body.aiCalls;
    await this.repo.updateSettings(artifact._id, artifact.owner, patch);
    return this.overviewOf(artifact._id);
  }

  private async overviewOf(artifactId: string): Promise<RuntimeOverview> {
    const [settings, storage, callsToday] = await Promise.all([
      this.settingsOf(artifactId),
      this.repo.usage(artifactId),
      this.limits.aiCallsToday(artifactId),
    ]);
    return { settings, storage, ai: { configured: this.ai.configured, callsToday } };
  }

  /**
   * Access, not configured (503), the owner's switch (403), the minute's rate limit, today's
   * quotas (429), then the provider (502 on any failure).
   */
  async complete(id: string, body: CompleteBody, viewer: Viewer): Promise<CompleteResult> {
    const artifact = await this.viewable(id, viewer.user);
    if (!this.ai.configured) throw RuntimeException.aiNotConfigured();
    if (!(await this.settingsOf(artifact._id)).aiCalls) throw RuntimeException.aiCallsOff();
    await this.limits.hit('ai', artifact._id, viewer.id);
    await this.limits.takeAiCall(artifact._id, viewer.id);
    return this.ai.complete(body);
  }
}
