import {
  type Artifact,
  type ArtifactMetadata,
  type ArtifactSummary,
  type PublicArtifact,
  readFrameHeight,
} from '@core-vault/contracts';
import { type ArtifactDoc, type ArtifactVersionDoc } from './artifact.schema';
import { type ArtifactSummaryDoc } from './artifacts.repository';

const iso = (d: Date | string): string => new Date(d).toISOString();

/** Search engines may index it: public, and its owner allows indexing (their setting). */
const indexable = (doc: Pick<ArtifactDoc, 'isPublic' | 'indexing'>): boolean =>
  doc.isPublic && doc.indexing === true;

/**
 * A read pinned to an earlier content version (`?v=N`): that version's type, content and stored
 * form (`rendering`, made under today's policy by the caller); title, description, tags and
 * everything else as they are now.
 */
export function pinTo<T extends PublicArtifact>(
  view: T,
  snapshot: Pick<ArtifactVersionDoc, 'type' | 'content' | 'size' | 'version'>,
  rendering: Pick<PublicArtifact, 'rendered' | 'renderError' | 'securityWarning'>,
): T {
  return {
    ...view,
    type: snapshot.type,
    content: snapshot.content,
    rendered: rendering.rendered,
    renderError: rendering.renderError,
    securityWarning: rendering.securityWarning,
    metadata: { ...view.metadata, size: snapshot.size },
    version: snapshot.version,
  };
}

/** What anyone may see of a public artifact: no owner, no counters. */
export function toPublicView(doc: ArtifactDoc): PublicArtifact {
  return {
    id: doc._id,
    title: doc.title,
    description: doc.description ?? '',
    type: doc.type,
    content: doc.content,
    rendered: doc.rendered ?? null,
    renderError: doc.renderError ?? null,
    securityWarning: doc.securityWarning ?? null,
    metadata: metadataView(doc.metadata, false),
    isPublic: doc.isPublic,
    allowNetwork: doc.allowNetwork ?? false,
    ...reuseFields(doc),
    frameHeight: readFrameHeight(doc.frameHeight),
    tags: doc.tags,
    version: doc.version,
    latestVersion: doc.version,
    revision: doc.rev,
    indexable: indexable(doc),
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
  };
}

/** Whether visitors may save a copy, and what this one is a copy of. */
function reuseFields(doc: Pick<ArtifactDoc, 'allowRemix' | 'remixedFrom'>) {
  const from = doc.remixedFrom;
  return {
    allowRemix: doc.allowRemix !== false,
    remixedFrom: from
      ? {
          artifactId: from.artifactId,
          title: from.title,
          // Filled in by the reads that answer it (withOwnerName): names change, copies do not.
          ownerName: null,
          version: from.version,
        }
      : null,
  };
}

/** The owner's (or an admin's) view. */
export function toOwnerView(doc: ArtifactDoc): Artifact {
  return {
    ...toPublicView(doc),
    metadata: metadataView(doc.metadata, true),
    owner: doc.owner,
    viewCount: doc.viewCount ?? 0,
    shareCount: doc.shareCount ?? 0,
    downloadCount: doc.downloadCount ?? 0,
    remixCount: doc.remixCount ?? 0,
  };
}

export function toSummary(doc: ArtifactSummaryDoc): ArtifactSummary {
  return {
    id: doc._id,
    title: doc.title,
    description: doc.description ?? '',
    type: doc.type,
    metadata: metadataView(doc.metadata, true),
    isPublic: doc.isPublic,
    allowNetwork: doc.allowNetwork ?? false,
    ...reuseFields(doc),
    frameHeight: readFrameHeight(doc.frameHeight),
    tags: doc.tags,
    version: doc.version,
    latestVersion: doc.version,
    revision: doc.rev,
    indexable: indexable(doc),
    owner: doc.owner,
    viewCount: doc.viewCount ?? 0,
    shareCount: doc.shareCount ?? 0,
    downloadCount: doc.downloadCount ?? 0,
    remixCount: doc.remixCount ?? 0,
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
  };
}

/**
 * The stored metadata as answered. The capture's page address (a chat's own URL) is the owner's:
 * a visitor of a public artifact sees where it was made, not the conversation's link.
 */
function metadataView(metadata: ArtifactMetadata, withPageUrl: boolean): ArtifactMetadata {
  const { claudeVersion, extractedAt, size, source } = metadata;
  if (!source) return { claudeVersion, extractedAt, size };
  const { url, ...rest } = source;
  return { claudeVersion, extractedAt, size, source: withPageUrl && url ? { ...rest, url } : rest };
}

/** The view with the original owner's display name on its "Remixed from" (null when unknown). */
export async function withOwnerName<T extends PublicArtifact>(
  view: T,
  doc: Pick<ArtifactDoc, 'remixedFrom'>,
  nameOf: (userId: string) => Promise<string | null>,
): Promise<T> {
  const from = doc.remixedFrom;
  if (!from || !view.remixedFrom) return view;
  return { ...view, remixedFrom: { ...view.remixedFrom, ownerName: await nameOf(from.ownerId) } };
}
