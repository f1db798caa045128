const DAY_MS = 86_400_000;

/** When an artifact moved to the trash at `at` is deleted for good. */
export function purgeAtFor(at: Date, retentionMs: number): Date {
  return new Date(at.getTime() + retentionMs);
}

/** Whole days left before the purge, rounded up ("1 day left" until its very end); never below 0. */
export function daysLeft(purgeAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((purgeAt.getTime() - now.getTime()) / DAY_MS));
}

export type RestoreDecision = 'restore' | 'not-in-trash' | 'expired';

/**
 * Restorable while in the trash and before its purge time. A due one is refused even if the purge
 * job has not reached it yet: the job may already be deleting its versions, and a restore then
 * would bring back an artifact without them.
 */
export function restoreDecision(
  doc: { deletedAt: Date | null; purgeAt?: Date | null },
  now: Date,
): RestoreDecision {
  if (!doc.deletedAt || !doc.purgeAt) return 'not-in-trash';
  return new Date(doc.purgeAt).getTime() <= now.getTime() ? 'expired' : 'restore';
}
