import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
// The auth routes straight from the contracts, not through lib/api/endpoints: this provider is in the
// entry chunk, and the endpoints map would pull every context's routes (billing, analytics…) into it.
import { type SessionUser, meRoute, signInRoute, signOutRoute } from '@core-vault/contracts';
import { type ApiClient, api } from '../../../lib/api/client';
import { forgetUserData } from '../../../lib/storage';
import { type Session, SessionContext } from '../session-context';

/**
 * Holds the signed-in user. On start the session is restored from the httpOnly refresh cookie
 * (POST /auth/refresh); the access token stays inside the API client, in memory.
 */
export function SessionProvider({ children, client = api }: { children: ReactNode; client?: ApiClient }) {
  const [status, setStatus] = useState<Session['status']>('loading');
  const [user, setUser] = useState<SessionUser | null>(null);
  const [token, setToken] = useState<string | null>(null);

  useEffect(() => {
    const off = client.onSession((s) => {
      // No session (signed out here or in another tab, or ended elsewhere): what the app kept in
      // this browser for its person goes with it.
      if (!s) forgetUserData();
      setUser(s ? s.user : null);
      setToken(s ? s.token : null);
    });
    // Setting state after an unmount is a no-op in React 18+, so no "still mounted" flag.
    client
      .refresh()
      .catch(() => null)
      .finally(() => setStatus('ready'));
    return off;
  }, [client]);

  const signIn = useCallback<Session['signIn']>(
    async (email, passwordOrCode) => {
      const result = await client.call(signInRoute, { body: { email, password: passwordOrCode } });
      if (result.success) {
        client.setToken(result.token);
        setToken(result.token);
        setUser(result.user);
      }
      return result;
    },
    [client],
  );

  const signOut = useCallback(async () => {
    try {
      await client.call(signOutRoute);
    } catch {
      // the server forgets the session on its own schedule; locally it ends now
    } finally {
      // Every tab of this browser follows (they share the cookie just cleared).
      client.signedOut();
      forgetUserData();
      setToken(null);
      setUser(null);
    }
  }, [client]);

  const refreshUser = useCallback(async () => {
    if (!client.accessToken) return null;
    try {
      const me = await client.call(meRoute);
      setUser(me);
      return me;
    } catch {
      return null;
    }
  }, [client]);

  const refreshSession = useCallback(async () => {
    const session = await client.refresh().catch(() => null);
    return session?.user ?? null;
  }, [client]);

  const value = useMemo<Session>(
    () => ({ status, user, accessToken: token, signIn, signOut, refreshUser, refreshSession }),
    [status, user, token, signIn, signOut, refreshUser, refreshSession],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
