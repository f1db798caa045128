import { type Artifact, type ArtifactSummary, type PublicArtifact } from '@core-vault/contracts';
import { type ArtifactDoc } from './artifact.schema';
import { type ArtifactSummaryDoc } from './artifacts.repository';

const iso = (d: Date | string): string => new Date(d).toISOString();

/** What anyone may see of a public artifact: no owner, no counters. */
export function toPublicView(doc: ArtifactDoc): PublicArtifact {
  return {
    id: doc._id,
    title: doc.title,
    type: doc.type,
    content: doc.content,
    rendered: doc.rendered ?? null,
    renderError: doc.renderError ?? null,
    securityWarning: doc.securityWarning ?? null,
    metadata: {
      claudeVersion: doc.metadata.claudeVersion,
      extractedAt: doc.metadata.extractedAt,
      size: doc.metadata.size,
    },
    isPublic: doc.isPublic,
    allowNetwork: doc.allowNetwork ?? false,
    tags: doc.tags,
    version: doc.version,
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
  };
}

/** The owner's (or an admin's) view. */
export function toOwnerView(doc: ArtifactDoc): Artifact {
  return {
    ...toPublicView(doc),
    owner: doc.owner,
    viewCount: doc.viewCount ?? 0,
    shareCount: doc.shareCount ?? 0,
    downloadCount: doc.downloadCount ?? 0,
  };
}

export function toSummary(doc: ArtifactSummaryDoc): ArtifactSummary {
  return {
    id: doc._id,
    title: doc.title,
    type: doc.type,
    metadata: {
      claudeVersion: doc.metadata.claudeVersion,
      extractedAt: doc.metadata.extractedAt,
      size: doc.metadata.size,
    },
    isPublic: doc.isPublic,
    allowNetwork: doc.allowNetwork ?? false,
    tags: doc.tags,
    version: doc.version,
    owner: doc.owner,
    viewCount: doc.viewCount ?? 0,
    shareCount: doc.shareCount ?? 0,
    downloadCount: doc.downloadCount ?? 0,
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
  };
}
