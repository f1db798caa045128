import { SESSION_COOKIES, SESSION_HINT_VALUE, readCookie } from '@core-vault/contracts';

/**
 * Whether this browser holds a session, from identity's readable "has session" hint cookie (set
 * and cleared with the httpOnly refresh cookie, same lifetime; libs/contracts session-cookies.ts).
 * Without it a page load does not ask for a refresh: an anonymous visitor's refresh could only
 * be a 401, and it would spend the gateway's refresh budget of everyone behind the same address.
 * Either name counts (`__Host-` in production): the SPA is built without knowing the server's.
 */
export function hasSessionHint(cookies: string): boolean {
  const { production, local } = SESSION_COOKIES.hint;
  return [production, local].some((name) => readCookie(cookies, name) === SESSION_HINT_VALUE);
}

/** The page's own cookies (none outside a browser). */
export const documentCookies = (): string => (typeof document === 'undefined' ? '' : document.cookie);
