import { randomUUID } from 'node:crypto';
import { detectArtifactType } from '@core-vault/artifact-detection';
import {
  type ArtifactType,
  type ArtifactTypeInput,
  type AuthUser,
  type CreateArtifactBody,
  normalizeMetadata,
  normalizeTitle,
} from '@core-vault/contracts';
import { RENDER_POLICY_VERSION, renderArtifact } from '../rendering/render';
import { type ArtifactDoc } from './artifact.schema';

/** Characters of content kept lower-cased for search scoring. */
export const SEARCH_HEAD_CHARS = 20_000;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const isArtifactId = (id: string): boolean => ID_PATTERN.test(id);

/** AUTO detects from the content (spec §4); too short to tell means the form's default, HTML. */
export function resolveType(
  input: ArtifactTypeInput,
  content: string,
  current: ArtifactType = 'HTML',
): ArtifactType {
  return input === 'AUTO' ? (detectArtifactType(content) ?? current) : input;
}

export const searchHead = (content: string): string => content.slice(0, SEARCH_HEAD_CHARS).toLowerCase();

/**
 * A new artifact owned by the caller (identity from the token only), rendered once. `indexing`:
 * whether the owner allows search-engine indexing (their setting, copied onto the artifact).
 */
export function newArtifact(
  user: AuthUser,
  body: CreateArtifactBody,
  now = new Date(),
  indexing = false,
): ArtifactDoc {
  const type = resolveType(body.type, body.content);
  const title = normalizeTitle(body.title);
  return {
    _id: randomUUID(),
    owner: user.id,
    title,
    titleLower: title.toLowerCase(),
    type,
    content: body.content,
    ...renderArtifact(type, body.content),
    renderPolicy: RENDER_POLICY_VERSION,
    metadata: normalizeMetadata(body.metadata, body.content, now),
    description: body.description ?? '',
    isPublic: body.isPublic ?? false,
    allowNetwork: body.allowNetwork ?? false,
    tags: body.tags ?? [],
    version: 1,
    versionedAt: now,
    versionInfo: { author: user.id, note: null, restoredFrom: null },
    // Made public: its first version is published; made private: nothing is until it is public.
    publishedVersions: body.isPublic ? [1] : [],
    indexing,
    activity: [{ at: now, by: user.id, kind: 'created', fields: [], version: 1 }],
    rev: 1,
    viewCount: 0,
    shareCount: 0,
    downloadCount: 0,
    searchHead: searchHead(body.content),
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}
