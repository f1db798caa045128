import { type SubscriptionDetails } from '@core-vault/contracts';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';
import { messageOf } from '../../../lib/api/errors';
import { BILLING_TEXTS as T, cardLabel } from '../billing-texts';

/** The cards on file (billing's mirror of Stripe's), with make-default and remove per card. */
export function PaymentMethodsCard({
  cards,
  canAdd,
  onAdd,
  onChanged,
}: {
  cards: SubscriptionDetails['payment_methods'];
  canAdd: boolean;
  onAdd: () => void;
  onChanged: () => void;
}) {
  const run = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      window.alert(done);
    } catch (err) {
      window.alert(messageOf(err, T.cardUpdateFailed));
    } finally {
      onChanged();
    }
  };
  const makeDefault = (id: string) =>
    run(
      () => api.call(endpoints.billing.setDefaultPaymentMethod, { params: { id }, body: {} }),
      T.defaultCardChanged,
    );
  const remove = (id: string) => {
    if (!window.confirm(T.confirmRemoveCard)) return;
    void run(() => api.call(endpoints.billing.removePaymentMethod, { params: { id } }), T.cardRemoved);
  };

  return (
    <section className="cv-card bl-wide" aria-labelledby="pm-title">
      <div className="cv-spread">
        <h2 id="pm-title">Payment Methods</h2>
        {canAdd && (
          <button type="button" className="cv-btn cv-btn-small" onClick={onAdd}>
            + Add Payment Method
          </button>
        )}
      </div>
      {cards.length === 0 ? (
        <p className="cv-hint">{T.noPaymentMethods}</p>
      ) : (
        <ul className="bl-pms" data-testid="payment-methods">
          {cards.map((pm) => (
            <li key={pm.id} className="cv-spread" data-testid={`card-${pm.id}`}>
              <span>
                <strong>{pm.card.brand.toUpperCase()}</strong> •••• {pm.card.last4} — expires{' '}
                {String(pm.card.exp_month).padStart(2, '0')}/{pm.card.exp_year}
                {pm.is_default && <span className="cv-badge cv-tone-green"> Default</span>}
              </span>
              <span className="cv-row">
                {!pm.is_default && (
                  <button
                    type="button"
                    className="cv-btn cv-btn-small"
                    aria-label={`Make ${cardLabel(pm.card)} the default`}
                    onClick={() => void makeDefault(pm.id)}
                  >
                    Make Default
                  </button>
                )}
                <button
                  type="button"
                  className="cv-btn cv-btn-small cv-btn-danger"
                  aria-label={`Remove ${cardLabel(pm.card)}`}
                  onClick={() => remove(pm.id)}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
