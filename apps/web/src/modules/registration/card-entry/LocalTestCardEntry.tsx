import { useEffect, useImperativeHandle, useState } from 'react';
import { Field } from '../../../components/ui';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';
import { ApiError } from '../../../lib/api/errors';
import { type CardEntryProps, PAYMENT_MESSAGES } from './card-entry';
import {
  cardComplete,
  cardProblem,
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
} from './card-validation';

/**
 * Local mode (billing against stripe-mock): a plain card field that accepts Stripe's published
 * test numbers and turns them into test payment methods through the billing service.
 */
export function LocalTestCardEntry({ ref, disabled, onReady, onChange, error }: CardEntryProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const problem = cardProblem({ number, expiry, cvc });
  const complete = cardComplete({ number, expiry, cvc });

  useEffect(() => onReady(), [onReady]);
  useEffect(() => onChange({ complete, error: problem }), [complete, problem, onChange]);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        const exp = parseExpiry(expiry);
        if (!exp) return { ok: false, cardError: "Your card's expiration date is incomplete." };
        try {
          const pm = await api.call(endpoints.billing.createTestPaymentMethod, {
            body: {
              number: digitsOnly(number),
              exp_month: exp.month,
              exp_year: exp.year,
              cvc: digitsOnly(cvc),
            },
          });
          return { ok: true, paymentMethodId: pm.paymentMethodId };
        } catch (err) {
          if (err instanceof ApiError && (err.status === 402 || err.status === 400))
            return { ok: false, cardError: err.message || PAYMENT_MESSAGES.processFailed };
          throw err;
        }
      },
    }),
    [number, expiry, cvc],
  );

  const shown = error ?? problem;
  return (
    <fieldset className="reg-card" disabled={disabled} aria-describedby="card-help card-error">
      <legend className="cv-label">Card details</legend>
      <p id="card-help" className="cv-hint">
        Test mode: use a Stripe test card such as 4242 4242 4242 4242, any future date and any CVC.
      </p>
      <div className="reg-card-grid">
        <div className="cv-field reg-card-number">
          <label htmlFor="card-number">Card number</label>
          <input
            id="card-number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={number}
            aria-invalid={Boolean(shown)}
            onChange={(e) => setNumber(formatCardNumber(e.target.value))}
          />
        </div>
        <Field id="card-expiry" label="Expiry (MM / YY)">
          <input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
          />
        </Field>
        <Field id="card-cvc" label="CVC">
          <input
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            value={cvc}
            onChange={(e) => setCvc(digitsOnly(e.target.value).slice(0, 4))}
          />
        </Field>
      </div>
      <p id="card-error" className="cv-field-error" role="alert">
        {shown ?? ''}
      </p>
    </fieldset>
  );
}
