import { useCallback, useState } from 'react';
import { type BulkAction, type BulkArtifactsResult } from '@core-vault/contracts';
import { BULK_TEXTS, bulkChange, restoreAll } from '../api/trash';
import { type ToastState } from '../components/UndoToast';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Unknown error');

export interface BulkSelection {
  active: boolean;
  setActive: (on: boolean) => void;
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
  selectAll: (ids: readonly string[]) => void;
  clear: () => void;
  busy: boolean;
  run: (action: BulkAction, collectionId?: string) => Promise<void>;
  /** A delete (one card, or several): the toast offers to restore them from the trash. */
  deleted: (ids: readonly string[]) => void;
}

/**
 * Selection mode of the dashboard and its bulk actions. The list changes only after the server
 * answered (spec: local lists follow the server); the toast says how many changed, why the others
 * did not, and offers Undo after a delete.
 */
export function useBulkSelection(opts: {
  onChanged: () => void;
  setToast: (toast: ToastState | null) => void;
}): BulkSelection {
  const { onChanged, setToast } = opts;
  const [active, setActiveState] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);

  const setActive = useCallback((on: boolean) => {
    setActiveState(on);
    if (!on) setSelected(new Set());
  }, []);
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const selectAll = useCallback((ids: readonly string[]) => setSelected(new Set(ids)), []);
  const clear = useCallback(() => setSelected(new Set()), []);

  const deleted = useCallback(
    (ids: readonly string[]) =>
      setToast({
        message: BULK_TEXTS.moved(ids.length),
        undo: () =>
          void restoreAll(ids).then(({ restored, failed }) => {
            onChanged();
            setToast({
              message:
                failed === 0
                  ? BULK_TEXTS.undone(restored.length)
                  : BULK_TEXTS.someFailed(failed, ids.length, 'no longer in the trash'),
            });
          }),
      }),
    [onChanged, setToast],
  );

  const run = useCallback(
    async (action: BulkAction, collectionId?: string) => {
      const ids = [...selected];
      if (ids.length === 0) return;
      setBusy(true);
      let result: BulkArtifactsResult;
      try {
        result = await bulkChange(action, ids, collectionId);
      } catch (err) {
        setToast({ message: BULK_TEXTS.failed(messageOf(err)) });
        return;
      } finally {
        setBusy(false);
      }
      const done = result.results.filter((r) => r.ok).map((r) => r.id);
      const firstFailure = result.results.find((r) => !r.ok);
      // Those that failed stay selected, so the owner sees which and can try again.
      setSelected(new Set(result.results.filter((r) => !r.ok).map((r) => r.id)));
      onChanged();
      if (firstFailure && !firstFailure.ok)
        setToast({ message: BULK_TEXTS.someFailed(result.failed, ids.length, firstFailure.message) });
      else if (action === 'move-to-trash') deleted(done);
      else setToast({ message: BULK_TEXTS.changed(done.length) });
    },
    [selected, onChanged, setToast, deleted],
  );

  return { active, setActive, selected, toggle, selectAll, clear, busy, run, deleted };
}
