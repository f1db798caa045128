import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES, VERIFICATION_CODE_LENGTH } from '@core-vault/contracts';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';
import { ApiError } from '../../../lib/api/errors';
import { UI_MESSAGES } from '../../auth/auth-messages';

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
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(code.trim());
  };

  const resend = async () => {
    try {
      const r = await api.call(endpoints.auth.resendCode, { body: { email } });
      setNotice({ kind: 'success', text: r.message || AUTH_MESSAGES.codeResent });
    } catch (err) {
      setNotice({
        kind: 'error',
        text: err instanceof ApiError && err.status === 429 ? err.message : UI_MESSAGES.resendFailed,
      });
    }
  };

  return (
    <form onSubmit={submit}>
      <h1>Verify your email</h1>
      <p className="cv-hint">Step 1 of 2: Account Information</p>
      <div className="cv-banner cv-banner-info" role="status">
        {AUTH_MESSAGES.verificationCodeRequired}
      </div>
      {(error || notice) && (
        <div className={`cv-banner cv-banner-${error ? 'error' : notice?.kind}`} role="alert">
          {error ?? notice?.text}
        </div>
      )}
      <div className="cv-field">
        <label htmlFor="reg-verify-email">Email</label>
        <input id="reg-verify-email" type="email" readOnly value={email} />
      </div>
      <div className="cv-field">
        <label htmlFor="reg-code">Verification code</label>
        <input
          id="reg-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFICATION_CODE_LENGTH}
          required
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="button" className="cv-link-btn auth-resend" onClick={() => void resend()}>
          Resend code
        </button>
      </div>
      <button type="submit" className="cv-btn cv-btn-primary reg-submit" disabled={busy}>
        {busy ? 'Verifying...' : 'Verify Code'}
      </button>
    </form>
  );
}
