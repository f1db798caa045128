import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
// The auth routes straight from the contracts, not through lib/api/endpoints: this provider is in the
// entry chunk, and the endpoints map would pull every context's routes (billing, analytics…) into it.
import { type SessionUser, meRoute, signInRoute, signOutRoute } from '@core-vault/contracts';
import { type ApiClient, api } from '../../../lib/api/client';
import { forgetUserData } from '../../../lib/storage';
import { type Session, SessionContext } from '../session-context';

/**
 * Holds the signed-in user. On start the session is restored from the httpOnly refresh cookie
 * (POST /auth/refresh) — only when the browser holds the "has session" hint (identity sets it with
 * the refresh cookie): an anonymous page load asks nothing. The restore tries until the server
 * answers: a 429, 5xx or network failure waits and asks again (the page shows its spinner), and
 * only a 401 means signed out. The access token stays inside the API client, in memory.
 */
export function SessionProvider({ children, client = api }: { children: ReactNode; client?: ApiClient }) {
  // Read once, at the page load: whether there is a session worth asking for.
  const [hinted] = useState(() => client.mayHaveSession());
  const [status, setStatus] = useState<Session['status']>(hinted ? 'loading' : 'ready');
  const [settled, setSettled] = useState(hinted);
  const [user, setUser] = useState<SessionUser | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const asked = useRef(false);

  const restore = useCallback(() => {
    // Once per page load (StrictMode runs effects twice; RequireAuth may ask again).
    if (asked.current) return;
    asked.current = true;
    setStatus('loading');
    client
      .refresh({ attempts: Infinity })
      .catch(() => null)
      .finally(() => {
        setSettled(true);
        setStatus('ready');
      });
  }, [client]);

  useEffect(() => {
    const off = client.onSession((s) => {
      // No session (signed out here or in another tab, or ended elsewhere): what the app kept in
      // this browser for its person goes with it.
      if (!s) forgetUserData();
      setUser(s ? s.user : null);
      setToken(s ? s.token : null);
      setSettled(true);
    });
    // Setting state after an unmount is a no-op in React 18+, so no "still mounted" flag.
    if (hinted) restore();
    return off;
  }, [client, hinted, restore]);

  const signIn = useCallback<Session['signIn']>(
    async (email, passwordOrCode) => {
      const result = await client.call(signInRoute, { body: { email, password: passwordOrCode } });
      if (result.success) {
        client.setToken(result.token);
        setToken(result.token);
        setUser(result.user);
        setSettled(true);
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
      setSettled(true);
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
    () => ({
      status,
      settled,
      user,
      accessToken: token,
      signIn,
      signOut,
      refreshUser,
      refreshSession,
      restore,
    }),
    [status, settled, user, token, signIn, signOut, refreshUser, refreshSession, restore],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
