import { type FormEvent, useRef, useState } from 'react';
import { type PricedPlan, type SessionUser } from '@core-vault/contracts';
import { Dialog } from '../../../components/ui';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';
import { type CardEntryHandle, PAYMENT_MESSAGES } from '../../registration';
import { type PaymentsConfigState } from '../api/usePaymentsConfig';
import { messageOf } from '../../../lib/api/errors';
import { BILLING_TEXTS as T } from '../billing-texts';
import { CardEntry } from './CardEntry';

export interface CardOnFile {
  id: string;
  label: string;
}

/** Turns what was typed into a payment method id; a card error comes back as text. */
async function paymentMethodFrom(
  entry: CardEntryHandle | null,
  user: SessionUser,
): Promise<{ id: string } | { error: string }> {
  if (!entry) return { error: PAYMENT_MESSAGES.elementMissing };
  const pm = await entry.createPaymentMethod({ email: user.email, name: user.email });
  return pm.ok ? { id: pm.paymentMethodId } : { error: pm.cardError };
}

/**
 * "+ Add Payment Method" (optionally as the default) and "Update Payment Method" (a new card
 * replaces the default one). The card is confirmed by billing through a SetupIntent.
 */
export function CardDialog({
  user,
  payments,
  replaces,
  onClose,
  onDone,
}: {
  user: SessionUser;
  payments: PaymentsConfigState;
  /** The default card a new one replaces ("Update Payment Method"), or null to add one. */
  replaces: CardOnFile | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const entry = useRef<CardEntryHandle>(null);
  const [ready, setReady] = useState(false);
  const [makeDefault, setMakeDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const pm = await paymentMethodFrom(entry.current, user);
      if ('error' in pm) return setError(pm.error);
      await api.call(endpoints.billing.addPaymentMethod, {
        body: replaces
          ? { paymentMethodId: pm.id, replaces: replaces.id }
          : { paymentMethodId: pm.id, makeDefault },
      });
      onDone(replaces ? T.cardReplaced : T.cardAdded);
    } catch (err) {
      setError(messageOf(err, T.cardUpdateFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={replaces ? 'Update Payment Method' : 'Add Payment Method'} onClose={onClose}>
      <form className="bl-form" onSubmit={(e) => void submit(e)}>
        {replaces && <p>The new card replaces {replaces.label} and pays your next invoices.</p>}
        {error && (
          <div className="cv-banner cv-banner-error" role="alert" data-testid="card-dialog-error">
            {error}
          </div>
        )}
        <CardEntry payments={payments} entry={entry} disabled={busy} error={null} onReadyChange={setReady} />
        {!replaces && (
          <label className="cv-row">
            <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />
            Make this my default payment method
          </label>
        )}
        <button type="submit" className="cv-btn cv-btn-primary" disabled={!ready || busy}>
          {busy ? 'Saving...' : replaces ? 'Replace Card' : 'Add Card'}
        </button>
      </form>
    </Dialog>
  );
}

/**
 * Subscribe again (a canceled account): no second free trial, the first period is charged now,
 * with the card on file or a new one.
 */
export function SubscribeDialog({
  user,
  payments,
  plans,
  cardOnFile,
  onClose,
  onDone,
}: {
  user: SessionUser;
  payments: PaymentsConfigState;
  plans: readonly PricedPlan[];
  cardOnFile: CardOnFile | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const entry = useRef<CardEntryHandle>(null);
  const [plan, setPlan] = useState(plans[0]?.id ?? 'pro_monthly');
  const [useNew, setUseNew] = useState(cardOnFile === null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      let paymentMethodId: string | undefined;
      if (useNew) {
        const pm = await paymentMethodFrom(entry.current, user);
        if ('error' in pm) return setError(pm.error);
        paymentMethodId = pm.id;
      }
      const res = await api.call(endpoints.billing.subscribe, {
        body: paymentMethodId ? { planType: plan, paymentMethodId } : { planType: plan },
      });
      onDone(res.message);
    } catch (err) {
      setError(messageOf(err, T.subscribeFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title="Subscribe to Pro" onClose={onClose}>
      <form className="bl-form" onSubmit={(e) => void submit(e)}>
        <p>{T.noSecondTrial}</p>
        {error && (
          <div className="cv-banner cv-banner-error" role="alert" data-testid="subscribe-error">
            {error}
          </div>
        )}
        <fieldset className="bl-choices">
          <legend className="cv-label">Plan</legend>
          {plans.map((p) => (
            <label key={p.id} className="cv-row">
              <input type="radio" name="plan" checked={plan === p.id} onChange={() => setPlan(p.id)} />
              {p.name} — {p.priceLabel}
            </label>
          ))}
        </fieldset>
        {cardOnFile && (
          <fieldset className="bl-choices">
            <legend className="cv-label">Pay with</legend>
            <label className="cv-row">
              <input type="radio" name="card" checked={!useNew} onChange={() => setUseNew(false)} />
              {cardOnFile.label}
            </label>
            <label className="cv-row">
              <input type="radio" name="card" checked={useNew} onChange={() => setUseNew(true)} />A new card
            </label>
          </fieldset>
        )}
        {useNew && (
          <CardEntry
            payments={payments}
            entry={entry}
            disabled={busy}
            error={null}
            onReadyChange={setReady}
          />
        )}
        <button type="submit" className="cv-btn cv-btn-primary" disabled={busy || (useNew && !ready)}>
          {busy ? 'Processing...' : 'Subscribe and Pay Now'}
        </button>
      </form>
    </Dialog>
  );
}
