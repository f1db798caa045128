import { type FormEvent, Suspense, lazy, useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { TRIAL_DAYS } from '@core-vault/contracts';
import { Banner, Field } from '../../../components/ui';
import { SUPPORT_EMAIL } from '../../../lib/company';
import { type CardEntryHandle, type CardState, PAYMENT_MESSAGES } from '../card-entry/card-entry';
import { LocalTestCardEntry } from '../card-entry/LocalTestCardEntry';
import { type PaymentsConfigState } from '../../billing';

// Live mode only: react-stripe-js and the Stripe.js loader are their own chunk.
const StripePaymentEntry = lazy(() =>
  import('../card-entry/StripePaymentEntry').then((m) => ({ default: m.StripePaymentEntry })),
);

export interface Names {
  firstName: string;
  lastName: string;
}

/** Step 2: the card, behind the CardEntry seam; submit only when loaded, complete and idle. */
export function PaymentStep({
  payments,
  names,
  processing,
  banner,
  cardError,
  onBack,
  onSubmit,
}: {
  payments: PaymentsConfigState;
  names: Names;
  processing: boolean;
  banner: string | null;
  cardError: string | null;
  onBack?: () => void;
  onSubmit: (names: Names, card: CardEntryHandle | null) => void;
}) {
  const card = useRef<CardEntryHandle>(null);
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<CardState>({ complete: false, error: null });
  const [first, setFirst] = useState(names.firstName);
  const [last, setLast] = useState(names.lastName);
  const askNames = !names.firstName || !names.lastName;
  const onReady = useCallback(() => setReady(true), []);
  const onChange = useCallback((s: CardState) => setState(s), []);

  if (payments.status === 'ready' && payments.config.mode === 'unavailable') {
    return (
      <div className="cv-banner cv-banner-warning" role="alert">
        <h2>Payment System Unavailable</h2>
        <p>
          Card payments are not configured right now. Please contact support at{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> to start your trial.
        </p>
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ firstName: first.trim(), lastName: last.trim() }, card.current);
  };

  const namesOk = Boolean(first.trim() && last.trim());
  const canSubmit = ready && state.complete && !processing && namesOk;
  const entryProps = { ref: card, disabled: processing, onReady, onChange, error: cardError };

  return (
    <form onSubmit={submit}>
      <h1>Payment Information</h1>
      <p className="cv-hint">Step 2 of 2: Secure your {TRIAL_DAYS}-day free trial</p>
      <p>
        Your card is not charged during the {TRIAL_DAYS}-day free trial. Cancel anytime before it ends and you
        pay nothing.
      </p>
      {banner && <Banner tone="error">{banner}</Banner>}
      {askNames && (
        <div className="reg-two">
          <Field id="pay-first" label="First name">
            <input required value={first} onChange={(e) => setFirst(e.target.value)} />
          </Field>
          <Field id="pay-last" label="Last name">
            <input required value={last} onChange={(e) => setLast(e.target.value)} />
          </Field>
        </div>
      )}
      {payments.status === 'loading' && <p className="cv-hint">Loading payment system...</p>}
      {payments.status === 'error' && <Banner tone="error">{PAYMENT_MESSAGES.configError}</Banner>}
      {payments.status === 'ready' && payments.config.mode === 'test-cards' && (
        <LocalTestCardEntry {...entryProps} />
      )}
      {payments.status === 'ready' &&
        payments.config.mode === 'elements' &&
        payments.config.publishableKey && (
          <Suspense fallback={<p className="cv-hint">Loading payment system...</p>}>
            <StripePaymentEntry {...entryProps} publishableKey={payments.config.publishableKey} />
          </Suspense>
        )}
      <p className="cv-hint">
        By starting your trial you agree to the <Link to="/tos">Terms of Service</Link> and the{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
      <button type="submit" className="cv-btn cv-btn-primary reg-submit" disabled={!canSubmit}>
        {processing ? 'Processing...' : `Start ${TRIAL_DAYS}-Day Free Trial`}
      </button>
      {onBack && (
        <button type="button" className="cv-link-btn reg-back" onClick={onBack} disabled={processing}>
          ← Back to account details
        </button>
      )}
    </form>
  );
}
