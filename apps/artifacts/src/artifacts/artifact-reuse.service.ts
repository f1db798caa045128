import { Injectable } from '@nestjs/common';
import {
  ARTIFACT_FILE_TYPES,
  type Artifact,
  type ArtifactType,
  type AuthUser,
  type DownloadResult,
  type ReuseArtifactBody,
  artifactFileName,
} from '@core-vault/contracts';
import { OutboxRelayService, outboxOnCreate } from '@core-vault/platform';
import { SettingsRepository } from '../settings/settings.repository';
import { canManage } from './artifact-access';
import { ArtifactEvents } from './artifact-events';
import { isArtifactId, newArtifact } from './artifact-state';
import { type ArtifactDoc } from './artifact.schema';
import { OwnerNamesRepository } from '../owner-names/owner-names.repository';
import { toOwnerView, withOwnerName } from './artifact-views';
import { ArtifactException } from './artifacts.exception';
import { ArtifactsRepository } from './artifacts.repository';
import { DownloadTally } from './download-tally';
import { downloadCounts, remixRefusal, reuseVersion } from './reuse-rules';
import { VersionsRepository } from './versions.repository';

/** The content of the version a download or copy takes. */
interface SourceVersion {
  version: number;
  type: ArtifactType;
  content: string;
}

/**
 * Reuse from the public page (#35): download an artifact as a file, save a copy to one's vault.
 * Both reach exactly what a pinned read reaches (reuse-rules.ts); a download counts once per
 * visitor, artifact and day (DownloadTally), a copy is a new private artifact of the caller that
 * links back to the original, whose remix count follows its created event (RemixCountConsumer).
 */
@Injectable()
export class ArtifactReuseService {
  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly versions: VersionsRepository,
    private readonly events: ArtifactEvents,
    private readonly relay: OutboxRelayService,
    private readonly settings: SettingsRepository,
    private readonly downloads: DownloadTally,
    private readonly names: OwnerNamesRepository,
  ) {}

  /** The file of the version asked; `address` is the client address the gateway forwarded. */
  async download(
    user: AuthUser | null,
    id: string,
    body: ReuseArtifactBody,
    address: string,
  ): Promise<DownloadResult> {
    const doc = await this.load(id);
    const source = await this.sourceOf(doc, canManage(user, doc.owner), body?.version);
    if (downloadCounts(doc, user)) {
      const counted = await this.downloads.record(doc, { user, address }, () => [
        this.events.downloaded(doc),
      ]);
      if (counted) this.relay.nudge();
    }
    return {
      artifactId: doc._id,
      version: source.version,
      fileName: artifactFileName(doc.title, source.type, source.content),
      mediaType: ARTIFACT_FILE_TYPES[source.type].mediaType,
      content: source.content,
    };
  }

  /**
   * A new private artifact of the caller with the content of the version asked (rendered again by
   * today's pipeline, as any upload), the original's title, description and tags, and the link
   * back; its created event names the original. Network stays off until the new owner allows it:
   * that trust was the original owner's to give.
   */
  async remix(user: AuthUser, id: string, body: ReuseArtifactBody): Promise<Artifact> {
    const doc = await this.load(id);
    const refusal = remixRefusal(doc, user);
    if (refusal === 'own') throw ArtifactException.remixOwn();
    if (refusal === 'private') throw ArtifactException.private();
    if (refusal === 'disabled') throw ArtifactException.remixDisabled();
    // Published versions only, admins included: the copy leaves the owner's hands.
    const source = await this.sourceOf(doc, false, body?.version);
    const now = new Date();
    const copy: ArtifactDoc = {
      ...newArtifact(
        user,
        {
          title: doc.title,
          type: source.type,
          content: source.content,
          description: doc.description ?? '',
          tags: doc.tags,
          isPublic: false,
        },
        now,
        await this.settings.allowsIndexing(user.id),
      ),
      remixedFrom: { artifactId: doc._id, title: doc.title, ownerId: doc.owner, version: source.version },
    };
    await this.artifacts.insert({ ...copy, ...outboxOnCreate([this.events.created(copy)]) });
    this.relay.nudge();
    return withOwnerName(toOwnerView(copy), copy, (owner) => this.names.nameOf(owner));
  }

  private async load(id: string): Promise<ArtifactDoc> {
    if (!isArtifactId(id)) throw ArtifactException.notFound();
    const doc = await this.artifacts.findLive(id);
    if (!doc) throw ArtifactException.notFound();
    return doc;
  }

  /** As a pinned read answers: 403 as a private artifact, 404 for a version not kept. */
  private async sourceOf(
    doc: ArtifactDoc,
    manages: boolean,
    version: number | undefined,
  ): Promise<SourceVersion> {
    const access = reuseVersion(doc, manages, version);
    if (access === 'private') throw ArtifactException.private();
    if (access === 'current') return { version: doc.version, type: doc.type, content: doc.content };
    const snapshot =
      access === 'earlier' && version !== undefined ? await this.versions.get(doc._id, version) : null;
    if (!snapshot) throw ArtifactException.versionNotFound();
    return { version: snapshot.version, type: snapshot.type, content: snapshot.content };
  }
}
