import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import {
  ARTIFACT_THUMBNAIL_MODEL,
  type ArtifactThumbnailDoc,
  artifactThumbnailId as key,
} from '@core-vault/artifact-store';

/** The pictures of artifact versions (the artifacts service serves them). */
@Injectable()
export class ThumbnailsRepository {
  constructor(@InjectModel(ARTIFACT_THUMBNAIL_MODEL) private readonly model: Model<ArtifactThumbnailDoc>) {}

  async storeReady(
    artifactId: string,
    owner: string,
    version: number,
    images: { card: Buffer; og: Buffer },
    now: Date,
  ): Promise<void> {
    await this.model.updateOne(
      { _id: key(artifactId, version) },
      { $set: { artifactId, owner, version, status: 'ready', ...images, error: null, updatedAt: now } },
      { upsert: true },
    );
  }

  /** The job went to the dead-letter queue: the app shows its placeholder for good. */
  async markFailed(
    artifactId: string,
    owner: string,
    version: number,
    error: string,
    now: Date,
  ): Promise<void> {
    await this.model.updateOne(
      { _id: key(artifactId, version), status: { $ne: 'ready' } },
      { $set: { artifactId, owner, version, status: 'failed', error: error.slice(0, 500), updatedAt: now } },
      { upsert: true },
    );
  }

  async status(artifactId: string, version: number): Promise<ArtifactThumbnailDoc['status'] | null> {
    const doc = await this.model
      .findOne({ _id: key(artifactId, version) }, { status: 1 })
      .lean<Pick<ArtifactThumbnailDoc, 'status'>>()
      .exec();
    return doc?.status ?? null;
  }

  /** Which of these versions have a record, whatever its status (their `_id`s). */
  async recordedVersions(versions: readonly { artifactId: string; version: number }[]): Promise<Set<string>> {
    if (versions.length === 0) return new Set();
    const docs = await this.model
      .find({ _id: { $in: versions.map((v) => key(v.artifactId, v.version)) } }, { _id: 1 })
      .lean<Pick<ArtifactThumbnailDoc, '_id'>[]>()
      .exec();
    return new Set(docs.map((d) => d._id));
  }

  /** Pictures of versions older than `oldest` (pruned by the artifacts service). */
  async pruneBefore(artifactId: string, oldest: number): Promise<void> {
    await this.model.deleteMany({ artifactId, version: { $lt: oldest } });
  }

  async removeArtifact(artifactId: string): Promise<number> {
    return (await this.model.deleteMany({ artifactId })).deletedCount;
  }

  async removeOwner(owner: string): Promise<number> {
    return (await this.model.deleteMany({ owner })).deletedCount;
  }
}
