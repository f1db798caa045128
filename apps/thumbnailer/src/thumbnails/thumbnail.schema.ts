import { Schema } from 'mongoose';

export const ARTIFACT_THUMBNAIL_MODEL = 'ArtifactThumbnail';

/**
 * The pictures of one artifact version, written here and read by the artifacts service
 * (apps/artifacts/src/thumbnails/thumbnail.schema.ts keeps the same shape): the artifacts
 * context's two halves of one collection. `_id` is `${artifactId}:${version}`; `ready` once the render
 * is done (no record yet reads as pending), `failed` once its job reached the dead-letter queue.
 */
export interface ArtifactThumbnailDoc {
  _id: string;
  artifactId: string;
  owner: string;
  version: number;
  status: 'pending' | 'ready' | 'failed';
  card?: Buffer | null;
  og?: Buffer | null;
  error?: string | null;
  updatedAt: Date;
}

export const artifactThumbnailSchema = new Schema<ArtifactThumbnailDoc>(
  {
    _id: { type: String, required: true },
    artifactId: { type: String, required: true },
    owner: { type: String, required: true },
    version: { type: Number, required: true },
    status: { type: String, required: true, enum: ['pending', 'ready', 'failed'] },
    card: { type: Buffer, default: null },
    og: { type: Buffer, default: null },
    error: { type: String, default: null },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'artifact_thumbnails', versionKey: false },
);
artifactThumbnailSchema.index({ artifactId: 1, version: -1 });
artifactThumbnailSchema.index({ owner: 1 });
