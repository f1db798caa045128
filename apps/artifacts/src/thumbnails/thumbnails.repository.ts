import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import {
  ARTIFACT_THUMBNAIL_MODEL,
  type ArtifactThumbnailDoc,
  artifactThumbnailId,
} from '@core-vault/artifact-store';
import { type ThumbnailSize } from '@core-vault/contracts';
import { ARTIFACT_MODEL, type ArtifactDoc } from '../artifacts/artifact.schema';

/** What the visibility decision reads of the artifact; nothing else of it is loaded. */
export type ThumbnailSubject = Pick<ArtifactDoc, 'owner' | 'isPublic' | 'version' | 'publishedVersions'>;

export type StoredThumbnail = { status: 'ready'; image: Buffer } | { status: 'pending' | 'failed' } | null;

/** A lean read gives BSON Binary (its bytes in a Uint8Array view), a hydrated one a Buffer. */
function bytes(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  const view = (value as { buffer: Uint8Array }).buffer;
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}

@Injectable()
export class ThumbnailsRepository {
  constructor(
    @InjectModel(ARTIFACT_MODEL) private readonly artifacts: Model<ArtifactDoc>,
    @InjectModel(ARTIFACT_THUMBNAIL_MODEL) private readonly thumbnails: Model<ArtifactThumbnailDoc>,
  ) {}

  findSubject(id: string): Promise<ThumbnailSubject | null> {
    return this.artifacts
      .findOne({ _id: id, deletedAt: null }, { owner: 1, isPublic: 1, version: 1, publishedVersions: 1 })
      .lean<ThumbnailSubject>()
      .exec();
  }

  /** One size of a version's pictures (only that size's bytes are read). */
  async find(id: string, version: number, size: ThumbnailSize): Promise<StoredThumbnail> {
    const doc = await this.thumbnails
      .findOne({ _id: artifactThumbnailId(id, version) }, { status: 1, [size]: 1 })
      .lean<Pick<ArtifactThumbnailDoc, 'status' | 'card' | 'og'>>()
      .exec();
    if (!doc) return null;
    const image = doc[size];
    if (doc.status === 'ready' && image) return { status: 'ready', image: bytes(image) };
    return { status: doc.status === 'failed' ? 'failed' : 'pending' };
  }
}
