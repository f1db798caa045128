import { createContext, useContext } from 'react';

/** Who is looking at the view page. The SPA's auth module provides the real one. */
export interface ViewerSession {
  /** True while the session is being restored; the view page waits before it fetches. */
  loading: boolean;
  user: { id: string; email?: string; cognitoUserId?: string } | null;
  /** Sent as a bearer token so the owner can read a private artifact. */
  accessToken: string | null;
}

export const ANONYMOUS_SESSION: ViewerSession = { loading: false, user: null, accessToken: null };

/** Stub until the auth integration lands: anonymous unless a provider says otherwise. */
export const ViewerSessionContext = createContext<ViewerSession>(ANONYMOUS_SESSION);

export function useViewerSession(): ViewerSession {
  return useContext(ViewerSessionContext);
}
