import { type CanActivate, type ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { type Response } from 'express';
import { RateLimit, RateLimitGuard } from '../security/rate-limit.guard';
import { type RouteForwarding } from '../proxy/route-forwarders';

/**
 * CORS for any origin, without credentials: embeds report their views from other sites. The
 * beacon reads no cookies (the gateway forwards none to analytics) and sends none, so allowing
 * every origin exposes nothing; a text/plain body (navigator.sendBeacon) needs no preflight.
 * Set before the rate limit runs, so a 429 is readable by the page too.
 */
@Injectable()
export class AnyOriginWithoutCredentials implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    context.switchToHttp().getResponse<Response>().setHeader('access-control-allow-origin', '*');
    return true;
  }
}

/**
 * The view beacon (contract `viewBeacon`, answered by analytics): rate-limited per client IP in
 * the tracking calls' budget, and the prefetch headers go along so analytics can ignore views of
 * pages the browser only prefetched or prerendered. The client address travels as
 * X-Forwarded-For, the User-Agent as itself (DownstreamClient, for every route).
 */
export const viewBeaconForwarding: RouteForwarding = {
  options: { extraHeaders: ['sec-purpose', 'purpose', 'x-moz'] },
  decorators: [UseGuards(AnyOriginWithoutCredentials, RateLimitGuard), RateLimit('track-view')],
};
