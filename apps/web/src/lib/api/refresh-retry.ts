import { ApiError } from './errors';

/**
 * What a failed POST /auth/refresh means for the session. Only a definite 401 (no such session:
 * cookie missing, expired, revoked or reused) signs the person out. Anything else — 429 (the
 * gateway's refresh budget, docs/reference/identity.md "Rate limits"), a 5xx (a service or its database
 * away), a network failure, an answer that does not parse — says nothing about the session, so
 * the person stays signed in and the refresh is tried again after a wait.
 */
export type RefreshFailure = { kind: 'signed-out' } | { kind: 'retry'; delayMs: number };

export interface RefreshRetryPolicy {
  /** The first wait after a failure without Retry-After; doubled per attempt. */
  baseDelayMs: number;
  /** The longest wait without Retry-After. */
  maxBackoffMs: number;
  /**
   * The longest Retry-After honoured. The gateway blocks a spent budget for its whole window
   * (up to 10 minutes), but budgets are per session and per address, and the person is looking
   * at a spinner: ask again within this, then follow the next answer.
   */
  maxRetryAfterMs: number;
  /** Spread added to a Retry-After wait, so a crowd behind one address does not come back at once. */
  retryAfterJitterMs: number;
}

export const REFRESH_RETRY: RefreshRetryPolicy = {
  baseDelayMs: 1_000,
  maxBackoffMs: 30_000,
  maxRetryAfterMs: 60_000,
  retryAfterJitterMs: 1_000,
};

/**
 * Attempts per refresh made for a call that met an expired token (the call fails after these,
 * the session stays). The refresh on page load tries until it gets an answer (SessionProvider).
 */
export const CALL_REFRESH_ATTEMPTS = 4;

/**
 * The decision after failed attempt `attempt` (1 for the first): sign out, or try again after
 * `delayMs` — Retry-After when the answer gave one (capped, plus a little jitter), otherwise
 * exponential backoff with jitter (half to all of base × 2^(attempt-1), at most maxBackoffMs).
 */
export function afterFailedRefresh(
  err: unknown,
  attempt: number,
  policy: RefreshRetryPolicy = REFRESH_RETRY,
  random: () => number = Math.random,
): RefreshFailure {
  if (err instanceof ApiError && err.status === 401) return { kind: 'signed-out' };
  const retryAfter = err instanceof ApiError ? err.retryAfterSeconds : undefined;
  if (retryAfter !== undefined && retryAfter >= 0) {
    const wait = Math.min(retryAfter * 1_000, policy.maxRetryAfterMs);
    return { kind: 'retry', delayMs: Math.round(wait + random() * policy.retryAfterJitterMs) };
  }
  const backoff = Math.min(policy.baseDelayMs * 2 ** Math.max(0, attempt - 1), policy.maxBackoffMs);
  return { kind: 'retry', delayMs: Math.round(backoff / 2 + (random() * backoff) / 2) };
}
