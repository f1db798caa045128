import { Banner } from '../../../components/ui';
import { type HandoffState } from '../hooks/useExtensionHandoff';
import { HANDOFF_TEXTS } from '../pending-uploads-texts';

/** The hand-off's progress, and the items it could not save with "Retry failed" / "Discard". */
export function ExtensionHandoff({ state }: { state: HandoffState }) {
  const { progress, failed } = state;
  return (
    <>
      {progress && <Banner tone="info">{HANDOFF_TEXTS.progress(progress.uploading, progress.total)}</Banner>}
      {failed.length > 0 && (
        <div className="cv-banner cv-banner-error" role="alert" data-testid="handoff-failed">
          <strong>{HANDOFF_TEXTS.failedTitle(failed.length)}</strong>
          <ul>
            {failed.map((f, i) => (
              // The same artifact is never listed twice (addFailedUploads), but titles may repeat.
              <li key={`${i}-${f.failedAt}`}>
                {f.artifact.title}: {f.reason}
              </li>
            ))}
          </ul>
          <div className="cv-row">
            <button
              type="button"
              className="cv-btn cv-btn-small"
              disabled={progress !== null}
              onClick={state.retryFailed}
            >
              {HANDOFF_TEXTS.retry}
            </button>
            <button
              type="button"
              className="cv-btn cv-btn-small"
              disabled={progress !== null}
              onClick={state.discardFailed}
            >
              {HANDOFF_TEXTS.discard}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
