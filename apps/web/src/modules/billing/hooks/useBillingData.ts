import { useCallback, useEffect, useState } from 'react';
import {
  type BillingHistory,
  type SessionUser,
  type SubscriptionDetails,
  isSubscribed,
} from '@core-vault/contracts';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';

export interface BillingData {
  loading: boolean;
  details: SubscriptionDetails | null;
  invoices: BillingHistory['invoices'];
  reload: () => void;
}

/**
 * Subscription details and the latest invoices — loaded only for subscribed users with a
 * customer id (spec accounts §5); a failure is only logged.
 */
export function useBillingData(user: SessionUser): BillingData {
  const [details, setDetails] = useState<SubscriptionDetails | null>(null);
  const [invoices, setInvoices] = useState<BillingHistory['invoices']>([]);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const eligible = Boolean(user.stripeCustomerId) && isSubscribed(user);

  useEffect(() => {
    if (!eligible) return;
    let live = true;
    setLoading(true);
    Promise.all([api.call(endpoints.billing.getSubscription), api.call(endpoints.billing.listInvoices)])
      .then(([d, h]) => {
        if (!live) return;
        setDetails(d);
        setInvoices(h.invoices.slice(0, 5));
      })
      .catch((err: unknown) => console.error('Failed to load subscription data', err))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [eligible, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { loading, details, invoices, reload };
}
