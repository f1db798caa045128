import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../../../components/ui';
import { useSession } from '../hooks/useSession';

/**
 * Signed-in routes: a spinner while the session loads, then /login (replacing history) without a
 * user. A page load without the "has session" hint asked nothing at start; here, where the only
 * other answer is /login, the server is asked once anyway: a refresh cookie from before the hint
 * existed (or a hint the person deleted) still restores the session. Public pages never ask.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user, settled, restore } = useSession();
  const location = useLocation();
  const unknown = status === 'ready' && !user && !settled;
  useEffect(() => {
    if (unknown) restore();
  }, [unknown, restore]);
  if (status === 'loading' || unknown) return <Spinner label="Loading your session..." />;
  // The query comes back too: /device?code=… returns to the code it was opened with.
  if (!user)
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <>{children}</>;
}
