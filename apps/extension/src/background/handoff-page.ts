/**
 * The hand-off to the vault's dashboard (pending uploads, docs/reference/extension.md). This function runs
 * IN the vault's tab (chrome.scripting.executeScript serialises it), so it must be
 * self-contained: no imports, no outer variables, only its arguments and the page's globals.
 *
 * It merges rather than overwrites: a fresh entry (younger than maxAgeMs) keeps its items and
 * gets ours appended; a stale or unreadable one is replaced. savedAt becomes `now`, then the
 * `cv:pending-uploads` event tells an open dashboard to look. Returns how many items the entry
 * holds; a failed write (quota, storage blocked) throws, so the extension keeps its queue.
 */
export function writePendingUploadsInPage(
  key: string,
  eventName: string,
  maxAgeMs: number,
  artifacts: unknown[],
  now: number,
): number {
  let existing: unknown[] = [];
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(key) ?? 'null');
    if (typeof stored === 'object' && stored !== null && 'savedAt' in stored && 'artifacts' in stored) {
      const age = typeof stored.savedAt === 'number' ? now - stored.savedAt : -1;
      if (age >= 0 && age < maxAgeMs && Array.isArray(stored.artifacts)) existing = stored.artifacts;
    }
  } catch {
    existing = [];
  }
  const merged = existing.concat(artifacts);
  window.localStorage.setItem(key, JSON.stringify({ savedAt: now, artifacts: merged }));
  window.dispatchEvent(new Event(eventName));
  return merged.length;
}

/** The protocol's names (contract with apps/web/src/modules/dashboard/pending-uploads.ts). */
export const PENDING_UPLOADS_KEY = 'cv.pending-uploads';
export const PENDING_UPLOADS_EVENT = 'cv:pending-uploads';
export const HANDOFF_MAX_AGE_MS = 300_000;
