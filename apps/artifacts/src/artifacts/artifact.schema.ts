import { Schema } from 'mongoose';
import { ARTIFACT_COLLECTIONS, type ArtifactDoc, type ArtifactVersionDoc } from '@core-vault/artifact-store';
import { appliedEventsField, outboxPlugin } from '@core-vault/platform';
import { LIST_INDEXES } from './list-order';

// The document types are the artifacts context's store (libs/artifact-store), shared with the
// thumbnailer; the schemas, indexes and the outbox plugin are this service's.
export type {
  ActivityEntryDoc,
  ArtifactDoc,
  ArtifactVersionDoc,
  RemixOriginDoc,
  VersionInfo,
  VersionState,
} from '@core-vault/artifact-store';

export const ARTIFACT_MODEL = 'Artifact';
export const ARTIFACT_VERSION_MODEL = 'ArtifactVersion';

const versionInfoFields = {
  author: { type: String, default: null },
  note: { type: String, default: null },
  restoredFrom: { type: Number, default: null },
};

const versionStateFields = {
  title: { type: String, required: true },
  type: { type: String, required: true },
  content: { type: String, default: '' },
  rendered: { type: String, default: null },
  renderError: { type: String, default: null },
  securityWarning: { type: String, default: null },
};

export const artifactSchema = new Schema<ArtifactDoc>(
  {
    _id: { type: String, required: true },
    owner: { type: String, required: true },
    ...versionStateFields,
    titleLower: { type: String, required: true },
    metadata: {
      claudeVersion: String,
      extractedAt: String,
      size: Number,
      // The capture's provenance (normalizeSource bounds it); absent for uploads.
      source: { type: Schema.Types.Mixed, default: undefined },
    },
    description: { type: String, default: '' },
    isPublic: { type: Boolean, default: false },
    allowNetwork: { type: Boolean, default: false },
    // No default: absent means copies are allowed (artifacts stored before #35).
    allowRemix: { type: Boolean, default: undefined },
    // A number or 'viewport' (validated by the API); no default: absent means automatic.
    frameHeight: { type: Schema.Types.Mixed, default: undefined },
    remixedFrom: {
      type: new Schema(
        {
          artifactId: { type: String, required: true },
          title: { type: String, required: true },
          ownerId: { type: String, required: true },
          version: { type: Number, required: true },
        },
        { _id: false },
      ),
      default: undefined,
    },
    renderPolicy: { type: Number },
    tags: { type: [String], default: [] },
    version: { type: Number, required: true, min: 1 },
    versionedAt: { type: Date, required: true },
    versionInfo: { type: new Schema(versionInfoFields, { _id: false }), default: undefined },
    // No default: absent means "stored before #32" (version-visibility.ts), never an empty list.
    publishedVersions: { type: [Number], default: undefined },
    indexing: { type: Boolean, default: false },
    activity: {
      type: [
        new Schema(
          {
            at: { type: Date, required: true },
            by: { type: String, default: null },
            kind: { type: String, required: true },
            fields: { type: [String], default: [] },
            version: { type: Number, default: null },
          },
          { _id: false },
        ),
      ],
      default: undefined,
    },
    rev: { type: Number, required: true, min: 1 },
    viewCount: { type: Number, default: 0 },
    shareCount: { type: Number, default: 0 },
    downloadCount: { type: Number, default: 0 },
    remixCount: { type: Number, default: 0 },
    searchHead: { type: String, default: '' },
    deletedAt: { type: Date, default: null },
    purgeAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    ...appliedEventsField,
  },
  { collection: ARTIFACT_COLLECTIONS.artifacts, versionKey: false },
);
artifactSchema.plugin(outboxPlugin);
// List mine, the five sorts (LIST_ORDERS in list-order.ts says which index serves which sort;
// the repository's list() names them). owner ∈ {id, migratedFromUserId}, not deleted, then the
// sort keys with the _id tie-break, so keyset cursors continue from an index position.
for (const [name, keys] of Object.entries(LIST_INDEXES)) artifactSchema.index(keys, { name });
// Search candidates: the owner's artifacts, newest changed first.
artifactSchema.index({ owner: 1, deletedAt: 1, updatedAt: -1 });
// The search read model's fills and catch-ups walk every artifact by last change (keyset).
artifactSchema.index({ updatedAt: 1, _id: 1 }, { name: 'search_changes' });
// The trash: one owner's, most recently deleted first; the purge job's due ones.
artifactSchema.index({ owner: 1, purgeAt: 1, deletedAt: -1 }, { name: 'trash_list' });
artifactSchema.index({ purgeAt: 1 }, { name: 'trash_due' });
// Sitemap: public artifacts of owners who allow indexing, newest changed first.
artifactSchema.index({ isPublic: 1, indexing: 1, deletedAt: 1, updatedAt: -1 });

export const artifactVersionSchema = new Schema<ArtifactVersionDoc>(
  {
    _id: { type: String, required: true },
    artifactId: { type: String, required: true },
    version: { type: Number, required: true },
    ...versionStateFields,
    size: { type: Number, required: true },
    ...versionInfoFields,
    createdAt: { type: Date, required: true },
    archivedAt: { type: Date, required: true },
  },
  { collection: ARTIFACT_COLLECTIONS.versions, versionKey: false },
);
// Version list of one artifact, newest first; pruning the oldest beyond the kept count.
artifactVersionSchema.index({ artifactId: 1, version: -1 });
