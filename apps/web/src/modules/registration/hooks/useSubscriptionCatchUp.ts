import { useCallback } from 'react';
import { isSubscribed } from '@core-vault/contracts';
import { useSession } from '../../auth';

/**
 * After billing started the trial, identity learns it through an event a moment later: refresh
 * the session (new token claims and user) until the user reads as subscribed, a few times at most.
 */
export function useSubscriptionCatchUp(): () => Promise<void> {
  const { refreshSession } = useSession();
  return useCallback(async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const user = await refreshSession();
      if (!user || isSubscribed(user)) return;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }, [refreshSession]);
}
