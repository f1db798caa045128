import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ARTIFACT_LIMITS,
  type ArtifactList,
  type AuthUser,
  type Collection,
  type PageQuery,
} from '@core-vault/contracts';
import { ownerIds } from '../artifacts/artifact-access';
import { isArtifactId } from '../artifacts/artifact-state';
import { toSummary } from '../artifacts/artifact-views';
import { ArtifactException } from '../artifacts/artifacts.exception';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { type CollectionDoc } from './collection.schema';
import { CollectionsRepository } from './collections.repository';

const view = (c: CollectionDoc): Collection => ({
  id: c._id,
  name: c.name,
  artifactCount: c.artifactIds.length,
  createdAt: new Date(c.createdAt).toISOString(),
  updatedAt: new Date(c.updatedAt).toISOString(),
});

/** Collections are private to their owner (admins included: they hold no one else's). */
@Injectable()
export class CollectionsService {
  constructor(
    private readonly collections: CollectionsRepository,
    private readonly artifacts: ArtifactsRepository,
  ) {}

  async create(user: AuthUser, name: string): Promise<Collection> {
    if ((await this.collections.countFor(ownerIds(user))) >= ARTIFACT_LIMITS.collectionsPerUserMax)
      throw ArtifactException.tooManyCollections();
    const now = new Date();
    const doc: CollectionDoc = {
      _id: randomUUID(),
      owner: user.id,
      name,
      artifactIds: [],
      createdAt: now,
      updatedAt: now,
    };
    await this.collections.insert(doc);
    return view(doc);
  }

  async list(user: AuthUser): Promise<{ collections: Collection[] }> {
    return { collections: (await this.collections.listFor(ownerIds(user))).map(view) };
  }

  async rename(user: AuthUser, id: string, name: string): Promise<Collection> {
    return view(
      orNotFound(isArtifactId(id) ? await this.collections.rename(id, ownerIds(user), name) : null),
    );
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    if (!isArtifactId(id) || !(await this.collections.remove(id, ownerIds(user))))
      throw ArtifactException.collectionNotFound();
  }

  async addArtifact(user: AuthUser, id: string, artifactId: string): Promise<Collection> {
    const owners = ownerIds(user);
    const collection = orNotFound(isArtifactId(id) ? await this.collections.findOwned(id, owners) : null);
    // Only the caller's own artifacts; someone else's looks exactly like a missing one.
    const [artifact] = isArtifactId(artifactId)
      ? await this.artifacts.findSummaries(owners, [artifactId])
      : [];
    if (!artifact) throw ArtifactException.notFound();
    if (collection.artifactIds.includes(artifactId)) return view(collection);
    const updated = await this.collections.addArtifact(
      id,
      owners,
      artifactId,
      ARTIFACT_LIMITS.collectionArtifactsMax,
    );
    if (!updated) throw ArtifactException.collectionFull();
    return view(updated);
  }

  async removeArtifact(user: AuthUser, id: string, artifactId: string): Promise<Collection> {
    return view(
      orNotFound(
        isArtifactId(id) ? await this.collections.removeArtifact(id, ownerIds(user), artifactId) : null,
      ),
    );
  }

  async listArtifacts(user: AuthUser, id: string, query: PageQuery): Promise<ArtifactList> {
    const owners = ownerIds(user);
    const collection = orNotFound(isArtifactId(id) ? await this.collections.findOwned(id, owners) : null);
    // Most recently added first; ids of since-deleted artifacts simply drop out.
    const ids = [...collection.artifactIds].reverse();
    const found = new Map((await this.artifacts.findSummaries(owners, ids)).map((a) => [a._id, a]));
    const live = ids.flatMap((i) => {
      const doc = found.get(i);
      return doc ? [doc] : [];
    });
    const skip = (query.page - 1) * query.limit;
    const page = live.slice(skip, skip + query.limit);
    return {
      artifacts: page.map(toSummary),
      page: query.page,
      limit: query.limit,
      total: live.length,
      hasMore: skip + page.length < live.length,
    };
  }
}

function orNotFound(doc: CollectionDoc | null): CollectionDoc {
  if (!doc) throw ArtifactException.collectionNotFound();
  return doc;
}
