import { Injectable, type NestMiddleware } from '@nestjs/common';
import { type NextFunction, type Request, type Response } from 'express';
import { isRuntimeViewerCall } from '@core-vault/contracts';

/** How long a browser may reuse a preflight answer (Chromium caps it at 2 h). */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/**
 * CORS of the artifact runtime's viewer calls (window.storage, window.claude.complete): embeds on
 * per-artifact origins (`http://<label>.localhost:4300`) call them cross-origin and anonymously.
 * Any origin, no credentials: the API takes no cookies (a bearer token is never ambient), so a
 * page elsewhere gets nothing it could not get by calling anonymously. Set here, before the route
 * runs, so refusals (401/403/413/429) are readable by the page too. Every other route keeps the
 * app's own origin only (no `enableCors`), like the view beacon (view-beacon-preflight.middleware.ts).
 */
@Injectable()
export class RuntimeCorsMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    if (!isRuntimeViewerCall(req.method, req.originalUrl)) return next();
    res.setHeader('access-control-allow-origin', '*');
    if (req.method !== 'OPTIONS') return next();
    res
      .status(204)
      .set({
        'access-control-allow-methods': 'GET, PUT, DELETE, POST',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
      })
      .end();
  }
}
