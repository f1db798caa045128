import { type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../../../components/ui';
import { useSession } from '../hooks/useSession';

/** Signed-in routes: a spinner while the session loads, then /login (replacing history) without a user. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Spinner label="Loading your session..." />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
