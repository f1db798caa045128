import { QueryClient } from '@tanstack/react-query';

/**
 * The signed-in pages' cache. No automatic retries: the API client already refreshes the session
 * and retries once after a 401, and a failed call shows its message (spec §8) instead of a
 * spinner that keeps trying. No refetch on window focus: the pages reload what an action changed
 * (invalidation), and nothing else calls the gateway behind the user's back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
