import { useEffect } from 'react';
import { BULK_TEXTS } from '../api/trash';

/** How long the toast (and its Undo) stays. */
export const UNDO_TOAST_MS = 10_000;

export interface ToastState {
  message: string;
  /** Shown as an Undo button when set. */
  undo?: () => void;
}

/** A message at the bottom of the page, with Undo when the change can be taken back. */
export function UndoToast({ toast, onClose }: { toast: ToastState | null; onClose: () => void }) {
  useEffect(() => {
    if (!toast) return;
    const t = setTimeout(onClose, UNDO_TOAST_MS);
    return () => clearTimeout(t);
  }, [toast, onClose]);
  if (!toast) return null;
  return (
    <div className="db-toast cv-card" role="status" aria-live="polite">
      <span>{toast.message}</span>
      {toast.undo && (
        <button
          type="button"
          className="cv-btn cv-btn-small"
          onClick={() => {
            toast.undo?.();
            onClose();
          }}
        >
          {BULK_TEXTS.undo}
        </button>
      )}
      <button type="button" className="db-toast-close" aria-label="Dismiss" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
