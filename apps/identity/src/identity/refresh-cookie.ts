import { type CookieOptions, type Request, type Response } from 'express';
import { SESSION_HINT_VALUE, readCookie, sessionCookieName } from '@core-vault/contracts';

/**
 * `__Host-` in production: the browser then insists on Secure, Path=/ and no Domain, so no
 * sibling subdomain can plant or overwrite it. Locally the plain name (same flags otherwise).
 */
export function refreshCookieName(nodeEnv: string): string {
  return sessionCookieName('refresh', nodeEnv);
}

export function refreshCookieOptions(maxAgeMs?: number): CookieOptions {
  return {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: '/',
    ...(maxAgeMs !== undefined ? { maxAge: maxAgeMs } : {}),
  };
}

/** The session hint: the refresh cookie's flags and lifetime, but readable by the SPA (it holds no secret). */
export function sessionHintCookieOptions(maxAgeMs?: number): CookieOptions {
  return { ...refreshCookieOptions(maxAgeMs), httpOnly: false };
}

/**
 * The browser's two session cookies (libs/contracts, session-cookies.ts), always written together:
 * the httpOnly refresh cookie and the SPA-readable "has session" hint, same lifetime. The refresh
 * cookie's Set-Cookie comes first (clients and suites that take one cookie take the first).
 */
export class SessionCookies {
  private readonly refreshName: string;
  private readonly hintName: string;

  constructor(nodeEnv: string) {
    this.refreshName = refreshCookieName(nodeEnv);
    this.hintName = sessionCookieName('hint', nodeEnv);
  }

  /** The refresh cookie's value, from the request's Cookie header (no parser middleware needed for one). */
  read(req: Request): string | undefined {
    return readCookie(req.headers.cookie, this.refreshName);
  }

  /** A new or rotated refresh cookie, and the hint for exactly as long. */
  set(res: Response, value: string, expiresAt: Date, now = Date.now()): void {
    const maxAge = Math.max(0, expiresAt.getTime() - now);
    res.cookie(this.refreshName, value, refreshCookieOptions(maxAge));
    res.cookie(this.hintName, SESSION_HINT_VALUE, sessionHintCookieOptions(maxAge));
  }

  /** The session is gone (signed out, revoked, expired, account deleted): both cookies go. */
  clear(res: Response): void {
    res.clearCookie(this.refreshName, refreshCookieOptions());
    res.clearCookie(this.hintName, sessionHintCookieOptions());
  }
}

/** `<sessionId>.<token>`; both halves base64url/id characters only. */
export function parseRefreshCookie(
  value: string | undefined,
): { sessionId: string; token: string } | undefined {
  const match = value ? /^(ses_[A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  return match ? { sessionId: match[1] as string, token: match[2] as string } : undefined;
}
