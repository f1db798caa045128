import { Inject, Injectable } from '@nestjs/common';
import {
  type Artifact,
  type AuthUser,
  type BatchCreateArtifactsBody,
  type CreateArtifactBody,
  type ShareArtifactBody,
  type ArtifactPreview,
  type PreviewArtifactBody,
  shareLinks,
  readFrameHeight,
} from '@core-vault/contracts';
import { APP_CONFIG, OutboxRelayService, outboxOnCreate } from '@core-vault/platform';
import { type ArtifactsConfig } from '../config';
import { CollectionsRepository } from '../collections/collections.repository';
import { SettingsRepository } from '../settings/settings.repository';
import { renderArtifact } from '../rendering/render';
import { canManage } from './artifact-access';
import { ArtifactEvents } from './artifact-events';
import { isArtifactId, newArtifact, resolveType } from './artifact-state';
import { type ArtifactDoc } from './artifact.schema';
import { toOwnerView } from './artifact-views';
import { ArtifactException } from './artifacts.exception';
import { ArtifactsRepository } from './artifacts.repository';
import { PublicArtifactCache } from './public-cache';
import { ShareTally } from './share-tally';
import { pinnedRead } from './version-visibility';
import { VersionsRepository } from './versions.repository';

/**
 * Writes: create, share (edits and restores: ArtifactEditsService; delete: trash/). Each change and its
 * events are one write.
 */
@Injectable()
export class ArtifactsService {
  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly versions: VersionsRepository,
    private readonly collections: CollectionsRepository,
    private readonly events: ArtifactEvents,
    private readonly cache: PublicArtifactCache,
    private readonly relay: OutboxRelayService,
    private readonly settings: SettingsRepository,
    private readonly shares: ShareTally,
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
  ) {}

  async create(user: AuthUser, body: CreateArtifactBody): Promise<Artifact> {
    const doc = newArtifact(user, body, new Date(), await this.settings.allowsIndexing(user.id));
    await this.artifacts.insert({ ...doc, ...outboxOnCreate([this.events.created(doc)]) });
    this.relay.nudge();
    return toOwnerView(doc);
  }

  /** Everything was validated before this point; the insert itself is all or nothing. */
  async createBatch(user: AuthUser, body: BatchCreateArtifactsBody): Promise<Artifact[]> {
    const now = new Date();
    const indexing = await this.settings.allowsIndexing(user.id);
    // Distinct createdAt keeps the hand-off order in Newest First.
    const docs = body.artifacts.map((item, i) =>
      newArtifact(user, item, new Date(now.getTime() + i), indexing),
    );
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

  /**
   * Links pinned to `body.version` when given: it must be the current or a kept version (else 404),
   * and for anyone but the owner a published one (else 403, as a private artifact).
   */
  async share(user: AuthUser, id: string, body: ShareArtifactBody) {
    if (!isArtifactId(id)) throw ArtifactException.notFound();
    const doc = await this.artifacts.findLive(id);
    if (!doc) throw ArtifactException.notFound();
    const manages = canManage(user, doc.owner);
    if (!doc.isPublic && !manages) throw ArtifactException.private();
    const pinned = body.version;
    if (pinned !== undefined) {
      // Anyone else may pin a published version only; another answers as a private artifact.
      const access = pinnedRead(doc, pinned, manages);
      if (access === 'private') throw ArtifactException.private();
      const kept =
        access === 'current' || (access === 'earlier' && (await this.versions.get(doc._id, pinned)) !== null);
      if (!kept) throw ArtifactException.versionNotFound();
    }
    // Once per sharer, artifact and day; a repeat gets its links and the count as it is.
    const shareCount = await this.shares.record(doc, user, () => [this.events.shared(doc, body.channel)]);
    if (shareCount === null) throw ArtifactException.notFound();
    this.relay.nudge();
    return {
      artifactId: doc._id,
      channel: body.channel,
      version: pinned ?? null,
      shareCount,
      ...shareLinks(
        { app: this.config.WEB_ORIGIN, renderer: this.config.RENDERER_ORIGIN },
        doc._id,
        doc.title,
        pinned,
        readFrameHeight(doc.frameHeight),
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
}
