import { Injectable, type NestMiddleware } from '@nestjs/common';
import { type Request, type Response } from 'express';

/** How long a browser may reuse the answer before asking again (Chromium caps it at 2 h). */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/**
 * The CORS preflight of the view beacon. navigator.sendBeacon and a text/plain fetch need none,
 * but a site that reports a view with `fetch(…, { headers: { 'content-type': 'application/json' } })`
 * is asked first, and without this answer its browser never sends the view. Any origin, no
 * credentials, POST with a Content-Type only: exactly what the beacon itself allows
 * (view-beacon.forwarding.ts). Middleware, not a route: the preflight is the browser's question
 * about the contract's route, not a route of the API; and not `enableCors`, which would open
 * every route of the gateway, where only the app's own origin may call.
 */
@Injectable()
export class ViewBeaconPreflight implements NestMiddleware {
  /** Mounted for OPTIONS on the beacon's path only (AnalyticsGatewayModule). */
  use(_req: Request, res: Response): void {
    res
      .status(204)
      .set({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
      })
      .end();
  }
}
