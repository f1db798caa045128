import { type z } from 'zod';
import { createArtifactBodySchema } from '@core-vault/contracts';
import { localStore } from '../../lib/storage';

/** Where the browser extension leaves captured artifacts for the dashboard to upload. */
export const PENDING_UPLOADS_KEY = 'cv.pending-uploads';
/** Items the dashboard could not save: kept (no expiry) until the user retries or discards them. */
export const FAILED_UPLOADS_KEY = 'cv.pending-uploads.failed';
/** The window event the extension fires after it wrote PENDING_UPLOADS_KEY in this tab. */
export const PENDING_UPLOADS_EVENT = 'cv:pending-uploads';
/** Older hand-offs are ignored and cleared (spec artifacts §4, §9). */
export const HANDOFF_MAX_AGE_MS = 300_000;

export type PendingUpload = z.input<typeof createArtifactBodySchema>;

export interface FailedUpload {
  artifact: PendingUpload;
  reason: string;
  failedAt: number;
}

interface StoredHandoff {
  savedAt: number;
  artifacts: unknown[];
}

const isValid = (a: unknown): a is PendingUpload => createArtifactBodySchema.safeParse(a).success;

function parse(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** The stored entry if it is fresh (younger than 5 minutes, not from the future), else null. */
function readFresh(now: number): StoredHandoff | null {
  const stored = parse(localStore.get(PENDING_UPLOADS_KEY)) as Partial<StoredHandoff> | null;
  if (
    !stored ||
    typeof stored.savedAt !== 'number' ||
    now - stored.savedAt < 0 ||
    now - stored.savedAt >= HANDOFF_MAX_AGE_MS ||
    !Array.isArray(stored.artifacts)
  ) {
    return null;
  }
  return { savedAt: stored.savedAt, artifacts: stored.artifacts };
}

function write(entry: StoredHandoff): void {
  if (entry.artifacts.length === 0) clearPendingUploads();
  else localStore.set(PENDING_UPLOADS_KEY, JSON.stringify(entry));
}

/** Overwrites the entry (tests; the extension merges, see mergePendingUploads). */
export function savePendingUploads(artifacts: PendingUpload[], now = Date.now()): void {
  localStore.set(PENDING_UPLOADS_KEY, JSON.stringify({ savedAt: now, artifacts } satisfies StoredHandoff));
}

/**
 * What the extension's script does in the vault tab (contract §3): a stale entry is dropped, the
 * new items are appended to a fresh one, and the save time becomes now.
 */
export function mergePendingUploads(artifacts: PendingUpload[], now = Date.now()): void {
  const current = readFresh(now);
  savePendingUploads([...((current?.artifacts ?? []) as PendingUpload[]), ...artifacts], now);
}

/**
 * The pending uploads if they are younger than 5 minutes. Entries that are not a valid create
 * body are dropped from the stored entry (the extension checks with the same schema, so such an
 * entry could never be created). A stale, empty or unreadable entry is cleared and gives [].
 */
export function readPendingUploads(now = Date.now()): PendingUpload[] {
  const stored = readFresh(now);
  if (!stored) {
    clearPendingUploads();
    return [];
  }
  const valid = stored.artifacts.filter(isValid);
  if (valid.length !== stored.artifacts.length) write({ savedAt: stored.savedAt, artifacts: valid });
  return valid;
}

/**
 * Removes exactly these items (one stored copy each, matched by content) and nothing else: the
 * extension may have appended more while they were uploading. Read-modify-write in one
 * synchronous step, so the extension's script in this tab cannot interleave.
 */
export function removePendingUploads(saved: readonly PendingUpload[], now = Date.now()): void {
  const stored = readFresh(now);
  if (!stored) return;
  write({ savedAt: stored.savedAt, artifacts: withoutOnce(stored.artifacts, saved) });
}

export function clearPendingUploads(): void {
  localStore.remove(PENDING_UPLOADS_KEY);
}

/** `items` minus one occurrence of each of `removed` (JSON equality: items are plain JSON). */
function withoutOnce<T>(items: readonly T[], removed: readonly unknown[]): T[] {
  const left = new Map<string, number>();
  for (const r of removed) {
    const k = JSON.stringify(r);
    left.set(k, (left.get(k) ?? 0) + 1);
  }
  return items.filter((item) => {
    const k = JSON.stringify(item);
    const n = left.get(k) ?? 0;
    if (n === 0) return true;
    left.set(k, n - 1);
    return false;
  });
}

const isFailed = (f: unknown): f is FailedUpload => {
  if (!f || typeof f !== 'object') return false;
  const o = f as Partial<FailedUpload>;
  return typeof o.reason === 'string' && typeof o.failedAt === 'number' && isValid(o.artifact);
};

/** The items that could not be saved, with why; an unreadable list is cleared. */
export function readFailedUploads(): FailedUpload[] {
  const stored = parse(localStore.get(FAILED_UPLOADS_KEY)) as { items?: unknown } | null;
  if (!stored || !Array.isArray(stored.items)) {
    localStore.remove(FAILED_UPLOADS_KEY);
    return [];
  }
  return stored.items.filter(isFailed);
}

function writeFailed(items: FailedUpload[]): void {
  if (items.length === 0) localStore.remove(FAILED_UPLOADS_KEY);
  else localStore.set(FAILED_UPLOADS_KEY, JSON.stringify({ items }));
}

/** Adds failures; an artifact already in the list gets the newer reason instead of a second row. */
export function addFailedUploads(failures: readonly FailedUpload[]): void {
  const byArtifact = new Map(readFailedUploads().map((f) => [JSON.stringify(f.artifact), f]));
  for (const f of failures) byArtifact.set(JSON.stringify(f.artifact), f);
  writeFailed([...byArtifact.values()]);
}

/** Removes these artifacts (saved on retry) from the failed list. */
export function removeFailedUploads(saved: readonly PendingUpload[]): void {
  const keys = new Set(saved.map((a) => JSON.stringify(a)));
  writeFailed(readFailedUploads().filter((f) => !keys.has(JSON.stringify(f.artifact))));
}

export function clearFailedUploads(): void {
  localStore.remove(FAILED_UPLOADS_KEY);
}
