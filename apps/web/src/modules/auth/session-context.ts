import { createContext } from 'react';
import { type SessionUser, type SignInResult } from '@core-vault/contracts';

export interface Session {
  /**
   * 'loading' while the stored session is being restored (or found missing). A page load without
   * the "has session" hint starts 'ready' and signed out, without asking the server.
   */
  status: 'loading' | 'ready';
  /**
   * Whether this page load knows its session: the server was asked, or the person signed in or
   * out since. False only after a load without the hint, before anything happened: the browser
   * may still hold a refresh cookie from before the hint existed (RequireAuth asks then).
   */
  settled: boolean;
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
  /** Asks the server for the session once in this page load, even without the hint. */
  restore: () => void;
}

export const SessionContext = createContext<Session | null>(null);
