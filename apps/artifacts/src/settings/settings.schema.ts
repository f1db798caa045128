import { Schema } from 'mongoose';

export const ARTIFACT_SETTINGS_MODEL = 'ArtifactSettings';

/** One owner's artifact settings; no document means the defaults (indexing off). */
export interface ArtifactSettingsDoc {
  /** The owner's user id. */
  _id: string;
  allowIndexing: boolean;
  updatedAt: Date;
}

export const artifactSettingsSchema = new Schema<ArtifactSettingsDoc>(
  {
    _id: { type: String, required: true },
    allowIndexing: { type: Boolean, default: false },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'artifact_settings', versionKey: false },
);
// No secondary index: every read and write is by owner id (_id).
