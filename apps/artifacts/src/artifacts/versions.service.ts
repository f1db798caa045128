import { Injectable } from '@nestjs/common';
import { type ActivityEntry, type AuthUser } from '@core-vault/contracts';
import { type ArtifactDoc, type VersionInfo } from './artifact.schema';
import { ArtifactException } from './artifacts.exception';
import { ArtifactsRepository } from './artifacts.repository';
import { ArtifactsService } from './artifacts.service';
import { isPublished } from './version-visibility';
import { VersionsRepository } from './versions.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Author, note and origin as the API shows them (null for versions from before #18). */
const infoOf = (info: VersionInfo | undefined) => ({
  note: info?.note ?? null,
  author: info?.author ?? null,
  restoredFrom: info?.restoredFrom ?? null,
});

/** The current version as its summary (published: it has been public; it is while the artifact is). */
const currentOf = (doc: ArtifactDoc) => ({
  version: doc.version,
  title: doc.title,
  type: doc.type,
  size: doc.content.length,
  createdAt: iso(doc.versionedAt ?? doc.createdAt),
  current: true,
  ...infoOf(doc.versionInfo),
  published: doc.isPublic || isPublished(doc, doc.version),
});

/**
 * History reads (owner or admin only: anyone else gets 403 whatever the artifact's visibility, so
 * nothing here tells a visitor which versions exist): versions, each saying whether it is
 * published, and activity. Restore is a write (ArtifactEditsService).
 */
@Injectable()
export class VersionsService {
  constructor(
    private readonly access: ArtifactsService,
    private readonly artifacts: ArtifactsRepository,
    private readonly versions: VersionsRepository,
  ) {}

  async list(user: AuthUser, id: string) {
    const doc = await this.access.loadManageable(user, id);
    const previous = await this.versions.list(doc._id);
    return {
      versions: [
        currentOf(doc),
        ...previous.map((v) => ({
          version: v.version,
          title: v.title,
          type: v.type,
          size: v.size,
          createdAt: iso(v.createdAt),
          current: false,
          ...infoOf(v),
          published: isPublished(doc, v.version),
        })),
      ],
    };
  }

  async get(user: AuthUser, id: string, versionParam: string) {
    const doc = await this.access.loadManageable(user, id);
    const version = /^[1-9][0-9]{0,8}$/.test(versionParam) ? Number(versionParam) : null;
    if (version === doc.version)
      return {
        version: {
          ...currentOf(doc),
          content: doc.content,
          rendered: doc.rendered ?? null,
          renderError: doc.renderError ?? null,
          securityWarning: doc.securityWarning ?? null,
        },
      };
    const state = version === null ? null : await this.versions.get(doc._id, version);
    if (!state) throw ArtifactException.versionNotFound();
    return {
      version: {
        version: state.version,
        title: state.title,
        type: state.type,
        size: state.size,
        createdAt: iso(state.createdAt),
        current: false,
        ...infoOf(state),
        published: isPublished(doc, state.version),
        content: state.content,
        rendered: state.rendered ?? null,
        renderError: state.renderError ?? null,
        securityWarning: state.securityWarning ?? null,
      },
    };
  }

  /** What changed, newest first (the artifact keeps the newest ARTIFACT_LIMITS.activityKept). */
  async activity(user: AuthUser, id: string): Promise<{ activity: ActivityEntry[] }> {
    const doc = await this.access.loadManageable(user, id);
    const entries = (await this.artifacts.findActivity(doc._id)) ?? [];
    return {
      activity: entries
        .map((e) => ({
          at: iso(e.at),
          by: e.by ?? null,
          kind: e.kind,
          fields: e.fields,
          version: e.version ?? null,
        }))
        .reverse(),
    };
  }
}
