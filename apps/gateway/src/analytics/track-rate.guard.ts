import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { AppException } from '@core-vault/platform';
import { ViewTracker } from './view-tracker';

/**
 * Counts tracking calls per client IP before the body is even validated, so a flood of bad
 * requests is limited too. Over the limit: 429 with Retry-After.
 */
@Injectable()
export class TrackRateGuard implements CanActivate {
  constructor(private readonly tracker: ViewTracker) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    try {
      await this.tracker.checkRate(http.getRequest<Request>().ip ?? 'unknown');
      return true;
    } catch (err) {
      const details =
        err instanceof AppException ? (err.details as { retryAfterSeconds?: number }) : undefined;
      if (details?.retryAfterSeconds)
        http.getResponse<Response>().setHeader('Retry-After', String(details.retryAfterSeconds));
      throw err;
    }
  }
}
