import { useQuery } from '@tanstack/react-query';
import { type CardEntryConfig } from '@core-vault/contracts';
import { endpoints } from '../../../lib/api/endpoints';
import { apiQuery } from '../../../lib/query';

export type PaymentsConfigState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; config: CardEntryConfig };

/** An older billing service without the field runs in local mode only. */
const LOCAL: CardEntryConfig = { mode: 'test-cards', publishableKey: null };

/** How this deployment collects cards, from the public plans call (fixed for the page's life). */
export function usePaymentsConfig(): PaymentsConfigState {
  const { data, isError } = useQuery({ ...apiQuery(endpoints.billing.listPlans), staleTime: Infinity });
  if (isError) return { status: 'error' };
  if (!data) return { status: 'loading' };
  return { status: 'ready', config: data.payments ?? LOCAL };
}
