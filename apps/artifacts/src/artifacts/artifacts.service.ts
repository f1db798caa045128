import { Inject, Injectable } from '@nestjs/common';
import {
  type Artifact,
  ARTIFACT_LIMITS,
  type AuthUser,
  type BatchCreateArtifactsBody,
  type CreateArtifactBody,
  type ShareArtifactBody,
  type UpdateArtifactBody,
  type ArtifactPreview,
  type PreviewArtifactBody,
  normalizeTitle,
  shareLinks,
} from '@core-vault/contracts';
import { APP_CONFIG, type OutboxEntry, OutboxRelayService, outboxOnCreate } from '@core-vault/platform';
import { type ArtifactsConfig } from '../config';
import { CollectionsRepository } from '../collections/collections.repository';
import { RENDER_POLICY_VERSION, renderArtifact } from '../rendering/render';
import { canManage } from './artifact-access';
import { ArtifactEvents, type ChangedField } from './artifact-events';
import { isArtifactId, newArtifact, resolveType } from './artifact-state';
import { type ArtifactDoc, type VersionState } from './artifact.schema';
import { toOwnerView } from './artifact-views';
import { ArtifactException } from './artifacts.exception';
import { type ArtifactChanges, ArtifactsRepository } from './artifacts.repository';
import { PublicArtifactCache } from './public-cache';
import { VersionsRepository, versionId } from './versions.repository';

/** Writes: create, update, restore, delete, share. Each change and its events are one write. */
@Injectable()
export class ArtifactsService {
  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly versions: VersionsRepository,
    private readonly collections: CollectionsRepository,
    private readonly events: ArtifactEvents,
    private readonly cache: PublicArtifactCache,
    private readonly relay: OutboxRelayService,
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
  ) {}

  async create(user: AuthUser, body: CreateArtifactBody): Promise<Artifact> {
    const doc = newArtifact(user, body);
    await this.artifacts.insert({ ...doc, ...outboxOnCreate([this.events.created(doc)]) });
    this.relay.nudge();
    return toOwnerView(doc);
  }

  /** Everything was validated before this point; the insert itself is all or nothing. */
  async createBatch(user: AuthUser, body: BatchCreateArtifactsBody): Promise<Artifact[]> {
    const now = new Date();
    // Distinct createdAt keeps the hand-off order in Newest First.
    const docs = body.artifacts.map((item, i) => newArtifact(user, item, new Date(now.getTime() + i)));
    await this.artifacts.insertAll(
      docs.map((doc) => ({ ...doc, ...outboxOnCreate([this.events.created(doc)]) })),
    );
    this.relay.nudge();
    return docs.map(toOwnerView);
  }

  /** Exactly what create would store as the rendered form, without storing anything. */
  preview(body: PreviewArtifactBody): ArtifactPreview {
    const type = resolveType(body.type, body.content);
    return { type, ...renderArtifact(type, body.content) };
  }

  async update(user: AuthUser, id: string, body: UpdateArtifactBody): Promise<Artifact> {
    const doc = await this.loadManageable(user, id);
    const content = body.content ?? doc.content;
    const type = body.type === undefined ? doc.type : resolveType(body.type, content, doc.type);
    const next = {
      title: body.title === undefined ? doc.title : normalizeTitle(body.title),
      type,
      content,
    };
    const changed = next.content !== doc.content || next.type !== doc.type;
    const rendered = changed ? renderArtifact(next.type, next.content) : doc;
    return this.apply(
      doc,
      { ...next, ...pickRender(rendered), ...(changed ? { renderPolicy: RENDER_POLICY_VERSION } : {}) },
      body,
    );
  }

  async restore(user: AuthUser, id: string, versionParam: string): Promise<Artifact> {
    const doc = await this.loadManageable(user, id);
    const version = parseVersion(versionParam);
    if (version === doc.version) throw ArtifactException.versionIsCurrent();
    const snapshot = version === null ? null : await this.versions.get(doc._id, version);
    if (!snapshot) throw ArtifactException.versionNotFound();
    // Sanitized again: an old version's stored form may predate today's policy (RENDER_POLICY_VERSION).
    const state = pickState(snapshot);
    const rendered = pickRender(renderArtifact(state.type, state.content));
    return this.apply(doc, { ...state, ...rendered, renderPolicy: RENDER_POLICY_VERSION }, {}, true);
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    const doc = await this.loadManageable(user, id);
    const now = new Date();
    // Soft delete: the deleted event rides in the document until the relay has published it.
    const deleted = await this.artifacts.markDeleted(doc._id, doc.rev, now, [this.events.deleted(doc)]);
    if (!deleted) throw ArtifactException.conflict();
    await this.cache.invalidate(doc._id, deleted.rev);
    this.relay.nudge();
    await Promise.all([this.versions.removeAll(doc._id), this.collections.pullArtifact(doc._id)]);
  }

  async share(user: AuthUser, id: string, body: ShareArtifactBody) {
    if (!isArtifactId(id)) throw ArtifactException.notFound();
    const doc = await this.artifacts.findLive(id);
    if (!doc) throw ArtifactException.notFound();
    if (!doc.isPublic && !canManage(user, doc.owner)) throw ArtifactException.private();
    const shareCount = await this.artifacts.incrementShare(doc._id, [this.events.shared(doc, body.channel)]);
    if (shareCount === null) throw ArtifactException.notFound();
    this.relay.nudge();
    return {
      artifactId: doc._id,
      channel: body.channel,
      shareCount,
      ...shareLinks(
        { app: this.config.WEB_ORIGIN, renderer: this.config.RENDERER_ORIGIN },
        doc._id,
        doc.title,
      ),
    };
  }

  /** 404 when missing or malformed, 403 when it belongs to someone else. */
  async loadManageable(user: AuthUser, id: string): Promise<ArtifactDoc> {
    if (!isArtifactId(id)) throw ArtifactException.notFound();
    const doc = await this.artifacts.findLive(id);
    if (!doc) throw ArtifactException.notFound();
    if (!canManage(user, doc.owner)) throw ArtifactException.notOwner();
    return doc;
  }

  /**
   * Writes the new state if it differs: a title/type/content change first keeps the previous
   * version, then moves the artifact on (guarded by rev), with its events; then the cache goes.
   */
  private async apply(
    doc: ArtifactDoc,
    next: VersionState & { renderPolicy?: number },
    { tags, isPublic, allowNetwork }: Pick<UpdateArtifactBody, 'tags' | 'isPublic' | 'allowNetwork'>,
    forceVersion = false,
  ): Promise<Artifact> {
    const changed: ChangedField[] = [];
    if (next.title !== doc.title) changed.push('title');
    if (next.content !== doc.content) changed.push('content');
    if (next.type !== doc.type) changed.push('type');
    if (tags !== undefined && !sameList(tags, doc.tags)) changed.push('tags');
    const visibility = isPublic !== undefined && isPublic !== doc.isPublic;
    // A setting of the owner's, like visibility: no new version, no event.
    const network = allowNetwork !== undefined && allowNetwork !== (doc.allowNetwork ?? false);
    if (changed.length === 0 && !visibility && !network && !forceVersion) return toOwnerView(doc);

    const versioned = forceVersion || changed.some((f) => f !== 'tags');
    const now = new Date();
    const version = versioned ? doc.version + 1 : doc.version;
    const changes: ArtifactChanges = { at: now };
    if (versioned) {
      await this.versions.keep({
        _id: versionId(doc._id, doc.version),
        artifactId: doc._id,
        version: doc.version,
        ...pickState(doc),
        size: doc.content.length,
        createdAt: doc.versionedAt ?? doc.createdAt,
        archivedAt: now,
      });
      const { renderPolicy, ...state } = next;
      changes.version = { number: version, state, renderPolicy };
    }
    if (tags !== undefined) changes.tags = tags;
    if (visibility) changes.isPublic = isPublic;
    if (network) changes.allowNetwork = allowNetwork;

    const events: OutboxEntry[] = [];
    if (changed.length > 0 || forceVersion) events.push(this.events.updated(doc, changed, version));
    if (visibility) events.push(this.events.visibilityChanged(doc, isPublic === true));
    const updated = await this.artifacts.saveChanges(doc._id, doc.rev, changes, events);
    if (!updated) throw ArtifactException.conflict();
    await this.cache.invalidate(doc._id, updated.rev);
    this.relay.nudge();
    if (versioned) await this.versions.prune(doc._id, version, ARTIFACT_LIMITS.versionsKept);
    return toOwnerView(updated);
  }
}

function pickState(s: VersionState): VersionState {
  return {
    title: s.title,
    type: s.type,
    content: s.content,
    rendered: s.rendered ?? null,
    renderError: s.renderError ?? null,
    securityWarning: s.securityWarning ?? null,
  };
}

function pickRender(s: Pick<VersionState, 'rendered' | 'renderError' | 'securityWarning'>) {
  return {
    rendered: s.rendered ?? null,
    renderError: s.renderError ?? null,
    securityWarning: s.securityWarning ?? null,
  };
}

function parseVersion(raw: string): number | null {
  return /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : null;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
