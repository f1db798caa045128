import {
  type ExportTrailer,
  type ExportedArtifact,
  type ExportedRuntime,
  type ExportedVersion,
  readFrameHeight,
} from '@core-vault/contracts';
import { type ExportSource, type StoredVersion } from './portability.repository';

const iso = (d: Date | string): string => new Date(d).toISOString();

/**
 * The export's NDJSON, written piece by piece so that one version at a time is in memory: an
 * artifact's line is its head (every field, `"versions":[` last), then each version, then the end.
 */
export function exportHead(
  doc: ExportSource,
  collections: readonly string[],
  runtime: ExportedRuntime | null = null,
): string {
  const frameHeight = readFrameHeight(doc.frameHeight);
  const head: ExportedArtifact = {
    id: doc._id,
    title: doc.title,
    description: doc.description ?? '',
    type: doc.type,
    content: doc.content,
    tags: doc.tags,
    isPublic: doc.isPublic,
    allowNetwork: doc.allowNetwork ?? false,
    // Only when pinned: an automatic artifact exports as it always did.
    ...(frameHeight !== null ? { frameHeight } : {}),
    metadata: {
      claudeVersion: doc.metadata.claudeVersion,
      extractedAt: doc.metadata.extractedAt,
      size: doc.metadata.size,
      ...(doc.metadata.source ? { source: doc.metadata.source } : {}),
    },
    viewCount: doc.viewCount ?? 0,
    shareCount: doc.shareCount ?? 0,
    downloadCount: doc.downloadCount ?? 0,
    version: doc.version,
    versionCreatedAt: iso(doc.versionedAt ?? doc.createdAt),
    versionNote: doc.versionInfo?.note ?? null,
    versionAuthor: doc.versionInfo?.author ?? null,
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
    collections: [...collections],
    // Only when there is some: an artifact without runtime data exports as it always did.
    ...(runtime ? { runtime } : {}),
    // Last, and empty: its closing `]}` is cut off so the versions can follow one by one.
    versions: [],
  };
  return JSON.stringify(head).slice(0, -2);
}

/** One earlier version; `published`: anyone may read it while the artifact is public. */
export function exportVersion(v: StoredVersion, first: boolean, published = false): string {
  const version: ExportedVersion = {
    version: v.version,
    title: v.title,
    type: v.type,
    content: v.content,
    createdAt: iso(v.createdAt),
    note: v.note ?? null,
    author: v.author ?? null,
    published,
  };
  return (first ? '' : ',') + JSON.stringify(version);
}

export const EXPORT_ARTIFACT_END = ']}\n';

/** The last line: a reader that does not see it knows the export was cut short. */
export function exportTrailer(count: number, totalViews: number): string {
  const trailer: ExportTrailer = { end: { count, totalViews } };
  return `${JSON.stringify(trailer)}\n`;
}

/** Artifact id → names of the collections holding it, in the collections' order. */
export function collectionNamesById(
  collections: readonly { name: string; artifactIds: readonly string[] }[],
): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const c of collections)
    for (const id of c.artifactIds) {
      const names = byId.get(id) ?? [];
      if (!names.includes(c.name)) names.push(c.name);
      byId.set(id, names);
    }
  return byId;
}
