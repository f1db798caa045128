import { formatBytes } from '../../../lib/download';
import { useDataExport } from '../api/useDataExport';

export const EXPORT_TEXTS = {
  preparing: 'Preparing your export...',
  canceled: 'Export canceled.',
  cancel: 'Cancel export',
  received: (received: number, total: number | null, items: number | null) =>
    `Downloading: ${formatBytes(received)}${total !== null ? ` of ${formatBytes(total)}` : ''}` +
    (items !== null ? ` (${items} ${items === 1 ? 'artifact' : 'artifacts'})` : ''),
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
          {/* Without a known size the bar moves without a value (indeterminate). */}
          <progress
            aria-label="Export progress"
            {...(progress?.total ? { max: progress.total, value: progress.received } : {})}
          />
          <span role="status">
            {progress
              ? EXPORT_TEXTS.received(progress.received, progress.total, progress.items)
              : EXPORT_TEXTS.preparing}
          </span>
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
