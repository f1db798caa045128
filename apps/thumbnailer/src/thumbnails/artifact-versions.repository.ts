import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Connection, type mongo } from 'mongoose';
import {
  ARTIFACT_COLLECTIONS,
  type ArtifactDoc,
  type ArtifactVersionDoc,
  type VersionState,
} from '@core-vault/artifact-store';
import { type RenderableArtifact, toRenderableArtifact } from '@core-vault/contracts';

/** The fields of a version the renderer needs, as the artifacts service stores them. */
const VERSION_FIELDS = {
  title: 1,
  type: 1,
  content: 1,
  rendered: 1,
  renderError: 1,
  securityWarning: 1,
} as const satisfies Record<keyof VersionState, 1>;

type CurrentVersion = Pick<ArtifactDoc, '_id' | 'owner' | 'version' | 'allowNetwork'> & VersionState;

export interface VersionToRender {
  owner: string;
  /** The artifact's current version (thumbnails of pruned ones are dropped). */
  current: number;
  artifact: RenderableArtifact;
}

/** A live artifact's current version, where the backfill's walk stands (last change, then id). */
export interface CurrentVersionRef {
  artifactId: string;
  owner: string;
  version: number;
  updatedAt: Date;
}

/**
 * Reads the artifacts service's collections (the thumbnailer is that context's worker): the
 * artifact, and for an earlier version its snapshot (`artifact_versions`, `${id}:${n}`). Read
 * only, and only the fields a render needs.
 */
@Injectable()
export class ArtifactVersionsRepository {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  private artifacts<T extends { _id: string }>() {
    return this.connection.collection<T>(ARTIFACT_COLLECTIONS.artifacts);
  }

  /** The artifact is still there (not deleted, not erased). */
  async exists(artifactId: string): Promise<boolean> {
    const doc = await this.artifacts<Pick<ArtifactDoc, '_id' | 'deletedAt'>>().findOne(
      { _id: artifactId, deletedAt: null },
      { projection: { _id: 1 } },
    );
    return doc !== null;
  }

  /** Null when the artifact is gone or the version no longer kept: nothing to render. */
  async find(artifactId: string, version: number): Promise<VersionToRender | null> {
    const doc = await this.artifacts<CurrentVersion & Pick<ArtifactDoc, 'deletedAt'>>().findOne(
      { _id: artifactId, deletedAt: null },
      { projection: { ...VERSION_FIELDS, owner: 1, version: 1, allowNetwork: 1 } },
    );
    if (!doc || version > doc.version) return null;
    const source: VersionState | null =
      version === doc.version
        ? doc
        : await this.connection
            .collection<Pick<ArtifactVersionDoc, '_id'> & VersionState>(ARTIFACT_COLLECTIONS.versions)
            .findOne({ _id: `${artifactId}:${version}` }, { projection: VERSION_FIELDS });
    if (!source) return null;
    // The network setting is the artifact's now (the owner's choice applies to every version).
    const artifact = toRenderableArtifact({
      ...source,
      id: artifactId,
      allowNetwork: doc.allowNetwork === true,
    });
    return { owner: doc.owner, current: doc.version, artifact };
  }

  /**
   * The next `limit` live artifacts (neither in the trash nor purged: `deletedAt` null) last
   * changed before `before`, least recently changed first, after `after` — the backfill's walk.
   * Index: the artifacts service's `search_changes` { updatedAt, _id }; each page is its own keyset
   * query (one open cursor over the whole collection is one result in mongo-java-server's heap).
   */
  async liveCurrentVersions(
    before: Date,
    after: Pick<CurrentVersionRef, 'artifactId' | 'updatedAt'> | null,
    limit: number,
  ): Promise<CurrentVersionRef[]> {
    type Row = Pick<ArtifactDoc, '_id' | 'owner' | 'version' | 'updatedAt' | 'deletedAt'>;
    const filter: mongo.Filter<Row> = { deletedAt: null, updatedAt: { $lt: before } };
    if (after)
      filter.$or = [
        { updatedAt: { $gt: after.updatedAt } },
        { updatedAt: after.updatedAt, _id: { $gt: after.artifactId } },
      ];
    const rows = await this.artifacts<Row>()
      .find(filter, { projection: { _id: 1, owner: 1, version: 1, updatedAt: 1 } })
      .sort({ updatedAt: 1, _id: 1 })
      .limit(limit)
      .toArray();
    return rows.map((r) => ({
      artifactId: r._id,
      owner: r.owner,
      version: r.version,
      updatedAt: new Date(r.updatedAt),
    }));
  }
}
