import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ARTIFACT_VERSION_MODEL, type ArtifactVersionDoc } from './artifact.schema';

export type VersionSummaryDoc = Omit<
  ArtifactVersionDoc,
  'content' | 'rendered' | 'renderError' | 'securityWarning'
>;

export const versionId = (artifactId: string, version: number): string => `${artifactId}:${version}`;

/** The only place that touches artifact_versions. */
@Injectable()
export class VersionsRepository {
  constructor(@InjectModel(ARTIFACT_VERSION_MODEL) private readonly model: Model<ArtifactVersionDoc>) {}

  /**
   * Idempotent (keyed by artifact and version): written before the artifact moves past that
   * version, so a crash in between leaves only a harmless copy of the still-current version.
   */
  async keep(snapshot: ArtifactVersionDoc): Promise<void> {
    await this.model.updateOne({ _id: snapshot._id }, { $setOnInsert: snapshot }, { upsert: true }).exec();
  }

  list(artifactId: string): Promise<VersionSummaryDoc[]> {
    return this.model
      .find({ artifactId }, { content: 0, rendered: 0, renderError: 0, securityWarning: 0 })
      .sort({ version: -1 })
      .lean<VersionSummaryDoc[]>()
      .exec();
  }

  get(artifactId: string, version: number): Promise<ArtifactVersionDoc | null> {
    return this.model.findById(versionId(artifactId, version)).lean<ArtifactVersionDoc>().exec();
  }

  /** Drops the oldest versions beyond `keep` (bounded history per artifact). */
  async prune(artifactId: string, currentVersion: number, keep: number): Promise<void> {
    await this.model.deleteMany({ artifactId, version: { $lte: currentVersion - 1 - keep } }).exec();
  }

  async removeAll(artifactId: string): Promise<void> {
    await this.model.deleteMany({ artifactId }).exec();
  }
}
