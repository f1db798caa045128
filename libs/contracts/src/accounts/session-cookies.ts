/**
 * The two cookies of a browser session. Identity sets and clears them together, with the same
 * Path, Secure, SameSite and Max-Age (the refresh-token family's remaining lifetime):
 * - `refresh`: httpOnly, the secret `<sessionId>.<token>` that POST /auth/refresh exchanges;
 * - `hint`: readable by the SPA, always "1", no secret. It only says "this browser holds a
 *   session", so the SPA asks for a refresh on a page load only when one can succeed (an anonymous
 *   visitor's page load makes no refresh call at all; docs/reference/web.md).
 * `__Host-` in production: the browser then insists on Secure, Path=/ and no Domain, so no sibling
 * subdomain can plant or overwrite them. Locally the plain names.
 */
export const SESSION_COOKIES = {
  refresh: { production: '__Host-cv_rt', local: 'cv_rt' },
  hint: { production: '__Host-cv_has_session', local: 'cv_has_session' },
} as const;

export type SessionCookie = keyof typeof SESSION_COOKIES;

/** The hint cookie's one value. */
export const SESSION_HINT_VALUE = '1';

export function sessionCookieName(cookie: SessionCookie, nodeEnv: string): string {
  const names = SESSION_COOKIES[cookie];
  return nodeEnv === 'production' ? names.production : names.local;
}

/** A cookie's value from a Cookie header or `document.cookie`, by exact name. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The session (refresh-token family) a refresh cookie's value names: its `ses_…` half, which is
 * the `sid` of the family's access tokens and no secret (the token half is). Undefined when the
 * value is not shaped like a refresh cookie. Says nothing about whether the session is genuine.
 */
export function refreshCookieSessionId(value: string | undefined): string | undefined {
  return value ? /^(ses_[A-Za-z0-9_-]{1,64})\.[A-Za-z0-9_-]{43}$/.exec(value)?.[1] : undefined;
}
