import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Connection } from 'mongoose';
import { type RenderableArtifact, toRenderableArtifact } from '@core-vault/contracts';

/** The fields of a version the renderer needs, as the artifacts service stores them. */
interface StoredVersion {
  title: string;
  type: string;
  content: string;
  rendered: string | null;
  renderError: string | null;
  securityWarning: string | null;
}

interface StoredArtifact extends StoredVersion {
  owner: string;
  version: number;
  allowNetwork?: boolean;
}

export interface VersionToRender {
  owner: string;
  /** The artifact's current version (thumbnails of pruned ones are dropped). */
  current: number;
  artifact: RenderableArtifact;
}

/**
 * Reads the artifacts service's collections (the thumbnailer is that context's worker): the
 * artifact, and for an earlier version its snapshot (`artifact_versions`, `${id}:${n}`). Read
 * only, and only the fields a render needs.
 */
@Injectable()
export class ArtifactVersionsRepository {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** The artifact is still there (not deleted, not erased). */
  async exists(artifactId: string): Promise<boolean> {
    const doc = await this.connection
      .collection<{ _id: string }>('artifacts')
      .findOne({ _id: artifactId, deletedAt: null }, { projection: { _id: 1 } });
    return doc !== null;
  }

  /** Null when the artifact is gone or the version no longer kept: nothing to render. */
  async find(artifactId: string, version: number): Promise<VersionToRender | null> {
    const fields = { title: 1, type: 1, content: 1, rendered: 1, renderError: 1, securityWarning: 1 };
    const doc = await this.connection
      .collection<StoredArtifact & { _id: string }>('artifacts')
      .findOne(
        { _id: artifactId, deletedAt: null },
        { projection: { ...fields, owner: 1, version: 1, allowNetwork: 1 } },
      );
    if (!doc || version > doc.version) return null;
    const source: StoredVersion | null =
      version === doc.version
        ? doc
        : await this.connection
            .collection<StoredVersion & { _id: string }>('artifact_versions')
            .findOne({ _id: `${artifactId}:${version}` }, { projection: fields });
    if (!source) return null;
    // The network setting is the artifact's now (the owner's choice applies to every version).
    const artifact = toRenderableArtifact({
      ...source,
      id: artifactId,
      allowNetwork: doc.allowNetwork === true,
    });
    return { owner: doc.owner, current: doc.version, artifact };
  }
}
