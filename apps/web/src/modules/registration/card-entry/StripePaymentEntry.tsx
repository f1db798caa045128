import { useEffect, useImperativeHandle, useState } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { type Stripe, type StripeElementsOptions, loadStripe } from '@stripe/stripe-js';
import { type CardEntryProps, PAYMENT_MESSAGES } from './card-entry';

/** Loads Stripe.js for a publishable key (from js.stripe.com); replaced by a stub in unit tests. */
export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>;

/**
 * Deferred intent: the Payment Element collects a card without a SetupIntent, and the payment
 * method is created here ('manual') and handed to billing's trial saga, as the test-card field's is.
 */
const ELEMENTS_OPTIONS: StripeElementsOptions = {
  mode: 'setup',
  currency: 'usd',
  paymentMethodCreation: 'manual',
  // Billing's trial saga attaches a card; other payment method types are not offered.
  allowedPaymentMethodTypes: ['card'],
};

/**
 * Live mode: Stripe's Payment Element through @stripe/react-stripe-js, loaded only when billing
 * reports a publishable key (this chunk is never fetched in local mode; Stripe.js cannot load
 * offline, so here live mode runs only in unit tests with a stubbed loader).
 */
export function StripePaymentEntry({
  publishableKey,
  loader = loadStripe,
  ...props
}: CardEntryProps & { publishableKey: string; loader?: StripeLoader }) {
  // One Stripe instance per key for the life of the form, as react-stripe-js requires.
  const [stripe] = useState(() => loader(publishableKey));
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    stripe.then(
      (s) => s === null && setLoadError(PAYMENT_MESSAGES.configError),
      () => setLoadError(PAYMENT_MESSAGES.configError),
    );
  }, [stripe]);
  return (
    <Elements stripe={stripe.catch(() => null)} options={ELEMENTS_OPTIONS}>
      <PaymentFields {...props} loadError={loadError} />
    </Elements>
  );
}

function PaymentFields({
  ref,
  disabled,
  onReady,
  onChange,
  error,
  loadError,
}: CardEntryProps & { loadError: string | null }) {
  const stripe = useStripe();
  const elements = useElements();

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod(billing) {
        if (!stripe || !elements) return { ok: false, cardError: PAYMENT_MESSAGES.elementMissing };
        // Validates what was typed and shows Stripe's own messages beside the fields.
        const submitted = await elements.submit();
        if (submitted.error)
          return { ok: false, cardError: submitted.error.message ?? PAYMENT_MESSAGES.processFailed };
        const result = await stripe.createPaymentMethod({ elements, params: { billing_details: billing } });
        if (result.paymentMethod) return { ok: true, paymentMethodId: result.paymentMethod.id };
        return { ok: false, cardError: result.error?.message ?? PAYMENT_MESSAGES.processFailed };
      },
    }),
    [stripe, elements],
  );

  return (
    <fieldset className="reg-card" disabled={disabled}>
      <legend className="cv-label">Card details</legend>
      <PaymentElement
        className="reg-elements"
        // Name and e-mail come from the form and the account, not asked twice.
        options={{ fields: { billingDetails: { name: 'never', email: 'never' } }, readOnly: disabled }}
        onReady={onReady}
        onChange={(e) => onChange({ complete: e.complete, error: null })}
      />
      <p className="cv-field-error" role="alert">
        {loadError ?? error ?? ''}
      </p>
    </fieldset>
  );
}
