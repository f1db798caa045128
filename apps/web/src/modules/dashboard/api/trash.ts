import {
  type BulkAction,
  type BulkArtifactsResult,
  TRASH_RETENTION_DAYS,
  trashRoute,
} from '@core-vault/contracts';
import { api } from '../../../lib/api/client';

/**
 * The trash and bulk calls (#36.2). The routes are imported here, in the dashboard's chunk, not
 * through lib/api/endpoints (the entry chunk).
 */
export { trashRoute };

export const TRASH_TEXTS = {
  tab: 'Trash',
  heading: 'Trash',
  hint: `Deleted artifacts stay here for ${TRASH_RETENTION_DAYS} days, then they are deleted for good.`,
  empty: 'The trash is empty.',
  loading: 'Loading the trash...',
  loadFailed: 'Could not load the trash. Try again in a moment.',
  restore: 'Restore',
  deleteForever: 'Delete forever',
  emptyTrash: 'Empty trash',
  confirmDeleteForever: 'Delete this artifact for good? This cannot be undone.',
  confirmEmpty: 'Delete everything in the trash for good? This cannot be undone.',
  daysLeft: (n: number) => (n <= 1 ? 'Deleted for good within a day' : `${n} days left`),
  restored: (title: string) => `“${title}” was restored.`,
  deletedForever: (n: number) => `${n} ${n === 1 ? 'artifact was' : 'artifacts were'} deleted for good.`,
} as const;

export const BULK_TEXTS = {
  select: 'Select',
  done: 'Done',
  selected: (n: number) => `${n} selected`,
  selectAll: 'Select all on page',
  clear: 'Clear selection',
  makePublic: 'Make Public',
  makePrivate: 'Make Private',
  addTo: 'Add to collection',
  chooseCollection: 'Add to collection…',
  delete: 'Delete',
  moved: (n: number) => `Moved ${n} ${n === 1 ? 'artifact' : 'artifacts'} to the trash.`,
  undo: 'Undo',
  undone: (n: number) => `Restored ${n} ${n === 1 ? 'artifact' : 'artifacts'}.`,
  changed: (n: number) => `Changed ${n} ${n === 1 ? 'artifact' : 'artifacts'}.`,
  someFailed: (failed: number, total: number, why: string) =>
    `${failed} of ${total} could not be changed: ${why}`,
  failed: (why: string) => `The change failed: ${why}`,
} as const;

export function bulkChange(
  action: BulkAction,
  ids: string[],
  collectionId?: string,
): Promise<BulkArtifactsResult> {
  return api.call(trashRoute.bulk, {
    body: { action, ids, ...(collectionId ? { collectionId } : {}) },
  });
}

/** Undo of a delete: each id back from the trash; those that could not come back are counted. */
export async function restoreAll(ids: readonly string[]): Promise<{ restored: string[]; failed: number }> {
  const results = await Promise.allSettled(ids.map((id) => api.call(trashRoute.restore, { params: { id } })));
  const restored = ids.filter((_, i) => results[i]?.status === 'fulfilled');
  return { restored, failed: ids.length - restored.length };
}
