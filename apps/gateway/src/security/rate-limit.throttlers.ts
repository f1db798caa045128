import { type ExecutionContext } from '@nestjs/common';
import { type Reflector } from '@nestjs/core';
import { type ThrottlerModuleOptions, type ThrottlerStorage } from '@nestjs/throttler';
import { type Request } from 'express';
import { type AuthUser, readCookie, refreshCookieSessionId, sessionCookieName } from '@core-vault/contracts';
import { type GatewayConfig } from '../config';
import { type ClientPseudonyms } from './client-pseudonyms';
import { RATE_LIMIT_ACTION } from './rate-limit.guard';
import {
  type LimitedAction,
  RATE_LIMITS,
  type RateLimitRules,
  TOKEN_THROTTLER,
  actionOf,
  emailOf,
  tokenRule,
  trackViewRule,
} from './rate-limit.policy';

const bodyOf = (context: ExecutionContext): unknown => context.switchToHttp().getRequest<Request>().body;

/**
 * The caller when it is a personal access token (the auth guard ran first and set it; keys carry
 * scopes, sessions do not). Its `sessionId` is the key's id (`pat_…`), never the secret or its hash.
 */
export function keyCaller(context: ExecutionContext): AuthUser | undefined {
  const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
  return user?.scopes ? user : undefined;
}

/**
 * The session (refresh-token family) a request's refresh cookie names, if it carries one shaped
 * like it: the `ses_…` half only, never the secret half. Genuine or not is identity's business;
 * a forged id gets a budget of its own, but every call still counts against its IP.
 */
export function refreshSessionOf(context: ExecutionContext, cookieName: string): string | undefined {
  const header = context.switchToHttp().getRequest<Request>().headers?.cookie;
  return refreshCookieSessionId(readCookie(header, cookieName));
}

/**
 * The signed-in browser session a request comes from: its refresh cookie's session, else the
 * session its access token names (the auth guard ran first; a key is no session). The /device
 * page's calls count per session even from a client that sends no cookie.
 */
export function browserSessionOf(context: ExecutionContext, cookieName: string): string | undefined {
  const fromCookie = refreshSessionOf(context, cookieName);
  if (fromCookie) return fromCookie;
  const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
  return user && !user.scopes ? user.sessionId : undefined;
}

/**
 * The gateway's `@nestjs/throttler` setup: named throttlers "session" (where the policy has a
 * per-session rule — refresh, the /device page — and the request names a session: by its id),
 * "ip" (every limited route) and "email" (where the policy has a per-address rule and the body
 * names an address), whose limit and window come from the route's @RateLimit action, and "token"
 * (every request made with a personal access token, by key id, whatever the route). "session"
 * comes first: a session over its budget is refused before it spends its address's. Counters are
 * Redis keys `{<namespace>:<action>:<client>:<throttler>}:hits` (`<namespace>:token:<key id>` for
 * the per-key one), shared by every gateway instance; a route without @RateLimit is skipped by
 * "session", "ip" and "email". The client of "ip" and "email" is a pseudonym (ClientPseudonyms):
 * no counter names an address; "session" counts by the session id (no secret, like the key id).
 */
export function gatewayThrottlers(
  config: GatewayConfig,
  storage: ThrottlerStorage,
  reflector: Reflector,
  pseudonyms: Pick<ClientPseudonyms, 'of'>,
): ThrottlerModuleOptions {
  const declared = (context: ExecutionContext) =>
    reflector.get<LimitedAction | undefined>(RATE_LIMIT_ACTION, context.getHandler());
  const action = (context: ExecutionContext): LimitedAction | undefined => {
    const d = declared(context);
    return d && actionOf(d, bodyOf(context));
  };
  const rules = (context: ExecutionContext): RateLimitRules | undefined => {
    const a = action(context);
    if (!a) return undefined;
    return a === 'track-view' ? trackViewRule(config) : RATE_LIMITS[a];
  };
  const rule = (context: ExecutionContext, which: 'ip' | 'email' | 'session') => {
    const r = rules(context)?.[which];
    // Only reached for routes the throttler does not skip, which have this rule.
    if (!r) throw new Error(`no ${which} rate-limit rule for ${context.getHandler().name}`);
    return r;
  };
  const keyRule = (context: ExecutionContext) => {
    const owner = keyCaller(context);
    // Only reached for requests the throttler does not skip, which carry a key.
    if (!owner) throw new Error('no personal access token on this request');
    return tokenRule(config, owner);
  };
  const refreshCookie = sessionCookieName('refresh', config.NODE_ENV);
  const session = (context: ExecutionContext) => browserSessionOf(context, refreshCookie);
  return {
    storage,
    // The error filter sets Retry-After (from the guard's 429); no X-RateLimit-* headers (clients never had them).
    setHeaders: false,
    generateKey: (context, tracker, name) =>
      name === TOKEN_THROTTLER
        ? `${config.RATE_LIMIT_NAMESPACE}:token:${tracker}`
        : `${config.RATE_LIMIT_NAMESPACE}:${action(context) ?? 'none'}:${tracker}`,
    throttlers: [
      {
        name: 'session',
        skipIf: (context) => !rules(context)?.session || !session(context),
        limit: (context) => rule(context, 'session').limit,
        ttl: (context) => rule(context, 'session').windowSeconds * 1000,
        getTracker: (_req, context) => session(context) ?? 'none',
      },
      {
        name: 'ip',
        skipIf: (context) => !rules(context),
        limit: (context) => rule(context, 'ip').limit,
        ttl: (context) => rule(context, 'ip').windowSeconds * 1000,
        getTracker: (_req, context) =>
          pseudonyms.of(context.switchToHttp().getRequest<Request>().ip ?? 'unknown'),
      },
      {
        name: 'email',
        skipIf: (context) => !rules(context)?.email || !emailOf(bodyOf(context)),
        limit: (context) => rule(context, 'email').limit,
        ttl: (context) => rule(context, 'email').windowSeconds * 1000,
        getTracker: (_req, context) => pseudonyms.of(`email:${emailOf(bodyOf(context)) ?? ''}`),
      },
      {
        name: TOKEN_THROTTLER,
        skipIf: (context) => !keyCaller(context),
        limit: (context) => keyRule(context).limit,
        ttl: (context) => keyRule(context).windowSeconds * 1000,
        getTracker: (_req, context) => keyCaller(context)?.sessionId ?? 'none',
      },
    ],
  };
}
