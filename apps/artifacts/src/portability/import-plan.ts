import { randomUUID } from 'node:crypto';
import { type AuthUser, type ImportArtifact, normalizeMetadata, normalizeTitle } from '@core-vault/contracts';
import { RENDER_POLICY_VERSION, renderArtifact } from '../rendering/render';
import { searchHead } from '../artifacts/artifact-state';
import { nextPublishedVersions } from '../artifacts/version-visibility';
import { versionId } from '../artifacts/versions.repository';
import { type StoredArtifact, type StoredVersion } from './portability.repository';

export interface ImportPlan {
  artifact: StoredArtifact;
  versions: StoredVersion[];
  omittedVersions: number;
}

const render = (type: StoredArtifact['type'], content: string) => {
  const r = renderArtifact(type, content);
  return {
    rendered: r.rendered ?? null,
    renderError: r.renderError ?? null,
    securityWarning: r.securityWarning ?? null,
  };
};

/**
 * What an exported artifact becomes in the importing account: a new id, the caller as owner and
 * author, counters at zero, visibility and tags as exported (the versions published there stay
 * published, no others), every version (numbers, dates and notes kept) rendered again by today's pipeline exactly as a new upload would be. `indexing`:
 * whether the caller allows search-engine indexing (copied onto each artifact, as on create).
 */
export function planImport(
  user: AuthUser,
  item: ImportArtifact,
  indexing: boolean,
  now = new Date(),
): ImportPlan {
  const id = randomUUID();
  const earlier = item.versions ?? [];
  const current = item.version ?? (earlier.at(-1)?.version ?? 0) + 1;
  const createdAt = item.createdAt ? new Date(item.createdAt) : now;
  const updatedAt = item.updatedAt ? new Date(item.updatedAt) : createdAt;
  const versionedAt = item.versionCreatedAt ? new Date(item.versionCreatedAt) : updatedAt;
  const versions = earlier.map((v, i): StoredVersion => {
    const next = earlier[i + 1];
    return {
      _id: versionId(id, v.version),
      artifactId: id,
      version: v.version,
      title: normalizeTitle(v.title),
      type: v.type,
      content: v.content,
      ...render(v.type, v.content),
      size: v.content.length,
      createdAt: new Date(v.createdAt),
      // It stopped being current when the next one was made.
      archivedAt: next ? new Date(next.createdAt) : versionedAt,
      note: v.note ?? null,
      author: user.id,
      restoredFrom: null,
    };
  });
  const title = normalizeTitle(item.title);
  const isPublic = item.isPublic ?? false;
  // Published as in the exported account; older exports say nothing, so only the current one
  // (when public): versions saved while it was private never become public by an import.
  const published = nextPublishedVersions(
    {
      isPublic: false,
      version: current,
      publishedVersions: earlier.filter((v) => v.published).map((v) => v.version),
    },
    { isPublic, version: current },
  );
  const artifact: StoredArtifact = {
    _id: id,
    owner: user.id,
    title,
    titleLower: title.toLowerCase(),
    description: item.description ?? '',
    type: item.type,
    content: item.content,
    ...render(item.type, item.content),
    renderPolicy: RENDER_POLICY_VERSION,
    metadata: normalizeMetadata(item.metadata, item.content, createdAt),
    isPublic,
    allowNetwork: item.allowNetwork ?? false,
    ...(item.frameHeight !== undefined && item.frameHeight !== null ? { frameHeight: item.frameHeight } : {}),
    tags: item.tags ?? [],
    version: current,
    versionedAt,
    versionInfo: { author: user.id, note: item.versionNote ?? null, restoredFrom: null },
    publishedVersions: published,
    // The importing owner's search-engine setting, as for an upload.
    indexing,
    // Its history starts where the file's does; the versions carry the rest.
    activity: [
      { at: createdAt, by: user.id, kind: 'created', fields: [], version: earlier[0]?.version ?? current },
    ],
    rev: 1,
    viewCount: 0,
    shareCount: 0,
    downloadCount: 0,
    searchHead: searchHead(item.content),
    deletedAt: null,
    createdAt,
    updatedAt,
  };
  return { artifact, versions, omittedVersions: item.omittedVersions ?? 0 };
}
