import { statusDisplay } from '../subscription-display';

export function StatusBadge({ status, long = false }: { status: string; long?: boolean }) {
  const d = statusDisplay(status);
  return (
    <span className={`cv-badge cv-tone-${d.tone}`} data-testid="status-badge">
      {long ? d.longLabel : d.label}
    </span>
  );
}
