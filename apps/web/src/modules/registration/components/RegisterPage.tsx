import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import {
  AUTH_MESSAGES,
  BILLING_MESSAGES,
  type SelectablePlanId,
  TRIAL_DAYS,
  isSubscribed,
  normalizeEmail,
} from '@core-vault/contracts';
import { Spinner } from '../../../components/ui';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';
import { ApiError } from '../../../lib/api/errors';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { DUPLICATE_EMAIL_REDIRECT_MS, signInProblem, useSession } from '../../auth';
import { usePaymentsConfig } from '../../billing';
import { type CardEntryHandle, PAYMENT_MESSAGES } from '../card-entry/card-entry';
import { useSubscriptionCatchUp } from '../hooks/useSubscriptionCatchUp';
import { REGISTRATION_SUCCESS_REDIRECT_MS, trialProblem } from '../registration-messages';
import {
  type RegistrationProgress,
  clearProgress,
  loadProgress,
  saveProgress,
} from '../registration-progress';
import { type AccountDetails, DetailsStep, emptyDetails } from './DetailsStep';
import { type Names, PaymentStep } from './PaymentStep';
import { PlanPicker } from './PlanPicker';
import { ProcessingView, WelcomeView } from './RegistrationViews';
import { VerifyEmailStep } from './VerifyEmailStep';
import './registration.css';

type Step = 'details' | 'verify' | 'payment' | 'processing' | 'success';

export function RegisterPage() {
  useDocumentMeta({ title: `Start your ${TRIAL_DAYS}-day free trial`, path: '/register' });
  const { status, user, signIn } = useSession();
  const payments = usePaymentsConfig();
  const catchUp = useSubscriptionCatchUp();
  // A registration left at the e-mailed code resumes there (registration-progress.ts).
  const [resumed] = useState<RegistrationProgress | null>(() => loadProgress());
  const [step, setStep] = useState<Step>(resumed ? 'verify' : 'details');
  const [details, setDetails] = useState<AccountDetails>(() =>
    resumed
      ? {
          ...emptyDetails,
          email: resumed.email,
          firstName: resumed.firstName,
          lastName: resumed.lastName,
          planType: resumed.planType,
        }
      : emptyDetails,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [progress, setProgress] = useState('');
  const [redirect, setRedirect] = useState<'/forgot-password' | '/login' | null>(null);
  const [pendingRedirect, setPendingRedirect] = useState<'/forgot-password' | null>(null);

  // A signed-in account without a subscription (e.g. "Upgrade to Pro") goes straight to payment.
  const signedInUnsubscribed = Boolean(user && !isSubscribed(user));
  useEffect(() => {
    if (status === 'ready' && step === 'details' && signedInUnsubscribed && !details.email)
      setStep('payment');
  }, [status, step, signedInUnsubscribed, details.email]);

  // Signed in meanwhile (in another tab, or the code was entered there): the code step is behind.
  useEffect(() => {
    if (status !== 'ready' || !user || step !== 'verify') return;
    clearProgress();
    setStep(isSubscribed(user) ? 'details' : 'payment');
  }, [status, user, step]);

  useEffect(() => {
    if (!pendingRedirect) return;
    const t = setTimeout(() => setRedirect(pendingRedirect), DUPLICATE_EMAIL_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [pendingRedirect]);

  useEffect(() => {
    if (step !== 'success') return;
    // A state update after unmounting is a no-op (React 18+): no "still mounted" flag needed.
    const t = setTimeout(() => {
      void catchUp().finally(() => setRedirect('/login'));
    }, REGISTRATION_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [step, catchUp]);

  if (redirect) return <Navigate to={redirect} replace />;
  if (status === 'loading') return <Spinner />;

  const submitDetails = async (form: AccountDetails) => {
    setDetails(form);
    setError(null);
    // Back from payment with the same account: nothing to create again.
    if (user && normalizeEmail(user.email) === normalizeEmail(form.email)) return setStep('payment');
    setBusy(true);
    try {
      await api.call(endpoints.auth.signUp, { body: form });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.code === 'DUPLICATE_EMAIL') {
        setError(AUTH_MESSAGES.duplicateEmail);
        setPendingRedirect('/forgot-password');
      } else setError(err instanceof ApiError ? err.message : BILLING_MESSAGES.createAccountFailed);
      return;
    }
    try {
      const result = await signIn(form.email.trim(), form.password);
      if (!result.success)
        saveProgress({
          step: 'verify',
          email: form.email.trim(),
          firstName: form.firstName,
          lastName: form.lastName,
          planType: form.planType,
        });
      setStep(result.success ? 'payment' : 'verify');
    } catch (err) {
      setError(signInProblem(err, false).message);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (code: string) => {
    setBusy(true);
    setError(null);
    try {
      const result = await signIn(details.email.trim(), code);
      if (result.success) {
        clearProgress();
        setDetails((d) => ({ ...d, password: '', confirmPassword: '' }));
        setStep('payment');
      }
    } catch (err) {
      setError(signInProblem(err, true).message);
    } finally {
      setBusy(false);
    }
  };

  /** Back after the code expired: the password step again mails a new one. */
  const requestNewCode = async (password: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const result = await signIn(details.email.trim(), password);
      if (result.success) {
        clearProgress();
        setStep('payment');
      }
      return true;
    } catch (err) {
      setError(signInProblem(err, false).message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const startOver = () => {
    clearProgress();
    setError(null);
    setDetails(emptyDetails);
    setStep('details');
  };

  const pay = async (names: Names, card: CardEntryHandle | null) => {
    if (payments.status !== 'ready') return setError(PAYMENT_MESSAGES.stillLoading);
    if (!card) return setError(PAYMENT_MESSAGES.elementMissing);
    setError(null);
    setCardError(null);
    setStep('processing');
    setProgress('Saving your payment method...');
    try {
      const email = user?.email ?? details.email;
      const pm = await card.createPaymentMethod({ email, name: `${names.firstName} ${names.lastName}` });
      if (!pm.ok) {
        setCardError(pm.cardError);
        return setStep('payment');
      }
      setProgress(`Starting your ${TRIAL_DAYS}-day free trial...`);
      await api.call(endpoints.billing.startTrial, {
        body: { planType: details.planType, paymentMethodId: pm.paymentMethodId, ...names },
      });
      setStep('success');
    } catch (err) {
      const problem = trialProblem(err);
      if ('cardError' in problem) setCardError(problem.cardError);
      else setError(problem.banner);
      setStep('payment');
    }
  };

  if (step === 'details' && user && isSubscribed(user)) {
    return (
      <Shell>
        <h1>You already have an active subscription.</h1>
        <Link className="cv-btn cv-btn-primary" to="/dashboard">
          Go to Dashboard
        </Link>
      </Shell>
    );
  }

  return (
    <Shell>
      {step === 'details' && (
        <DetailsStep initial={details} busy={busy} error={error} onSubmit={(f) => void submitDetails(f)} />
      )}
      {step === 'verify' && (
        <VerifyEmailStep
          email={details.email}
          busy={busy}
          error={error}
          onSubmit={(c) => void submitCode(c)}
          {...(resumed && !details.password
            ? { resume: { onNewCode: requestNewCode, onStartOver: startOver } }
            : {})}
        />
      )}
      {(step === 'payment' || step === 'processing') && (
        // Stays mounted while processing: after a declined card the entered details are still there.
        <div hidden={step === 'processing'}>
          {!details.email && (
            <PlanPicker
              value={details.planType}
              onChange={(planType: SelectablePlanId) => setDetails((d) => ({ ...d, planType }))}
            />
          )}
          <PaymentStep
            payments={payments}
            names={details}
            processing={step === 'processing'}
            banner={error}
            cardError={cardError}
            {...(details.email ? { onBack: () => setStep('details') } : {})}
            onSubmit={(names, card) => void pay(names, card)}
          />
        </div>
      )}
      {step === 'processing' && <ProcessingView message={progress} />}
      {step === 'success' && (
        <WelcomeView footer="Redirecting to login...">
          <p>Your trial is active. We will remind you before it ends.</p>
        </WelcomeView>
      )}
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <main className="cv-page reg-page">
      <Link to="/" className="cv-back">
        ← Back to home
      </Link>
      <div className="cv-card reg-card-wrap cv-fade-in">{children}</div>
    </main>
  );
}
