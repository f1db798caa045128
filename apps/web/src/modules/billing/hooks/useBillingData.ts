import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { type BillingHistory, type SessionUser, type SubscriptionDetails } from '@core-vault/contracts';
import { endpoints } from '../../../lib/api/endpoints';
import { apiQuery } from '../../../lib/query';

export interface BillingData {
  loading: boolean;
  details: SubscriptionDetails | null;
  invoices: BillingHistory['invoices'];
  reload: () => void;
}

const NO_INVOICES: BillingHistory['invoices'] = [];

/**
 * Subscription details and the latest invoices — loaded for every user with a customer id: a
 * canceled or past-due account needs its cards and history to find its way back (#17; the spec's
 * §5 loaded them for subscribed users only). A failure is only logged.
 */
export function useBillingData(user: SessionUser): BillingData {
  const enabled = Boolean(user.stripeCustomerId);
  const client = useQueryClient();
  const details = useQuery({ ...apiQuery(endpoints.billing.getSubscription), enabled });
  const invoices = useQuery({
    ...apiQuery(endpoints.billing.listInvoices),
    enabled,
    select: (h) => h.invoices.slice(0, 5),
  });
  const error = details.error ?? invoices.error;
  useEffect(() => {
    if (error) console.error('Failed to load subscription data', error);
  }, [error]);

  const reload = useCallback(() => {
    void client.invalidateQueries({ queryKey: [endpoints.billing.getSubscription.id] });
    void client.invalidateQueries({ queryKey: [endpoints.billing.listInvoices.id] });
  }, [client]);
  return {
    loading: details.isFetching || invoices.isFetching,
    details: details.data ?? null,
    invoices: invoices.data ?? NO_INVOICES,
    reload,
  };
}
