import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '@core-vault/contracts';
import { CodeInput, Field } from '../../../components/ui';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';
import { ApiError } from '../../../lib/api/errors';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { UI_MESSAGES } from '../auth-messages';
import './auth.css';

type Banner = { kind: 'error' | 'info' | 'success'; text: string } | null;

const failure = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message || fallback : UI_MESSAGES.unexpected;

export function ForgotPasswordPage() {
  useDocumentMeta({ title: 'Reset your password', path: '/forgot-password' });
  const [step, setStep] = useState<'request' | 'confirm' | 'done'>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);

  const request = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setBanner({ kind: 'error', text: AUTH_MESSAGES.emailRequired });
    setBusy(true);
    setBanner(null);
    try {
      const result = await api.call(endpoints.auth.requestReset, { body: { email: email.trim() } });
      setBanner({ kind: 'info', text: result.message || UI_MESSAGES.resetCodeSent });
      setStep('confirm');
    } catch (err) {
      setBanner({ kind: 'error', text: failure(err, UI_MESSAGES.resetSendFailed) });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setBanner(null);
    try {
      const result = await api.call(endpoints.auth.confirmReset, {
        body: { email: email.trim(), code: code.trim(), newPassword },
      });
      setBanner({ kind: 'success', text: result.message || AUTH_MESSAGES.resetDone });
      setStep('done');
    } catch (err) {
      setBanner({ kind: 'error', text: failure(err, AUTH_MESSAGES.resetFailed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="cv-page cv-centered">
      <div className="cv-card cv-narrow cv-fade-in">
        <Link to="/login" className="cv-back" aria-label="Back to sign in">
          ← Back
        </Link>
        <h1>Reset your password</h1>
        {banner && (
          <div
            className={`cv-banner cv-banner-${banner.kind}`}
            role={banner.kind === 'error' ? 'alert' : 'status'}
          >
            {banner.text}
          </div>
        )}
        {step === 'request' && (
          <form onSubmit={(e) => void request(e)}>
            <p className="cv-hint">Enter your email and we will send you a code to set a new password.</p>
            <Field id="reset-email" label="Email">
              <input
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Field>
            <button type="submit" className="cv-btn cv-btn-primary auth-submit" disabled={busy}>
              {busy ? 'Sending...' : 'Send Reset Code'}
            </button>
          </form>
        )}
        {step === 'confirm' && (
          <form onSubmit={(e) => void confirm(e)}>
            <p className="cv-hint">{UI_MESSAGES.resetEffects}</p>
            <Field id="reset-code" label="Reset code">
              <CodeInput value={code} onChange={setCode} />
            </Field>
            <Field id="reset-password" label="New password">
              <input
                type="password"
                autoComplete="new-password"
                minLength={PASSWORD_MIN_LENGTH}
                required
                value={newPassword}
                onChange={(e) => setNewPassword(e.target.value)}
              />
            </Field>
            <button type="submit" className="cv-btn cv-btn-primary auth-submit" disabled={busy}>
              {busy ? 'Resetting...' : 'Reset Password'}
            </button>
          </form>
        )}
        <p>
          Remembered it? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </main>
  );
}
