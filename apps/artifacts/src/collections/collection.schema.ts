import { Schema } from 'mongoose';

export const COLLECTION_MODEL = 'Collection';

export interface CollectionDoc {
  _id: string;
  owner: string;
  name: string;
  /** In the order added; bounded (ARTIFACT_LIMITS.collectionArtifactsMax). */
  artifactIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

export const collectionSchema = new Schema<CollectionDoc>(
  {
    _id: { type: String, required: true },
    owner: { type: String, required: true },
    name: { type: String, required: true },
    artifactIds: { type: [String], default: [] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'collections', versionKey: false },
);
// The owner's collections, newest first (and counting them against the per-user cap).
collectionSchema.index({ owner: 1, createdAt: -1 });
// Removing a deleted artifact from every collection that holds it.
collectionSchema.index({ artifactIds: 1 });
