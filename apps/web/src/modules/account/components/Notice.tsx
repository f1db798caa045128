/** One section's outcome: the server's message on success, its error message otherwise. */
export type Outcome = { kind: 'success' | 'error'; text: string } | null;

export function Notice({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <div
      className={`cv-banner ${outcome.kind === 'success' ? 'cv-banner-success' : 'cv-banner-error'}`}
      role={outcome.kind === 'error' ? 'alert' : 'status'}
    >
      {outcome.text}
    </div>
  );
}
