import { type DownloadProgress, formatBytes } from '../../../lib/download';
import { useDataExport } from '../api/useDataExport';

export const EXPORT_TEXTS = {
  preparing: 'Preparing your export...',
  canceled: 'Export canceled.',
  cancel: 'Cancel export',
  /** Bytes (of the size, when announced), then artifacts received (of the total, when announced). */
  received: ({ received, total, items, itemsReceived }: DownloadProgress) =>
    `Downloading: ${formatBytes(received)}${total !== null ? ` of ${formatBytes(total)}` : ''}` +
    (itemsReceived !== null && items !== null
      ? `, ${itemsReceived} of ${items} ${items === 1 ? 'artifact' : 'artifacts'}`
      : itemsReceived !== null
        ? `, ${itemsReceived} ${itemsReceived === 1 ? 'artifact' : 'artifacts'}`
        : ''),
} as const;

/** The Export Data button, and while it runs the download's progress with a way to cancel it. */
export function ExportData() {
  const { state, start, cancel } = useDataExport();
  const progress = state.status === 'downloading' ? state.progress : null;
  return (
    <div className="bl-export">
      <button
        type="button"
        className="cv-btn"
        disabled={state.status === 'downloading'}
        onClick={() => void start()}
      >
        Export Data
      </button>
      {state.status === 'downloading' && (
        <div className="bl-export-progress">
          <progress aria-label="Export progress" {...barOf(progress)} />
          <span role="status">{progress ? EXPORT_TEXTS.received(progress) : EXPORT_TEXTS.preparing}</span>
          <button type="button" className="cv-btn cv-btn-small" onClick={cancel}>
            {EXPORT_TEXTS.cancel}
          </button>
        </div>
      )}
      {state.status === 'canceled' && (
        <p className="cv-hint" role="status">
          {EXPORT_TEXTS.canceled}
        </p>
      )}
    </div>
  );
}

/**
 * The bar: against the size when the server announced one, else against the announced artifacts
 * (counted as they arrive), else without a value (indeterminate) — the text still counts bytes.
 */
function barOf(p: DownloadProgress | null): { max?: number; value?: number } {
  if (p?.total) return { max: p.total, value: p.received };
  if (p?.items && p.itemsReceived !== null)
    return { max: p.items, value: Math.min(p.itemsReceived, p.items) };
  return {};
}
