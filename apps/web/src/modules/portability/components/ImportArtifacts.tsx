import { useId, useRef } from 'react';
import { IMPORT_TEXTS as T } from '../import-file';
import { useArtifactImport } from '../api/useArtifactImport';
import { Banner } from '../../../components/ui';
import '../portability.css';

/**
 * "Import artifacts" beside "Export Your Data" on /billing: choose the exported .json file; its
 * artifacts are restored with their history into this account in small requests, with a progress
 * line, every failure listed with its reason, and "Retry failed" for those worth sending again.
 */
export function ImportArtifacts() {
  const { state, start, retryFailed, retryable } = useArtifactImport();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const busy = state.phase === 'reading' || state.phase === 'importing';

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (file) void start(file);
  };

  return (
    <div className="pt-import">
      <p id={hintId} className="cv-hint">
        Restore artifacts from an export file into this account, with their version history.
      </p>
      <input
        ref={input}
        type="file"
        accept="application/json,.json,.ndjson"
        hidden
        aria-describedby={hintId}
        data-testid="import-file"
        onChange={(e) => choose(e.target.files)}
      />
      <button type="button" className="cv-btn" disabled={busy} onClick={() => input.current?.click()}>
        Import artifacts
      </button>

      {state.fileError && <Banner tone="error">{state.fileError}</Banner>}
      {state.incompleteExport && <p className="cv-hint">{T.incompleteExport}</p>}
      {state.phase !== 'idle' && state.total > 0 && (
        <p role="status" aria-live="polite">
          {state.phase === 'done' && state.failed.length === 0
            ? T.allDone(state.total)
            : T.progress(state.imported, state.total)}
        </p>
      )}
      {state.notes.length > 0 && (
        <ul className="pt-list" aria-label="Imported with notes">
          {state.notes.map((n) => (
            <li key={`n${n.index}`}>
              <strong>{n.title}</strong>: {n.message}
            </li>
          ))}
        </ul>
      )}
      {state.phase === 'done' && state.failed.length > 0 && (
        <div role="alert">
          <p>{T.someFailed(state.failed.length)}</p>
          <ul className="pt-list" aria-label="Not imported">
            {state.failed.map((f) => (
              <li key={`f${f.index}`}>
                <strong>{f.title}</strong>: {f.reason}
              </li>
            ))}
          </ul>
          {retryable && (
            <button type="button" className="cv-btn" onClick={() => void retryFailed()}>
              Retry failed
            </button>
          )}
        </div>
      )}
    </div>
  );
}
