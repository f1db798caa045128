import { Schema } from 'mongoose';

export const RUNTIME_ENTRY_MODEL = 'ArtifactRuntimeEntry';
export const RUNTIME_STORE_MODEL = 'ArtifactRuntimeStore';
export const RUNTIME_SETTINGS_MODEL = 'ArtifactRuntimeSettings';

/** `''` in userId: the shared store has no user. */
export const SHARED_USER = '';

/** One key of one store: (artifact, scope, user, key) is unique. */
export interface RuntimeEntryDoc {
  artifactId: string;
  scope: 'personal' | 'shared';
  userId: string;
  key: string;
  value: string;
  /** entryBytes(key, value), what the store's counter holds for it. */
  bytes: number;
  /** The artifact's owner when written: erasure of the owner's account finds it without the artifact. */
  owner: string;
  updatedAt: Date;
}

/**
 * The running total of one store (`_id` = `<artifactId>:<scope>:<userId>`): the 20 MB cap is
 * checked and reserved here with one conditional update, so concurrent writes cannot both pass it.
 */
export interface RuntimeStoreDoc {
  _id: string;
  artifactId: string;
  scope: 'personal' | 'shared';
  userId: string;
  owner: string;
  bytes: number;
  keys: number;
}

/** The owner's runtime settings of one artifact (`_id` = artifact id); none means the defaults. */
export interface RuntimeSettingsDoc {
  _id: string;
  owner: string;
  anonymousSharedWrites: boolean;
  aiCalls: boolean;
  updatedAt: Date;
}

export const runtimeEntrySchema = new Schema<RuntimeEntryDoc>(
  {
    artifactId: { type: String, required: true },
    scope: { type: String, required: true },
    userId: { type: String, default: SHARED_USER },
    key: { type: String, required: true },
    value: { type: String, default: '' },
    bytes: { type: Number, required: true },
    owner: { type: String, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'artifact_runtime_entries', versionKey: false },
);
// Every read and write names the store; a list walks one store's keys in order (prefix ranges).
runtimeEntrySchema.index({ artifactId: 1, scope: 1, userId: 1, key: 1 }, { unique: true });
// Account erasure: a user's personal data in anyone's artifacts, and everything in the user's own.
runtimeEntrySchema.index({ userId: 1 });
runtimeEntrySchema.index({ owner: 1 });

export const runtimeStoreSchema = new Schema<RuntimeStoreDoc>(
  {
    _id: { type: String, required: true },
    artifactId: { type: String, required: true },
    scope: { type: String, required: true },
    userId: { type: String, default: SHARED_USER },
    owner: { type: String, required: true },
    bytes: { type: Number, default: 0 },
    keys: { type: Number, default: 0 },
  },
  { collection: 'artifact_runtime_stores', versionKey: false },
);
runtimeStoreSchema.index({ artifactId: 1, scope: 1 });
runtimeStoreSchema.index({ userId: 1 });
runtimeStoreSchema.index({ owner: 1 });

export const runtimeSettingsSchema = new Schema<RuntimeSettingsDoc>(
  {
    _id: { type: String, required: true },
    owner: { type: String, required: true },
    anonymousSharedWrites: { type: Boolean, default: false },
    aiCalls: { type: Boolean, default: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'artifact_runtime_settings', versionKey: false },
);
runtimeSettingsSchema.index({ owner: 1 });
