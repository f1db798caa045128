import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { BILLING_MESSAGES } from '@core-vault/contracts';
import { endpoints } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/query';
import { ApiError } from '../../../lib/api/errors';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { useSession } from '../../auth';
import { useSubscriptionCatchUp } from '../hooks/useSubscriptionCatchUp';
import { COMPLETION_REDIRECT_MS, REGISTRATION_MESSAGES } from '../registration-messages';
import { ProcessingView, WelcomeView } from './RegistrationViews';
import './registration.css';

type State =
  { kind: 'processing'; message: string } | { kind: 'success' } | { kind: 'error'; message: string };

/** Return address of the Stripe Checkout flow: finishes the registration, then the dashboard. */
export function CompleteRegistrationPage() {
  useDocumentMeta({ title: 'Finishing your registration', robots: 'noindex, nofollow' });
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const tempUserId = params.get('temp_user_id');
  const { status, user } = useSession();
  const catchUp = useSubscriptionCatchUp();
  const [state, setState] = useState<State>(
    sessionId && tempUserId
      ? { kind: 'processing', message: 'Verifying your trial setup...' }
      : { kind: 'error', message: BILLING_MESSAGES.invalidRegistrationParameters },
  );
  const [done, setDone] = useState(false);
  const started = useRef(false);
  const { mutate: complete } = useApiMutation(endpoints.billing.completeCheckout);

  useEffect(() => {
    if (!sessionId || !tempUserId || status !== 'ready' || started.current) return;
    started.current = true;
    if (!user) {
      setState({ kind: 'error', message: BILLING_MESSAGES.registrationNotFound });
      return;
    }
    setState({ kind: 'processing', message: 'Confirming your payment details...' });
    complete(
      { body: { sessionId, tempUserId } },
      {
        onSuccess: () => setState({ kind: 'success' }),
        onError: (err) =>
          setState({
            kind: 'error',
            message:
              err instanceof ApiError
                ? err.message || BILLING_MESSAGES.registrationFailed
                : REGISTRATION_MESSAGES.unexpected,
          }),
      },
    );
  }, [sessionId, tempUserId, status, user, complete]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const t = setTimeout(() => void catchUp().finally(() => setDone(true)), COMPLETION_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [state.kind, catchUp]);

  if (done) return <Navigate to="/dashboard" replace />;

  return (
    <main className="cv-page reg-page">
      <div className="cv-card reg-card-wrap cv-fade-in">
        {state.kind === 'processing' && <ProcessingView message={state.message} />}
        {state.kind === 'success' && <WelcomeView footer="Taking you to your dashboard..." />}
        {state.kind === 'error' && (
          <div className="reg-status" role="alert">
            <h1>Registration Failed</h1>
            <p>{state.message}</p>
            <p className="cv-hint">{REGISTRATION_MESSAGES.cardNotCharged}</p>
            <Link className="cv-btn cv-btn-primary" to="/login">
              Try Again
            </Link>
          </div>
        )}
      </div>
    </main>
  );
}
