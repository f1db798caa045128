import { Injectable } from '@nestjs/common';
import {
  ARTIFACT_LIMITS,
  ARTIFACT_MESSAGES,
  type ActivityKind,
  type Artifact,
  type AuthUser,
  type EditableArtifactField,
  type FrameHeightSetting,
  type PublishVersionsChoice,
  type RestoreVersionBody,
  type UpdateArtifactBody,
  normalizeTitle,
  readFrameHeight,
} from '@core-vault/contracts';
import { type OutboxEntry, OutboxRelayService } from '@core-vault/platform';
import { RENDER_POLICY_VERSION, renderArtifact } from '../rendering/render';
import { ArtifactEvents, type ChangedField } from './artifact-events';
import { resolveType } from './artifact-state';
import { type ArtifactDoc, type VersionInfo } from './artifact.schema';
import { toOwnerView } from './artifact-views';
import { ArtifactException } from './artifacts.exception';
import { type ArtifactChanges, ArtifactsRepository, type ContentState } from './artifacts.repository';
import { ArtifactsService } from './artifacts.service';
import { PublicArtifactCache } from './public-cache';
import { nextPublishedVersions, publishedVersions } from './version-visibility';
import { VersionsRepository, versionId } from './versions.repository';

/** A new content version as decided: its state, who made it and why. */
interface NewContent {
  state: ContentState;
  info: VersionInfo;
}

/** An edit as decided (absent: unchanged). */
interface Edit {
  title?: string;
  description?: string;
  content?: NewContent;
  tags?: string[];
  isPublic?: boolean;
  allowNetwork?: boolean;
  allowRemix?: boolean;
  frameHeight?: FrameHeightSetting;
  /** Which versions become readable by anyone with the artifact public (see version-visibility.ts). */
  publish?: PublishVersionsChoice;
}

/** What an activity entry names: the edited fields, and earlier versions the owner published. */
type ActivityField = EditableArtifactField | 'publishedVersions';

/** Fields of the artifact-updated event (the event catalog's list). */
// Everything search shows; allowNetwork alone changes nothing another context follows.
const EVENT_FIELDS: readonly string[] = [
  'title',
  'description',
  'content',
  'tags',
  'type',
] satisfies ChangedField[];

/**
 * The owner's edits and restores. Only a change of content or type makes a new version (with its
 * author and note); title, description, tags, visibility and network are changes of the artifact
 * itself. Every stored change gets an activity entry in the same write. With `revision` the
 * caller says which revision it started from: any other stored one is an edit conflict (409,
 * nothing stored), so a second tab cannot silently overwrite the first. Each change also decides
 * which versions anyone may read while the artifact is public (version-visibility.ts): a version
 * made while it is public is published, making it public publishes its current version, and
 * earlier versions saved while it was private only with `publishVersions: 'all'`.
 */
@Injectable()
export class ArtifactEditsService {
  constructor(
    private readonly access: ArtifactsService,
    private readonly artifacts: ArtifactsRepository,
    private readonly versions: VersionsRepository,
    private readonly events: ArtifactEvents,
    private readonly cache: PublicArtifactCache,
    private readonly relay: OutboxRelayService,
  ) {}

  async update(user: AuthUser, id: string, body: UpdateArtifactBody): Promise<Artifact> {
    const doc = await this.access.loadManageable(user, id);
    checkRevision(doc, body.revision);
    // Versions are published with the artifact: asking for it on one that stays private is a mistake.
    if (body.publishVersions !== undefined && !(body.isPublic ?? doc.isPublic))
      throw ArtifactException.publishNeedsPublic();
    const content = body.content ?? doc.content;
    const type = body.type === undefined ? doc.type : resolveType(body.type, content, doc.type);
    const edit: Edit = {
      title: body.title === undefined ? undefined : normalizeTitle(body.title),
      description: body.description,
      tags: body.tags,
      isPublic: body.isPublic,
      allowNetwork: body.allowNetwork,
      allowRemix: body.allowRemix,
      frameHeight: body.frameHeight,
      publish: body.publishVersions,
    };
    if (content !== doc.content || type !== doc.type)
      edit.content = {
        state: { type, content, ...renderArtifact(type, content) },
        info: { author: user.id, note: body.versionNote?.trim() || null, restoredFrom: null },
      };
    return this.apply(user, doc, edit, { strict: body.revision !== undefined });
  }

  /** Version N's content and type as a new version ("Restored from version N"); nothing is lost. */
  async restore(
    user: AuthUser,
    id: string,
    versionParam: string,
    body: RestoreVersionBody,
  ): Promise<Artifact> {
    const doc = await this.access.loadManageable(user, id);
    checkRevision(doc, body?.revision);
    const version = parseVersion(versionParam);
    if (version === doc.version) throw ArtifactException.versionIsCurrent();
    const snapshot = version === null ? null : await this.versions.get(doc._id, version);
    if (!snapshot) throw ArtifactException.versionNotFound();
    // Sanitized again: an old version's stored form may predate today's policy (RENDER_POLICY_VERSION).
    const state = { type: snapshot.type, content: snapshot.content };
    const edit: Edit = {
      content: {
        state: { ...state, ...renderArtifact(state.type, state.content) },
        info: {
          author: user.id,
          note: ARTIFACT_MESSAGES.restoredFrom(snapshot.version),
          restoredFrom: snapshot.version,
        },
      },
    };
    return this.apply(user, doc, edit, { strict: body?.revision !== undefined, restore: true });
  }

  /**
   * Writes the edit if it changes anything: a new version first keeps the previous one, then the
   * artifact moves on (guarded by rev) with its events and activity entry; then the cache goes.
   */
  private async apply(
    user: AuthUser,
    doc: ArtifactDoc,
    edit: Edit,
    { strict, restore = false }: { strict: boolean; restore?: boolean },
  ): Promise<Artifact> {
    const newContent = edit.content;
    const version = newContent ? doc.version + 1 : doc.version;
    const published = nextPublishedVersions(doc, {
      isPublic: edit.isPublic ?? doc.isPublic,
      version,
      publish: edit.publish,
    });
    const fields: ActivityField[] = changedFields(doc, edit);
    // Earlier versions the owner chose to publish (the current one follows from the visibility).
    const before = publishedVersions(doc);
    if (published.some((n) => n !== version && !before.includes(n))) fields.push('publishedVersions');
    if (fields.length === 0 && !restore) return toOwnerView(doc);

    const now = new Date();
    const kind: ActivityKind = restore ? 'restored' : newContent ? 'version' : 'edited';
    const changes: ArtifactChanges = {
      at: now,
      activity: { at: now, by: user.id, kind, fields, version: newContent ? version : null },
    };
    if (fields.includes('title')) changes.title = edit.title;
    if (fields.includes('description')) changes.description = edit.description;
    if (fields.includes('tags')) changes.tags = edit.tags;
    if (fields.includes('isPublic')) changes.isPublic = edit.isPublic;
    if (fields.includes('allowNetwork')) changes.allowNetwork = edit.allowNetwork;
    if (fields.includes('allowRemix')) changes.allowRemix = edit.allowRemix;
    if (fields.includes('frameHeight')) changes.frameHeight = edit.frameHeight;
    if (!sameList(published, doc.publishedVersions ?? null)) changes.publishedVersions = published;
    if (newContent) {
      await this.keepCurrentVersion(doc, now);
      changes.version = { number: version, ...newContent, renderPolicy: RENDER_POLICY_VERSION };
    }

    const events: OutboxEntry[] = [];
    // Which versions are published is no event: search and analytics follow the current version only.
    const changed = fields.filter((f): f is ChangedField => EVENT_FIELDS.includes(f));
    if (changed.length > 0 || restore) events.push(this.events.updated(doc, changed, version));
    if (fields.includes('isPublic')) events.push(this.events.visibilityChanged(doc, edit.isPublic === true));
    const updated = await this.artifacts.saveChanges(doc._id, doc.rev, changes, events);
    // Another write got in between the read and this one: with a revision it is an edit conflict.
    if (!updated) throw strict ? ArtifactException.editConflict() : ArtifactException.conflict();
    await this.cache.invalidate(doc._id, updated.rev);
    this.relay.nudge();
    if (newContent) await this.versions.prune(doc._id, version, ARTIFACT_LIMITS.versionsKept);
    return toOwnerView(updated);
  }

  /** The current version as a snapshot, with its author and note (idempotent, see the repository). */
  private keepCurrentVersion(doc: ArtifactDoc, now: Date): Promise<void> {
    return this.versions.keep({
      _id: versionId(doc._id, doc.version),
      artifactId: doc._id,
      version: doc.version,
      title: doc.title,
      type: doc.type,
      content: doc.content,
      rendered: doc.rendered ?? null,
      renderError: doc.renderError ?? null,
      securityWarning: doc.securityWarning ?? null,
      size: doc.content.length,
      author: doc.versionInfo?.author ?? null,
      note: doc.versionInfo?.note ?? null,
      restoredFrom: doc.versionInfo?.restoredFrom ?? null,
      createdAt: doc.versionedAt ?? doc.createdAt,
      archivedAt: now,
    });
  }
}

/** A stale revision: the artifact was saved elsewhere since the caller read it. */
function checkRevision(doc: ArtifactDoc, revision: number | undefined): void {
  if (revision !== undefined && revision !== doc.rev) throw ArtifactException.editConflict();
}

/** The fields the edit really changes, in a fixed order (the activity list shows them). */
function changedFields(doc: ArtifactDoc, edit: Edit): EditableArtifactField[] {
  const fields: EditableArtifactField[] = [];
  if (edit.title !== undefined && edit.title !== doc.title) fields.push('title');
  if (edit.description !== undefined && edit.description !== (doc.description ?? ''))
    fields.push('description');
  if (edit.content && edit.content.state.type !== doc.type) fields.push('type');
  if (edit.content && edit.content.state.content !== doc.content) fields.push('content');
  if (edit.tags !== undefined && !sameList(edit.tags, doc.tags)) fields.push('tags');
  if (edit.isPublic !== undefined && edit.isPublic !== doc.isPublic) fields.push('isPublic');
  if (edit.allowNetwork !== undefined && edit.allowNetwork !== (doc.allowNetwork ?? false))
    fields.push('allowNetwork');
  if (edit.allowRemix !== undefined && edit.allowRemix !== (doc.allowRemix !== false))
    fields.push('allowRemix');
  if (edit.frameHeight !== undefined && edit.frameHeight !== readFrameHeight(doc.frameHeight))
    fields.push('frameHeight');
  return fields;
}

function parseVersion(raw: string): number | null {
  return /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : null;
}

function sameList<T>(a: readonly T[], b: readonly T[] | null): boolean {
  return b !== null && a.length === b.length && a.every((v, i) => v === b[i]);
}
