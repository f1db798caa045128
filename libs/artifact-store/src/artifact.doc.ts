import { type ActivityKind, type ArtifactMetadata, type ArtifactType } from '@core-vault/contracts';
import { type OutboxFields } from '@core-vault/platform';

/** The renderable state of one version: source plus what was derived from it at write time. */
export interface VersionState {
  title: string;
  type: ArtifactType;
  content: string;
  rendered: string | null;
  renderError: string | null;
  securityWarning: string | null;
}

/** Who made a content version and why; copied into the snapshot when the version is archived. */
export interface VersionInfo {
  /** User id of the author (absent on versions from before #18). */
  author?: string | null;
  /** The owner's note, or 'Restored from version N'. */
  note?: string | null;
  restoredFrom?: number | null;
}

/** One entry of an artifact's activity list (see `activity` on ArtifactDoc). */
export interface ActivityEntryDoc {
  at: Date;
  by: string | null;
  kind: ActivityKind;
  fields: string[];
  version: number | null;
}

/** Where a copy came from, as it was when the copy was made. */
export interface RemixOriginDoc {
  artifactId: string;
  title: string;
  /** The original's owner: their display name is looked up when the copy is read (owner_names). */
  ownerId: string;
  version: number;
}

/**
 * A document of `artifacts` (ARTIFACT_COLLECTIONS.artifacts). Its mongoose schema, indexes and
 * outbox plugin are the artifacts service's (apps/artifacts/src/artifacts/artifact.schema.ts).
 */
export interface ArtifactDoc extends VersionState, OutboxFields {
  _id: string;
  owner: string;
  /** Lower-cased title: the server has no collation, so Title A-Z sorts on this. */
  titleLower: string;
  metadata: ArtifactMetadata;
  /** Markdown-lite description (absent on artifacts from before #18: ''). */
  description?: string;
  isPublic: boolean;
  /** RENDER_POLICY_VERSION the stored form was made with (absent: before version 2). */
  renderPolicy?: number;
  /** Outbound network allowed by the owner (absent on artifacts from before: false). */
  allowNetwork?: boolean;
  /** Visitors may save a copy of it (the owner's setting; absent on artifacts from before: true). */
  allowRemix?: boolean;
  /** The owner's frame height: 'viewport' or px (frame-height.ts); absent or null: automatic. */
  frameHeight?: number | 'viewport' | null;
  /** The original this artifact is a copy of ("Remixed from"); absent when it is none. */
  remixedFrom?: RemixOriginDoc | null;
  tags: string[];
  /** Content version (content or type changes), 1 at creation; previous ones live in artifact_versions. */
  version: number;
  /** When the current version was made. */
  versionedAt: Date;
  /** Author, note and origin of the current version. */
  versionInfo?: VersionInfo;
  /**
   * The content versions anyone may read while the artifact is public, ascending (#32): those
   * that were current while it was public and those its owner published; kept versions only.
   * Absent on artifacts stored before: see publishedVersions() in version-visibility.ts.
   */
  publishedVersions?: number[];
  /**
   * The owner allows search-engine indexing (their artifact setting, copied onto each artifact
   * so the sitemap is one indexed query and a public read needs no second lookup).
   */
  indexing?: boolean;
  /**
   * What changed, oldest first, capped at ARTIFACT_LIMITS.activityKept. Embedded rather than a
   * collection of its own: each entry is written by the very single-document update that makes
   * the change (with its events), so the list can never disagree with the artifact, and it
   * goes with the artifact on delete and erasure. 200 entries of ~100 bytes stay far below the
   * document limit; reads that do not need it leave it out (projections).
   */
  activity?: ActivityEntryDoc[];
  /** Bumped by every change a reader can see: optimistic concurrency and cache revision. */
  rev: number;
  viewCount: number;
  shareCount: number;
  downloadCount: number;
  /** Copies visitors saved (absent on artifacts from before: 0); see RemixCountConsumer. */
  remixCount?: number;
  /** Lower-cased head of the content, for scoring search hits without loading whole contents. */
  searchHead: string;
  /**
   * Soft delete: set when the artifact moves to the trash, which hides it from every read. The
   * document stays after the purge too (content erased) until the relay has published its
   * deleted event.
   */
  deletedAt: Date | null;
  /**
   * In the trash: when it is deleted for good (trash/). Null once purged, and on artifacts deleted
   * before the trash existed (#36.2): those are not in the trash and cannot be restored.
   */
  purgeAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A previous version, kept when content or type changes (ARTIFACT_COLLECTIONS.versions).
 * _id is `${artifactId}:${version}`.
 */
export interface ArtifactVersionDoc extends VersionState, VersionInfo {
  _id: string;
  artifactId: string;
  version: number;
  size: number;
  /** When this version became current (the artifact's updatedAt at the time). */
  createdAt: Date;
  /** When it stopped being current. */
  archivedAt: Date;
}
