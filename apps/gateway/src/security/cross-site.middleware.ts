import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { type NextFunction, type Request, type Response } from 'express';
import { APP_CONFIG, PersonalTokenStrategy } from '@core-vault/platform';
import { type GatewayConfig } from '../config';
import { crossSiteVerdict, keyExempt } from './cross-site';

/**
 * Refuses cross-site state-changing requests (403) before any route sees them. One that carries a
 * personal access token passes only when the key is valid (the guard's own verification, not its
 * prefix) and its scopes reach the route.
 */
@Injectable()
export class CrossSiteMiddleware implements NestMiddleware {
  private readonly appOrigin: string;

  constructor(
    @Inject(APP_CONFIG) config: GatewayConfig,
    private readonly keys: PersonalTokenStrategy,
  ) {
    this.appOrigin = new URL(config.WEB_ORIGIN).origin;
  }

  use(req: Request, res: Response, next: NextFunction): void {
    // originalUrl: req.path is relative to where the middleware is mounted.
    const path = req.originalUrl.split('?')[0] ?? '/';
    const verdict = crossSiteVerdict(
      {
        method: req.method,
        path,
        secFetchSite: req.headers['sec-fetch-site'],
        origin: req.headers.origin,
        authorization: req.headers.authorization,
      },
      this.appOrigin,
    );
    if (verdict === 'pass') return next();
    if (verdict === 'refuse') return refuse(res);
    this.keys.lookup(verdict.key).then(
      (user) => {
        if (user && user.scopes && keyExempt(user.scopes, req.method, path)) return next();
        refuse(res);
      },
      // Redis away: the key cannot be checked, so nothing is waved through (ErrorFilter: 503).
      (err: unknown) => next(err),
    );
  }
}

function refuse(res: Response): void {
  res.status(403).json({
    statusCode: 403,
    code: 'CROSS_SITE_REQUEST',
    message: 'This request was refused because it came from another site.',
  });
}
