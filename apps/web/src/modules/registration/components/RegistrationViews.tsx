import { type ReactNode } from 'react';
import { TRIAL_DAYS } from '@core-vault/contracts';

export function ProcessingView({ message }: { message: string }) {
  return (
    <div className="reg-status" role="status" aria-live="polite">
      <span className="cv-spinner" aria-hidden="true" />
      <h1>Setting up your account...</h1>
      <p className="cv-hint">{message}</p>
    </div>
  );
}

export const TRIAL_BENEFITS = [
  'Unlimited artifact uploads and sharing',
  'Private sharing with access controls',
  'Basic analytics and insights',
  'Standard support',
] as const;

export function WelcomeView({ footer, children }: { footer: string; children?: ReactNode }) {
  return (
    <div className="reg-status" role="status" aria-live="polite">
      <h1>Welcome to Core Vault!</h1>
      <p>
        <strong>Your {TRIAL_DAYS}-day free trial has started.</strong>
      </p>
      {children}
      <ul className="reg-benefits">
        {TRIAL_BENEFITS.map((b) => (
          <li key={b}>✓ {b}</li>
        ))}
      </ul>
      <p className="cv-hint">{footer}</p>
    </div>
  );
}
