import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { type SessionUser } from '@core-vault/contracts';
import { endpoints } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/query';
import { usePaymentsConfig } from '../../billing';

/**
 * Billing: Stripe's billing portal for the customer; /billing when there is no customer id, when
 * the portal fails, or in local mode (stripe-mock's portal address is a fixture, not a page).
 */
export function BillingButton({ user }: { user: SessionUser }) {
  const payments = usePaymentsConfig();
  const [fallback, setFallback] = useState(false);
  const { mutateAsync: portalSession } = useApiMutation(endpoints.billing.createPortalSession);
  if (fallback) return <Navigate to="/billing" />;

  const open = async () => {
    const local = payments.status !== 'ready' || payments.config.mode !== 'elements';
    if (local || !user.stripeCustomerId) return setFallback(true);
    try {
      const { url } = await portalSession({ body: {} });
      window.location.assign(url);
    } catch {
      setFallback(true);
    }
  };

  return (
    <button type="button" className="cv-btn cv-btn-small" onClick={() => void open()}>
      Billing
    </button>
  );
}
