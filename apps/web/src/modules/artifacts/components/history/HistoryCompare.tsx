import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { endpoints } from '../../../../lib/api/endpoints';
import { apiQuery } from '../../../../lib/query';
import { useHistoryDiff } from '../../hooks/history-diff';
import { type DiffMode, DiffView } from './DiffView';
import { hasDifferences } from './diff-model';
import { HISTORY_TEXTS as T, changeSummary, versionName } from './history-labels';
import { Banner } from '../../../../components/ui';

/** Side by side needs width; a phone starts in the one-column view. */
const initialMode = (): DiffMode =>
  typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 720px)').matches
    ? 'unified'
    : 'split';

/**
 * The comparison of two versions (a lazy chunk: the diff code loads only when someone compares).
 * Both versions' content is fetched, the diff runs in a worker, and the table shows the result.
 */
export function HistoryCompare({
  artifactId,
  older,
  newer,
}: {
  artifactId: string;
  older: number;
  newer: number;
}) {
  const [mode, setMode] = useState<DiffMode>(initialMode);
  const version = (n: number) =>
    apiQuery(endpoints.artifacts.getVersion, { params: { id: artifactId, version: String(n) } });
  const left = useQuery(version(older));
  const right = useQuery(version(newer));
  const diff = useHistoryDiff(left.data?.version.content ?? null, right.data?.version.content ?? null);
  const failed = left.error ?? right.error;
  const labels: [string, string] = [versionName(older), versionName(newer)];

  return (
    <section className="vh-compare" aria-label={`Compare ${labels[0]} and ${labels[1]}`}>
      <div className="cv-spread">
        <div role="group" aria-label="Diff layout" className="cv-row">
          {(['split', 'unified'] as const).map((m) => (
            <button
              key={m}
              type="button"
              className="cv-btn cv-btn-small"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
            >
              {m === 'split' ? T.sideBySide : T.unified}
            </button>
          ))}
        </div>
        {diff.status === 'done' && hasDifferences(diff.model) && (
          <span className="cv-hint">{changeSummary(diff.model.added, diff.model.removed)}</span>
        )}
      </div>
      {failed ? (
        <Banner tone="error">{failed.message}</Banner>
      ) : diff.status === 'error' ? (
        <Banner tone="error">{T.compareFailed}</Banner>
      ) : diff.status !== 'done' ? (
        <p role="status" aria-live="polite">
          {diff.status === 'idle' ? T.loadingContent : T.comparing}
        </p>
      ) : !hasDifferences(diff.model) ? (
        <p role="status" className="vh-same-note">
          {T.noDifferences}
        </p>
      ) : (
        <>
          {diff.model.whole && <p className="cv-hint">{T.tooDifferent}</p>}
          {/* A new pair or layout starts a fresh table: folds closed, first page of rows. */}
          <DiffView key={`${older}-${newer}-${mode}`} model={diff.model} mode={mode} labels={labels} />
        </>
      )}
    </section>
  );
}
