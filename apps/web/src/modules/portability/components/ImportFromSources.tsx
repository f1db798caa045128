import { useId, useState } from 'react';
import { type ImportSource, type PreviewItem } from '@core-vault/contracts';
import { Banner } from '../../../components/ui';
import { SOURCE_TEXTS, type SourceInput, useSourceImport } from '../api/useSourceImport';
import '../portability.css';

type Choice = 'claude' | 'chatgpt' | 'files' | 'folder' | 'gist';

const CHOICES: { value: Choice; label: string }[] = [
  { value: 'claude', label: 'Claude data export (.zip or conversations.json)' },
  { value: 'chatgpt', label: 'ChatGPT data export (.zip or conversations.json)' },
  { value: 'gist', label: 'GitHub gist (URL, or its JSON)' },
  { value: 'files', label: 'A zip of files, or one file' },
  { value: 'folder', label: 'A folder of files' },
];

/** How an item of the preview will fare. */
function statusOf(item: PreviewItem): string {
  if (item.error) return `Not imported: ${item.error}`;
  if (item.duplicate === 'existing') return 'Skipped: already in your vault';
  if (item.duplicate === 'import') return 'Skipped: the same content appears earlier in this file';
  return item.note ? `New (${item.note})` : 'New';
}

/**
 * "Import from elsewhere": a Claude or ChatGPT data export, a gist, a zip or a folder. The
 * preview lists every item with its type, origin and fate (new, duplicate, error) before anything
 * is written; "Import" then shows the progress and ends with the report.
 */
export function ImportFromSources() {
  const { state, preview, confirm, reset } = useSourceImport();
  const [choice, setChoice] = useState<Choice>('claude');
  const [gistUrl, setGistUrl] = useState('');
  const hintId = useId();
  const busy = state.phase === 'previewing' || state.phase === 'importing';

  const chooseFiles = (files: FileList | null) => {
    if (!files?.length) return;
    const list = Array.from(files);
    const first = list[0];
    if (choice === 'folder') void preview({ kind: 'folder', files: list });
    else if (first) void preview({ kind: 'file', source: choice satisfies ImportSource, file: first });
  };
  const previewGist = () => {
    if (gistUrl.trim()) void preview({ kind: 'gist', url: gistUrl.trim() } satisfies SourceInput);
  };
  const p = state.preview;

  return (
    <div className="pt-import" data-testid="import-sources">
      <h3>Import from elsewhere</h3>
      <p id={hintId} className="cv-hint">
        Bring in artifacts from a Claude or ChatGPT data export, a GitHub gist, a zip or a folder. You see
        what will be imported first; nothing is saved until you confirm.
      </p>
      <label>
        Source{' '}
        <select
          value={choice}
          disabled={busy}
          onChange={(e) => {
            setChoice(e.target.value as Choice);
            reset();
          }}
        >
          {CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      {choice === 'gist' && (
        <div>
          <input
            type="url"
            aria-label="Gist URL"
            placeholder="https://gist.github.com/user/ID"
            value={gistUrl}
            onChange={(e) => setGistUrl(e.target.value)}
          />{' '}
          <button type="button" className="cv-btn" disabled={busy || !gistUrl.trim()} onClick={previewGist}>
            Preview gist
          </button>
        </div>
      )}
      <input
        type="file"
        aria-label={choice === 'folder' ? 'Choose a folder' : 'Choose a file'}
        aria-describedby={hintId}
        data-testid="import-source-file"
        disabled={busy}
        {...(choice === 'folder' ? { webkitdirectory: '', multiple: true } : {})}
        onChange={(e) => {
          chooseFiles(e.target.files);
          e.target.value = '';
        }}
      />

      {state.phase === 'previewing' && <p role="status">Reading the file…</p>}
      {state.error && <Banner tone="error">{state.error}</Banner>}

      {p && state.phase === 'preview' && (
        <>
          <p role="status">
            {p.counts.importable} new of {p.counts.total} found · {p.counts.duplicates} duplicates ·{' '}
            {p.counts.errors} with errors
          </p>
          <table className="pt-preview" aria-label="What will be imported">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Type</th>
                <th scope="col">From</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {p.items.slice(0, PREVIEW_ROWS).map((item) => (
                <tr key={item.index}>
                  <td>{item.title}</td>
                  <td>{item.type}</td>
                  <td>{item.origin}</td>
                  <td>{statusOf(item)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {p.items.length > PREVIEW_ROWS && (
            <p className="cv-hint">…and {p.items.length - PREVIEW_ROWS} more.</p>
          )}
          <div>
            <button
              type="button"
              className="cv-btn"
              disabled={p.counts.importable === 0}
              onClick={() => void confirm()}
            >
              Import {p.counts.importable} {p.counts.importable === 1 ? 'artifact' : 'artifacts'}
            </button>{' '}
            <button type="button" className="cv-btn cv-btn-secondary" onClick={reset}>
              Cancel
            </button>
          </div>
        </>
      )}

      {state.phase === 'importing' && state.progress && (
        <p role="status" aria-live="polite">
          {SOURCE_TEXTS.progress(state.progress.done, state.progress.total)}
        </p>
      )}

      {state.phase === 'done' && state.report && (
        <div role="status">
          <p>
            Imported {state.report.imported} · skipped {state.report.skippedDuplicates} duplicates · failed{' '}
            {state.report.failed}
          </p>
          {state.report.failures.length > 0 && (
            <ul className="pt-list" aria-label="Not imported">
              {state.report.failures.map((f) => (
                <li key={f.index}>
                  <strong>{f.title}</strong>: {f.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** Rows of the preview table shown (the counts above it are whole). */
const PREVIEW_ROWS = 200;
