import { type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type ThrottlerOptions, type ThrottlerStorage } from '@nestjs/throttler';
import { type AuthUser } from '@core-vault/contracts';
import { authUser } from '@core-vault/platform/testing';
import { type GatewayConfig } from '../config';
import { RateLimit } from './rate-limit.guard';
import { RATE_LIMITS } from './rate-limit.policy';
import { gatewayThrottlers } from './rate-limit.throttlers';

class Routes {
  @RateLimit('sign-in')
  signIn(): void {}
  @RateLimit('track-view')
  track(): void {}
  @RateLimit('refresh')
  refresh(): void {}
  @RateLimit('device-verify')
  approveDevice(): void {}
  open(): void {}
}

const config = {
  NODE_ENV: 'production',
  RATE_LIMIT_NAMESPACE: 'rl:t',
  TRACK_RATE_LIMIT: 7,
  TRACK_RATE_WINDOW_SECONDS: 30,
  TOKEN_RATE_LIMIT: 120,
  TOKEN_RATE_LIMIT_BUSINESS: 600,
  TOKEN_RATE_WINDOW_SECONDS: 60,
} as GatewayConfig;
/** Stands in for the keyed hash (client-pseudonyms.spec.ts): marks what it was given. */
const pseudonyms = { of: (client: string) => Promise.resolve(`pseudonym(${client})`) };
const options = gatewayThrottlers(config, {} as ThrottlerStorage, new Reflector(), pseudonyms);
const throttlers = Array.isArray(options) ? options : options.throttlers;
const named = (name: string) => throttlers.find((t) => t.name === name) as ThrottlerOptions;
/** A throttler's limit or ttl for a call (both are resolved per route here). */
const resolve = (value: ThrottlerOptions['limit'], context: ExecutionContext) =>
  typeof value === 'function' ? value(context) : value;

function context(handler: keyof Routes, body: unknown, user?: AuthUser, cookie?: string): ExecutionContext {
  const headers = cookie === undefined ? {} : { cookie };
  return {
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => ({ body, ip: '198.51.100.4', user, headers }) }),
  } as unknown as ExecutionContext;
}

describe('gateway throttlers', () => {
  it('skips routes that declare no limit, and the e-mail budget when the body names no address', () => {
    expect(named('ip').skipIf?.(context('open', {}))).toBe(true);
    expect(named('ip').skipIf?.(context('signIn', {}))).toBe(false);
    expect(named('email').skipIf?.(context('signIn', {}))).toBe(true);
    expect(named('email').skipIf?.(context('signIn', { email: 'a@b.co' }))).toBe(false);
    expect(named('email').skipIf?.(context('track', { email: 'a@b.co' }))).toBe(true);
  });

  it("counts codes and passwords in separate budgets, with the policy's limits", async () => {
    const code = context('signIn', { email: 'a@b.co', code: '123456' });
    const password = context('signIn', { email: 'a@b.co', password: 'a long password' });
    expect(Array.isArray(options) ? undefined : options.generateKey?.(code, 'x', 'ip')).toBe(
      'rl:t:verify-code:x',
    );
    expect(Array.isArray(options) ? undefined : options.generateKey?.(password, 'x', 'ip')).toBe(
      'rl:t:sign-in:x',
    );
    expect(await resolve(named('email').limit, code)).toBe(10);
    expect(await resolve(named('ip').ttl, password)).toBe(600_000);
  });

  it('takes the tracking limit from config and counts clients by pseudonym, never by address', async () => {
    const track = context('track', {});
    expect(await resolve(named('ip').limit, track)).toBe(7);
    expect(await resolve(named('ip').ttl, track)).toBe(30_000);
    expect(await named('ip').getTracker?.({}, track)).toBe('pseudonym(198.51.100.4)');
    const tracker = await named('email').getTracker?.({}, context('signIn', { email: 'A@b.co' }));
    // The address as normalised, apart from IPs (an address and an IP never share a counter).
    expect(tracker).toBe('pseudonym(email:a@b.co)');
    expect(tracker).toBe(await named('email').getTracker?.({}, context('signIn', { email: 'a@b.co ' })));
  });

  it('limits every request made with a key, by key id, with the Business budget for api_access', async () => {
    const key = authUser({ sessionId: 'pat_abc', scopes: ['artifacts:read'] });
    const business = { ...key, planType: 'Business' as const, subscriptionStatus: 'ACTIVE' as const };
    const token = named('token');
    // Sessions and anonymous callers are not counted here, on any route.
    expect(token.skipIf?.(context('open', {}))).toBe(true);
    expect(token.skipIf?.(context('open', {}, authUser()))).toBe(true);
    expect(token.skipIf?.(context('open', {}, key))).toBe(false);
    expect(token.skipIf?.(context('signIn', {}, key))).toBe(false);
    expect(await resolve(token.limit, context('open', {}, key))).toBe(120);
    expect(await resolve(token.limit, context('open', {}, business))).toBe(600);
    expect(await resolve(token.ttl, context('open', {}, key))).toBe(60_000);
    expect(await token.getTracker?.({}, context('open', {}, key))).toBe('pat_abc');
    // One budget per key whatever the route's own action.
    const keyOf = (handler: keyof Routes) =>
      Array.isArray(options)
        ? undefined
        : options.generateKey?.(context(handler, {}, key), 'pat_abc', 'token');
    expect(keyOf('open')).toBe('rl:t:token:pat_abc');
    expect(keyOf('signIn')).toBe('rl:t:token:pat_abc');
  });

  it("counts refresh per session first (by the refresh cookie's session id), then per address", async () => {
    const token = 'A'.repeat(43);
    const withCookie = (cookie?: string) => context('refresh', {}, undefined, cookie);
    const mine = withCookie(`cv_has_session=1; __Host-cv_rt=ses_mine.${token}`);
    const session = named('session');
    // First in line: a session over its budget is refused before it spends its address's.
    expect(throttlers.map((t) => t.name)).toEqual(['session', 'ip', 'email', 'token']);
    expect(session.skipIf?.(mine)).toBe(false);
    expect(await session.getTracker?.({}, mine)).toBe('ses_mine');
    expect(await session.getTracker?.({}, withCookie(`__Host-cv_rt=ses_other.${token}`))).toBe('ses_other');
    expect(await resolve(session.limit, mine)).toBe(RATE_LIMITS.refresh.session?.limit);
    expect(await resolve(session.ttl, mine)).toBe(600_000);
    expect(Array.isArray(options) ? undefined : options.generateKey?.(mine, 'ses_mine', 'session')).toBe(
      'rl:t:refresh:ses_mine',
    );
    // No cookie, a malformed one, the local name in production, or a route without a session rule.
    for (const cookie of [undefined, '__Host-cv_rt=garbage', `cv_rt=ses_mine.${token}`])
      expect(session.skipIf?.(withCookie(cookie))).toBe(true);
    expect(session.skipIf?.(context('signIn', {}, undefined, `__Host-cv_rt=ses_mine.${token}`))).toBe(true);
    // Every refresh, with a cookie or without, also counts against its address, with room for a NAT.
    expect(named('ip').skipIf?.(mine)).toBe(false);
    expect(named('ip').skipIf?.(withCookie())).toBe(false);
    expect(await resolve(named('ip').limit, mine)).toBe(RATE_LIMITS.refresh.ip.limit);
  });

  it('counts user-code guesses on the /device page per signed-in session, then per address', async () => {
    const token = 'k'.repeat(43);
    const session = named('session');
    const signedIn = authUser({ sessionId: 'ses_page' });
    // The session from the refresh cookie, else from the access token; a key is no session.
    const withCookie = context('approveDevice', {}, signedIn, `__Host-cv_rt=ses_cookie.${token}`);
    expect(await session.getTracker?.({}, withCookie)).toBe('ses_cookie');
    const bearerOnly = context('approveDevice', {}, signedIn);
    expect(session.skipIf?.(bearerOnly)).toBe(false);
    expect(await session.getTracker?.({}, bearerOnly)).toBe('ses_page');
    expect(await resolve(session.limit, bearerOnly)).toBe(RATE_LIMITS['device-verify'].session?.limit);
    const key = authUser({ sessionId: 'pat_abc', scopes: ['artifacts:read'] });
    expect(session.skipIf?.(context('approveDevice', {}, key))).toBe(true);
    expect(named('ip').skipIf?.(bearerOnly)).toBe(false);
    expect(await resolve(named('ip').limit, bearerOnly)).toBe(RATE_LIMITS['device-verify'].ip.limit);
  });
});
