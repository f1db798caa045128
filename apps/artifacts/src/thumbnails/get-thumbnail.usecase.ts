import { Injectable } from '@nestjs/common';
import { type AuthUser, THUMBNAIL_SIZES, type ThumbnailSize } from '@core-vault/contracts';
import { canManage } from '../artifacts/artifact-access';
import { isArtifactId } from '../artifacts/artifact-state';
import { ArtifactException } from '../artifacts/artifacts.exception';
import { pinnedRead } from '../artifacts/version-visibility';
import { ThumbnailException } from './thumbnails.exception';
import { ThumbnailsRepository } from './thumbnails.repository';

export interface ServedThumbnail {
  image: Buffer;
  mediaType: string;
  /** Strong: a version's picture never changes once made. */
  etag: string;
  visibility: 'public' | 'private';
}

/**
 * A version's picture, read exactly as the artifact is (artifact-reads.service.ts): a private
 * artifact only by its owner (403 to anyone else), an unpublished earlier version of a public one
 * only by its owner; then 404 THUMBNAIL_PENDING until the thumbnailer has made it.
 */
@Injectable()
export class GetThumbnailUseCase {
  constructor(private readonly repository: ThumbnailsRepository) {}

  async execute(
    id: string,
    user: AuthUser | null,
    size: ThumbnailSize,
    pinned?: number,
  ): Promise<ServedThumbnail> {
    const doc = isArtifactId(id) ? await this.repository.findSubject(id) : null;
    if (!doc) throw ArtifactException.notFound();
    const manages = canManage(user, doc.owner);
    if (!manages && !doc.isPublic) throw ArtifactException.private();
    const version = pinned ?? doc.version;
    const access = pinnedRead(doc, version, manages);
    if (access === 'private') throw ArtifactException.private();
    if (access === 'gone') throw ArtifactException.versionNotFound();
    const stored = await this.repository.find(id, version, size);
    if (stored?.status === 'failed') throw ThumbnailException.unavailable();
    if (stored?.status !== 'ready') throw ThumbnailException.pending();
    return {
      image: stored.image,
      mediaType: THUMBNAIL_SIZES[size].mediaType,
      etag: `"${id}-${version}-${size}"`,
      // Shared caches may keep it only when anyone could read this version.
      visibility: ['current', 'earlier'].includes(pinnedRead(doc, version, false)) ? 'public' : 'private',
    };
  }
}
