import { type ReactElement, type ReactNode, cloneElement } from 'react';

/**
 * A labelled form control: the label, the control (an input, select or textarea given as the
 * child, which receives the id), and an optional hint and error wired up with aria-describedby.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  after,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;
  /** Beside the control inside the field (e.g. a "Resend code" button). */
  after?: ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="cv-field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, {
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })}
      {hint && (
        <span id={hintId} className="cv-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="cv-field-error" role="alert">
          {error}
        </span>
      )}
      {after}
    </div>
  );
}
