import { type CookieOptions } from 'express';

/**
 * `__Host-` in production: the browser then insists on Secure, Path=/ and no Domain, so no
 * sibling subdomain can plant or overwrite it. Locally the plain name (same flags otherwise).
 */
export function refreshCookieName(nodeEnv: string): string {
  return nodeEnv === 'production' ? '__Host-cv_rt' : 'cv_rt';
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

/** The refresh cookie's value from a raw Cookie header (no parser middleware needed for one). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** `<sessionId>.<token>`; both halves base64url/id characters only. */
export function parseRefreshCookie(
  value: string | undefined,
): { sessionId: string; token: string } | undefined {
  const match = value ? /^(ses_[A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  return match ? { sessionId: match[1] as string, token: match[2] as string } : undefined;
}
