import { type z } from 'zod';
import { createArtifactBodySchema } from '@core-vault/contracts';
import { localStore } from '../../lib/storage';

/** Where the browser extension leaves captured artifacts for the dashboard to upload. */
export const PENDING_UPLOADS_KEY = 'cv.pending-uploads';
/** Older hand-offs are ignored and cleared (spec artifacts §4, §9). */
export const HANDOFF_MAX_AGE_MS = 300_000;

export type PendingUpload = z.input<typeof createArtifactBodySchema>;

interface StoredHandoff {
  savedAt: number;
  artifacts: unknown[];
}

/** What the extension writes: the captured artifacts and when it saved them. */
export function savePendingUploads(artifacts: PendingUpload[], now = Date.now()): void {
  localStore.set(PENDING_UPLOADS_KEY, JSON.stringify({ savedAt: now, artifacts } satisfies StoredHandoff));
}

/**
 * The pending uploads if they are younger than 5 minutes; every entry that is not a valid
 * create body is dropped. A stale, empty or unreadable entry is cleared and gives [].
 */
export function readPendingUploads(now = Date.now()): PendingUpload[] {
  const raw = localStore.get(PENDING_UPLOADS_KEY);
  if (!raw) return [];
  let stored: Partial<StoredHandoff> | null = null;
  try {
    stored = JSON.parse(raw) as Partial<StoredHandoff>;
  } catch {
    stored = null;
  }
  const fresh =
    stored &&
    typeof stored.savedAt === 'number' &&
    now - stored.savedAt >= 0 &&
    now - stored.savedAt < HANDOFF_MAX_AGE_MS &&
    Array.isArray(stored.artifacts);
  if (!fresh || !stored?.artifacts) {
    clearPendingUploads();
    return [];
  }
  const valid = stored.artifacts.filter((a) => createArtifactBodySchema.safeParse(a).success);
  if (valid.length === 0) clearPendingUploads();
  return valid as PendingUpload[];
}

export function clearPendingUploads(): void {
  localStore.remove(PENDING_UPLOADS_KEY);
}
