import { type ArtifactStorage, artifactStorageSchema } from '@core-vault/contracts';

/**
 * What artifacts keep in "their" localStorage, stored by the app in its own localStorage per
 * viewer and artifact (the frame may not have storage of its own: browsers block or partition
 * third-party storage). Only data: never interpreted here, handed back only to the same
 * artifact's frame for the same viewer, bounded per artifact (the schema) and in number (oldest
 * dropped first), and forgotten at Sign Out (lib/storage.ts, forgetUserData).
 */
export const ARTIFACT_STORAGE_PREFIX = 'core-vault.artifact-storage.';

const keyOf = (userId: string | null, artifactId: string) =>
  `${ARTIFACT_STORAGE_PREFIX}${userId ? `u.${userId}` : 'anonymous'}.${artifactId}`;
export const ARTIFACT_STORAGE_MAX_ARTIFACTS = 50;

interface Entry {
  t: number;
  items: ArtifactStorage;
}

function read(key: string): Entry | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Entry>;
    const items = artifactStorageSchema.safeParse(parsed.items);
    return items.success ? { t: typeof parsed.t === 'number' ? parsed.t : 0, items: items.data } : null;
  } catch {
    return null;
  }
}

export function loadArtifactStorage(userId: string | null, artifactId: string): ArtifactStorage | undefined {
  return read(keyOf(userId, artifactId))?.items;
}

export function saveArtifactStorage(
  userId: string | null,
  artifactId: string,
  items: ArtifactStorage,
  now = Date.now(),
): void {
  const own = keyOf(userId, artifactId);
  try {
    const keys = Object.keys(localStorage).filter((k) => k.startsWith(ARTIFACT_STORAGE_PREFIX) && k !== own);
    if (keys.length >= ARTIFACT_STORAGE_MAX_ARTIFACTS) {
      const oldest = keys.map((k) => [k, read(k)?.t ?? 0] as const).sort((a, b) => a[1] - b[1]);
      for (const [k] of oldest.slice(0, keys.length - ARTIFACT_STORAGE_MAX_ARTIFACTS + 1))
        localStorage.removeItem(k);
    }
    localStorage.setItem(own, JSON.stringify({ t: now, items }));
  } catch {
    // Storage full or unavailable: the artifact keeps working, it just forgets on reload.
  }
}
