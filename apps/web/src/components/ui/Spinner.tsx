import '../../app/base.css';

/** Shown while a page's code or the session loads. */
export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="cv-spinner-wrap" role="status" aria-live="polite">
      <span className="cv-spinner" aria-hidden="true" />
      <span className="cv-visually-hidden">{label}</span>
    </div>
  );
}
