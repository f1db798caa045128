import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import {
  type BillingHistory,
  type SessionUser,
  type SubscriptionDetails,
  isSubscribed,
} from '@core-vault/contracts';
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
 * Subscription details and the latest invoices — loaded only for subscribed users with a
 * customer id (spec accounts §5); a failure is only logged.
 */
export function useBillingData(user: SessionUser): BillingData {
  const enabled = Boolean(user.stripeCustomerId) && isSubscribed(user);
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
