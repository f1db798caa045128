import { useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query';
import { useSession } from '../modules/auth';

/**
 * The query/mutation layer of the app's pages (sign-in, registration and everything signed in).
 * A lazy route layout, so TanStack Query is not in the download of the landing and view pages.
 * The cache belongs to one user: it is emptied when the signed-in user changes.
 */
export function QueryLayout() {
  const [client] = useState(createQueryClient);
  const { user } = useSession();
  const userId = user?.id ?? null;
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current !== null && previous.current !== userId) client.clear();
    previous.current = userId;
  }, [client, userId]);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
