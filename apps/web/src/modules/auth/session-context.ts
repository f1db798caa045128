import { createContext } from 'react';
import { type SessionUser, type SignInResult } from '@core-vault/contracts';

export interface Session {
  /** 'loading' until the stored session has been restored (or found missing). */
  status: 'loading' | 'ready';
  user: SessionUser | null;
  /** The in-memory access token (for calls made outside the API client, e.g. the preview frame). */
  accessToken: string | null;
  /** Password step or code step; a success signs in at once. */
  signIn: (email: string, passwordOrCode: string) => Promise<SignInResult>;
  /** Always ends signed out locally, even when the server call fails. */
  signOut: () => Promise<void>;
  /** Re-reads the user (GET /me), e.g. after billing changed it. */
  refreshUser: () => Promise<SessionUser | null>;
  /** New token and user from the refresh cookie (claims catch up with billing changes). */
  refreshSession: () => Promise<SessionUser | null>;
}

export const SessionContext = createContext<Session | null>(null);
