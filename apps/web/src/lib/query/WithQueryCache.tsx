import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext, useState } from 'react';
import { createQueryClient } from './query-client';

/**
 * For pieces that open both inside the app pages and on the view page: in the app they share the
 * pages' query cache (so what they change reloads the cards); the view page has none (TanStack
 * Query stays out of its first download), so there they bring a cache of their own.
 */
export function WithQueryCache({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  const [own] = useState(() => (existing ? null : createQueryClient()));
  return own ? <QueryClientProvider client={own}>{children}</QueryClientProvider> : <>{children}</>;
}
