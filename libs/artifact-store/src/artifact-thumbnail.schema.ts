import { Schema } from 'mongoose';
import { ARTIFACT_COLLECTIONS } from './collections';

export const ARTIFACT_THUMBNAIL_MODEL = 'ArtifactThumbnail';

export const THUMBNAIL_STATUSES = ['pending', 'ready', 'failed'] as const;
export type ThumbnailStatus = (typeof THUMBNAIL_STATUSES)[number];

/**
 * The pictures of one artifact version (ARTIFACT_COLLECTIONS.thumbnails): written by the
 * thumbnailer (apps/thumbnailer, the artifacts context's worker) and read by the artifacts
 * service, which both register this one schema. `_id` is artifactThumbnailId(); `ready` once the
 * render is done (no record yet reads as pending), `failed` once its job reached the dead-letter
 * queue.
 */
export interface ArtifactThumbnailDoc {
  _id: string;
  artifactId: string;
  owner: string;
  version: number;
  status: ThumbnailStatus;
  card?: Buffer | null;
  og?: Buffer | null;
  error?: string | null;
  updatedAt: Date;
}

/** `${artifactId}:${version}`, as artifact_versions keys its snapshots. */
export const artifactThumbnailId = (artifactId: string, version: number): string =>
  `${artifactId}:${version}`;

export const artifactThumbnailSchema = new Schema<ArtifactThumbnailDoc>(
  {
    _id: { type: String, required: true },
    artifactId: { type: String, required: true },
    owner: { type: String, required: true },
    version: { type: Number, required: true },
    status: { type: String, required: true, enum: [...THUMBNAIL_STATUSES] },
    card: { type: Buffer, default: null },
    og: { type: Buffer, default: null },
    error: { type: String, default: null },
    updatedAt: { type: Date, required: true },
  },
  { collection: ARTIFACT_COLLECTIONS.thumbnails, versionKey: false },
);
artifactThumbnailSchema.index({ artifactId: 1, version: -1 });
artifactThumbnailSchema.index({ owner: 1 });
