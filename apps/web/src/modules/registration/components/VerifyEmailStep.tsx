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
  resume,
}: {
  email: string;
  busy: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  /**
   * Back to a registration left at this step (registration-progress.ts): a code sent long ago may
   * have expired, and only the password proves a new one may be sent; or it is someone else.
   */
  resume?: { onNewCode: (password: string) => Promise<boolean>; onStartOver: () => void };
}) {
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<ResendNotice | null>(null);
  const [password, setPassword] = useState('');

  const newCode = async () => {
    if (!resume || !password) return;
    setNotice(null);
    if (await resume.onNewCode(password)) {
      setPassword('');
      setNotice({ kind: 'success', text: AUTH_MESSAGES.codeResent });
    }
  };

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
      {resume && (
        <div className="reg-resume">
          <p className="cv-hint">
            Welcome back. The code went to {email}. If it has expired, enter your password to get a new one.
          </p>
          <div className="cv-field">
            <label htmlFor="reg-resume-password">Password</label>
            <input
              id="reg-resume-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <button
            type="button"
            className="cv-btn"
            disabled={busy || !password}
            onClick={() => void newCode()}
          >
            Send a new code
          </button>
          <p className="cv-hint">
            Not {email}?{' '}
            <button type="button" className="cv-link-btn" onClick={resume.onStartOver}>
              Start over
            </button>
          </p>
        </div>
      )}
    </form>
  );
}
