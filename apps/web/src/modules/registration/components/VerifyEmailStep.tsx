import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES } from '@core-vault/contracts';
import { type ResendNotice, VerificationCodeField } from '../../auth';
import { Banner } from '../../../components/ui';

/**
 * Between the two steps: the account exists, and starting the trial needs a signed-in session,
 * which needs the 6-digit code identity just e-mailed (sign-in is always password + code).
 */
export function VerifyEmailStep({
  email,
  busy,
  error,
  onSubmit,
}: {
  email: string;
  busy: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<ResendNotice | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(code.trim());
  };

  return (
    <form onSubmit={submit}>
      <h1>Verify your email</h1>
      <p className="cv-hint">Step 1 of 2: Account Information</p>
      <Banner tone="info">{AUTH_MESSAGES.verificationCodeRequired}</Banner>
      {(error || notice) && (
        <div className={`cv-banner cv-banner-${error ? 'error' : notice?.kind}`} role="alert">
          {error ?? notice?.text}
        </div>
      )}
      <div className="cv-field">
        <label htmlFor="reg-verify-email">Email</label>
        <input id="reg-verify-email" type="email" readOnly value={email} />
      </div>
      <VerificationCodeField
        id="reg-code"
        email={email}
        value={code}
        onChange={setCode}
        onResend={setNotice}
      />
      <button type="submit" className="cv-btn cv-btn-primary reg-submit" disabled={busy}>
        {busy ? 'Verifying...' : 'Verify Code'}
      </button>
    </form>
  );
}
