import { type UploadProgress } from '../../../lib/api/client';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString()} KB`;

/** How far the upload is (a progressbar screen readers announce), with a way to stop it. */
export function UploadProgressBar({
  progress,
  onCancel,
}: {
  progress: UploadProgress;
  onCancel: () => void;
}) {
  const percent = progress.total ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
  const text =
    percent === null ? 'Uploading...' : `${percent}% (${kb(progress.loaded)} of ${kb(progress.total ?? 0)})`;
  return (
    <div className="up-progress">
      <div
        className="up-progress-track"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        {...(percent === null ? {} : { 'aria-valuenow': percent })}
        aria-valuetext={text}
      >
        <div className="up-progress-bar" style={{ width: `${percent ?? 0}%` }} />
      </div>
      <span className="cv-hint" aria-hidden="true">
        {text}
      </span>
      <button type="button" className="cv-btn cv-btn-small" onClick={onCancel}>
        Cancel upload
      </button>
    </div>
  );
}
