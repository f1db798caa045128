import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { type NextFunction, type Request, type Response } from 'express';
import { APP_CONFIG } from '@core-vault/platform';
import { type GatewayConfig } from '../config';
import { isRefusedCrossSite } from './cross-site';

/** Refuses cross-site state-changing requests (403) before any route sees them. */
@Injectable()
export class CrossSiteMiddleware implements NestMiddleware {
  private readonly appOrigin: string;

  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    this.appOrigin = new URL(config.WEB_ORIGIN).origin;
  }

  use(req: Request, res: Response, next: NextFunction): void {
    const refused = isRefusedCrossSite(
      {
        method: req.method,
        // originalUrl: req.path is relative to where the middleware is mounted.
        path: req.originalUrl.split('?')[0] ?? '/',
        secFetchSite: req.headers['sec-fetch-site'],
        origin: req.headers.origin,
        authorization: req.headers.authorization,
      },
      this.appOrigin,
    );
    if (!refused) return next();
    res.status(403).json({
      statusCode: 403,
      code: 'CROSS_SITE_REQUEST',
      message: 'This request was refused because it came from another site.',
    });
  }
}
