import { useEffect, useState } from 'react';
import { type CardEntryConfig } from '@core-vault/contracts';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';

export type PaymentsConfigState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; config: CardEntryConfig };

/** How this deployment collects cards, from the public plans call. */
export function usePaymentsConfig(): PaymentsConfigState {
  const [state, setState] = useState<PaymentsConfigState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    api
      .call(endpoints.billing.listPlans)
      .then((res) => {
        if (!live) return;
        // An older billing service without the field runs in local mode only.
        setState({ status: 'ready', config: res.payments ?? { mode: 'test-cards', publishableKey: null } });
      })
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
