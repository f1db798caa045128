import { type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { AUTH_MESSAGES } from '@core-vault/contracts';
import { Field } from '../../../components/ui';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { DUPLICATE_EMAIL_REDIRECT_MS, signInProblem } from '../auth-messages';
import { useSession } from '../hooks/useSession';
import { VerificationCodeField } from './VerificationCodeField';
import './auth.css';

type Banner = { kind: 'error' | 'info' | 'success'; text: string } | null;

/**
 * Where sign-in goes: the signed-in page that sent the visitor here (RequireAuth keeps its path
 * in the history state, e.g. /extension/connect), else the dashboard. Only a path of this app.
 */
function returnPath(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard';
}

export function LoginPage() {
  useDocumentMeta({ title: 'Sign In', path: '/login' });
  const { user, signIn } = useSession();
  const [params] = useSearchParams();
  const back = returnPath(useLocation().state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeMode, setCodeMode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<Banner>(
    params.get('cancelled') === 'true' ? { kind: 'info', text: 'Trial registration was cancelled.' } : null,
  );
  const [redirectToReset, setRedirectToReset] = useState(false);
  const [goReset, setGoReset] = useState(false);

  useEffect(() => {
    if (!redirectToReset) return;
    const t = setTimeout(() => setGoReset(true), DUPLICATE_EMAIL_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [redirectToReset]);

  if (user) return <Navigate to={back} replace />;
  if (goReset) return <Navigate to="/forgot-password" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setBanner(null);
    try {
      const result = await signIn(email.trim(), codeMode ? code.trim() : password);
      if (!result.success) {
        setCodeMode(true);
        setBanner({ kind: 'info', text: result.message || AUTH_MESSAGES.verificationCodeRequired });
      }
      // success: the session now has a user, and this page redirects to /dashboard
    } catch (err) {
      const problem = signInProblem(err, codeMode);
      setBanner({ kind: 'error', text: problem.message });
      if (problem.duplicateEmail) setRedirectToReset(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="cv-page cv-centered">
      <div className="cv-card cv-narrow cv-fade-in">
        <Link to="/" className="cv-back" aria-label="Back to home">
          ← Back
        </Link>
        <h1>{codeMode ? 'Enter verification code' : 'Sign in to Core Vault'}</h1>
        {codeMode && (
          <p className="cv-hint">
            We sent a 6-digit code to <strong>{email}</strong>.
          </p>
        )}
        {banner && (
          <div
            className={`cv-banner cv-banner-${banner.kind}`}
            role={banner.kind === 'error' ? 'alert' : 'status'}
          >
            {banner.text}
          </div>
        )}
        <form onSubmit={(e) => void submit(e)} noValidate={false}>
          <Field id="login-email" label="Email">
            <input
              type="email"
              autoComplete="email"
              required
              readOnly={codeMode}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          {codeMode ? (
            <VerificationCodeField
              id="login-code"
              email={email}
              value={code}
              onChange={setCode}
              onResend={setBanner}
            />
          ) : (
            <div className="cv-field">
              <label htmlFor="login-password">Password</label>
              <input
                id="login-password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Link to="/forgot-password" className="auth-forgot">
                Forgot your password?
              </Link>
            </div>
          )}
          <button type="submit" className="cv-btn cv-btn-primary auth-submit" disabled={busy}>
            {codeMode ? (busy ? 'Verifying...' : 'Verify Code') : busy ? 'Signing in...' : 'Sign In'}
          </button>
        </form>
        {!codeMode && (
          <>
            <div className="auth-or" aria-hidden="true">
              <span>or</span>
            </div>
            <Link to="/register" className="cv-btn auth-submit">
              Start Free Trial Instead
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
