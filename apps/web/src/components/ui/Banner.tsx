import { type ReactNode } from 'react';

const ROLE = { error: 'alert', info: 'status', success: 'status' } as const;

/**
 * A page's or form's message line: an error is announced at once (role alert), a notice or a
 * success politely (role status).
 */
export function Banner({ tone, children }: { tone: keyof typeof ROLE; children: ReactNode }) {
  return (
    <div className={`cv-banner cv-banner-${tone}`} role={ROLE[tone]}>
      {children}
    </div>
  );
}
