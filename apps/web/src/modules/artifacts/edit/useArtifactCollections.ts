import { useQuery } from '@tanstack/react-query';
import { ARTIFACT_LIMITS, type Collection } from '@core-vault/contracts';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';

export interface ArtifactCollections {
  collections: Collection[];
  /** Ids of the collections that hold the artifact. */
  memberOf: string[];
}

/** Pages through one collection until the artifact turns up or the collection ends. */
async function holds(collectionId: string, artifactId: string, signal: AbortSignal): Promise<boolean> {
  for (let page = 1; ; page += 1) {
    const res = await api.call(endpoints.collections.listArtifacts, {
      params: { id: collectionId },
      query: { page, limit: ARTIFACT_LIMITS.pageSizeMax },
      signal,
    });
    if (res.artifacts.some((a) => a.id === artifactId)) return true;
    if (!res.hasMore) return false;
  }
}

/** Key of the membership answer; invalidated with the collection routes after a change. */
export const artifactCollectionsKey = (artifactId: string) =>
  [endpoints.collections.listArtifacts.id, 'membership', artifactId] as const;

/**
 * The owner's collections and which of them hold this artifact. The API has no "collections of an
 * artifact" read, so each collection's list is asked (in parallel; most hold one page).
 */
export function useArtifactCollections(artifactId: string) {
  return useQuery({
    queryKey: artifactCollectionsKey(artifactId),
    queryFn: async ({ signal }): Promise<ArtifactCollections> => {
      const { collections } = await api.call(endpoints.collections.list, { signal });
      const held = await Promise.all(collections.map((c) => holds(c.id, artifactId, signal)));
      return { collections, memberOf: collections.filter((_, i) => held[i]).map((c) => c.id) };
    },
  });
}

/** The add/remove calls that turn one membership into another. */
export function membershipChanges(before: readonly string[], after: readonly string[]) {
  return {
    add: after.filter((id) => !before.includes(id)),
    remove: before.filter((id) => !after.includes(id)),
  };
}
