import { Controller, Header, HttpCode, Options } from '@nestjs/common';
import { analyticsRoute } from '@core-vault/contracts';
import { Public } from '@core-vault/platform';

/** How long a browser may reuse the answer before asking again (Chromium caps it at 2 h). */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/**
 * The CORS preflight of the view beacon. navigator.sendBeacon and a text/plain fetch need none,
 * but a site that reports a view with `fetch(…, { headers: { 'content-type': 'application/json' } })`
 * is asked first, and without this answer its browser never sends the view. Any origin, no
 * credentials, POST with a Content-Type only: exactly what the beacon itself allows
 * (view-beacon.forwarding.ts). Not a route of the API (no contract): the browser's question about one.
 */
@Controller()
export class ViewBeaconPreflightController {
  @Public()
  @Options(analyticsRoute.viewBeacon.path)
  @HttpCode(204)
  @Header('access-control-allow-origin', '*')
  @Header('access-control-allow-methods', 'POST')
  @Header('access-control-allow-headers', 'content-type')
  @Header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
  preflight(): void {}
}
