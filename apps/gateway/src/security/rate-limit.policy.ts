import { type RateLimitRule } from '@core-vault/platform';

export type LimitedAction =
  'sign-up' | 'sign-in' | 'verify-code' | 'resend-code' | 'reset-request' | 'reset-confirm' | 'refresh';

const minutes = (n: number) => n * 60;

/**
 * Per client IP and per e-mail address (when the body names one). The per-address limits stop a
 * spread-out attack on one account; the per-IP limits stop one client trying many accounts.
 * Kept in docs/identity.md.
 */
export const RATE_LIMITS: Record<LimitedAction, { ip: RateLimitRule; email?: RateLimitRule }> = {
  'sign-up': { ip: { limit: 20, windowSeconds: minutes(60) } },
  'sign-in': {
    ip: { limit: 30, windowSeconds: minutes(10) },
    email: { limit: 10, windowSeconds: minutes(10) },
  },
  'verify-code': {
    ip: { limit: 30, windowSeconds: minutes(10) },
    email: { limit: 10, windowSeconds: minutes(10) },
  },
  'resend-code': {
    ip: { limit: 10, windowSeconds: minutes(10) },
    email: { limit: 5, windowSeconds: minutes(10) },
  },
  'reset-request': {
    ip: { limit: 10, windowSeconds: minutes(60) },
    email: { limit: 5, windowSeconds: minutes(60) },
  },
  'reset-confirm': {
    ip: { limit: 20, windowSeconds: minutes(10) },
    email: { limit: 10, windowSeconds: minutes(10) },
  },
  refresh: { ip: { limit: 120, windowSeconds: minutes(10) } },
};

/** The sign-in call carries either a password (step 1) or a code (step 2): two separate budgets. */
export function signInAction(body: unknown): LimitedAction {
  const b = (body ?? {}) as { code?: unknown; password?: unknown };
  const isCode = typeof b.code === 'string' || (typeof b.password === 'string' && /^\d{6}$/.test(b.password));
  return isCode ? 'verify-code' : 'sign-in';
}

/** The address a body names, in the form identity compares (undefined when absent or absurd). */
export function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || email.length > 254) return undefined;
  const normalized = email.trim().normalize('NFC').toLowerCase();
  return normalized || undefined;
}
