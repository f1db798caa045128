import { QueryClient } from '@tanstack/react-query';

/**
 * The app pages' cache. Data is stale at once (TanStack's default): a page shows what it has and
 * reloads on mount, as the pages did before the cache. No automatic retries: the API client
 * already refreshes the session and retries once after a 401, and a failed call shows its message
 * (spec §8) instead of a spinner that keeps trying. No refetch on window focus: pages reload what
 * an action changed (invalidation), and nothing calls the gateway behind the user's back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
