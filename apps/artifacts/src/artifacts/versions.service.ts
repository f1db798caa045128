import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@core-vault/contracts';
import { ArtifactException } from './artifacts.exception';
import { ArtifactsService } from './artifacts.service';
import { VersionsRepository } from './versions.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Version history reads (owner or admin only); restore is a write in ArtifactsService. */
@Injectable()
export class VersionsService {
  constructor(
    private readonly artifacts: ArtifactsService,
    private readonly versions: VersionsRepository,
  ) {}

  async list(user: AuthUser, id: string) {
    const doc = await this.artifacts.loadManageable(user, id);
    const previous = await this.versions.list(doc._id);
    const current = {
      version: doc.version,
      title: doc.title,
      type: doc.type,
      size: doc.content.length,
      createdAt: iso(doc.versionedAt ?? doc.createdAt),
      current: true,
    };
    return {
      versions: [
        current,
        ...previous.map((v) => ({
          version: v.version,
          title: v.title,
          type: v.type,
          size: v.size,
          createdAt: iso(v.createdAt),
          current: false,
        })),
      ],
    };
  }

  async get(user: AuthUser, id: string, versionParam: string) {
    const doc = await this.artifacts.loadManageable(user, id);
    const version = /^[1-9][0-9]{0,8}$/.test(versionParam) ? Number(versionParam) : null;
    const state =
      version === doc.version
        ? { ...doc, size: doc.content.length, createdAt: doc.versionedAt ?? doc.createdAt }
        : version === null
          ? null
          : await this.versions.get(doc._id, version);
    if (!state) throw ArtifactException.versionNotFound();
    return {
      version: {
        version: version as number,
        title: state.title,
        type: state.type,
        size: state.size,
        createdAt: iso(state.createdAt),
        current: version === doc.version,
        content: state.content,
        rendered: state.rendered ?? null,
        renderError: state.renderError ?? null,
        securityWarning: state.securityWarning ?? null,
      },
    };
  }
}
