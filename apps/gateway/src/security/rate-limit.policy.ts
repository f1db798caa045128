import { type AccessSubject, hasFeature } from '@core-vault/contracts';

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export type AuthAction =
  | 'sign-up'
  | 'sign-in'
  | 'verify-code'
  | 'resend-code'
  | 'reset-request'
  | 'reset-confirm'
  | 'refresh'
  | 'account-password'
  | 'account-code'
  | 'device-code'
  | 'device-token'
  | 'device-verify';
/** What a route declares with @RateLimit; 'sign-in' is split into password and code attempts. */
export type LimitedAction = AuthAction | 'track-view';

export interface RateLimitRules {
  ip: RateLimitRule;
  email?: RateLimitRule;
  /** Per browser session (refresh-token family, from the refresh cookie), counted before the IP. */
  session?: RateLimitRule;
}

const minutes = (n: number) => n * 60;

/**
 * Per client IP and per e-mail address (when the body names one). The per-address limits stop a
 * spread-out attack on one account; the per-IP limits stop one client trying many accounts.
 * Refresh is counted per session first (below). Kept in docs/reference/identity.md.
 */
export const RATE_LIMITS: Record<AuthAction, RateLimitRules> = {
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
  // Refresh is what keeps a person signed in, and one office, school or mobile carrier puts
  // hundreds of people behind one address (NAT), so it is counted per session first:
  // - per session (the refresh-token family, its id from the refresh cookie): 120 / 10 min. The
  //   SPA refreshes once per page load and once per 15-minute access token, one tab at a time per
  //   browser (docs/reference/web.md): a person reloading every 5 s for ten minutes stays within it, a
  //   script replaying one cookie does not. Another session's spent budget never touches this one.
  // - per IP, every call with or without a cookie: 6,000 / 10 min (10 a second). Sized for a NAT
  //   of ~1,000 signed-in people loading a few pages each in ten minutes, plus calls from old
  //   cached bundles; it only stops a flood (a refresh without a genuine cookie is a cheap 401 and
  //   the tokens cannot be guessed). Anonymous page loads no longer call refresh (the "has
  //   session" hint cookie), so public viewers spend neither budget.
  // Over either, the SPA waits (Retry-After) and keeps the person signed in; only a 401 signs out.
  refresh: {
    session: { limit: 120, windowSeconds: minutes(10) },
    ip: { limit: 6_000, windowSeconds: minutes(10) },
  },
  // Account settings calls that check the current password: whoever holds a session must not be
  // able to guess the password at scrypt's speed.
  'account-password': { ip: { limit: 20, windowSeconds: minutes(10) } },
  // Signed-in code calls (e-mail change confirmation, account deletion): identity voids a code
  // after 5 wrong tries and sends one mail a minute; this caps how fast a session can cycle them.
  'account-code': { ip: { limit: 20, windowSeconds: minutes(10) } },
  // Device sign-in (RFC 8628, `corevault login`). Starting one stores a record: a person starts a
  // few; a NAT of many people a few hundred in ten minutes.
  'device-code': { ip: { limit: 100, windowSeconds: minutes(10) } },
  // Polls: each sign-in is slowed to its interval by identity itself (slow_down); this is only a
  // ceiling per address, sized for ~50 terminals behind one NAT polling every 5 s for 10 minutes.
  'device-token': { ip: { limit: 6_000, windowSeconds: minutes(10) } },
  // The /device page's look-up, approve and deny: each is a guess at a user code (8 characters
  // of 20: 2.6 × 10^10). A person types one code, maybe wrongly a few times; per session (the
  // signed-in one) and per address, so neither many sessions nor many addresses go far.
  'device-verify': {
    session: { limit: 20, windowSeconds: minutes(10) },
    ip: { limit: 60, windowSeconds: minutes(10) },
  },
};

/** Tracking calls per client IP, from config (the benchmarks and load tests raise it). */
export function trackViewRule(config: {
  TRACK_RATE_LIMIT: number;
  TRACK_RATE_WINDOW_SECONDS: number;
}): RateLimitRules {
  return { ip: { limit: config.TRACK_RATE_LIMIT, windowSeconds: config.TRACK_RATE_WINDOW_SECONDS } };
}

/** The per-key throttler's name; it runs on every route (TokenRateLimitGuard), the others where declared. */
export const TOKEN_THROTTLER = 'token';

/**
 * Requests per personal access token, whatever route it calls (the per-IP and per-address rules
 * still apply where declared): Business owners (api_access) get the larger budget the API is sold
 * with. The owner facts are current on every request, so a downgrade shrinks the budget at once.
 */
export function tokenRule(
  config: { TOKEN_RATE_LIMIT: number; TOKEN_RATE_LIMIT_BUSINESS: number; TOKEN_RATE_WINDOW_SECONDS: number },
  owner: AccessSubject,
): RateLimitRule {
  return {
    limit: hasFeature(owner, 'api_access') ? config.TOKEN_RATE_LIMIT_BUSINESS : config.TOKEN_RATE_LIMIT,
    windowSeconds: config.TOKEN_RATE_WINDOW_SECONDS,
  };
}

/** The budget a call is counted in: the declared action, with sign-in split by what the body carries. */
export function actionOf(declared: LimitedAction, body: unknown): LimitedAction {
  return declared === 'sign-in' ? signInAction(body) : declared;
}

/** The sign-in call carries either a password (step 1) or a code (step 2): two separate budgets. */
export function signInAction(body: unknown): AuthAction {
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
