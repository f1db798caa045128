import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { type Request, type Response } from 'express';
import {
  type AuthUser,
  type TrackViewBody,
  type TrackViewsBody,
  collectionStatsParamsSchema,
  trackViewBodySchema,
  trackViewsBodySchema,
} from '@core-vault/contracts';
import { OptionalUser, Public, RequireAnalytics, ZodValidationPipe } from '@core-vault/platform';
import { RateLimit, RateLimitGuard } from '../security/rate-limit.guard';
import { CollectionRollup } from './collection-rollup';
import { ViewTracker } from './view-tracker';

/** The client address as the rate limits read it (Express' req.ip under TRUST_PROXY_HOPS). */
const clientOf = (req: Request): string => req.ip ?? 'unknown';

/**
 * The analytics calls the gateway answers itself (`answeredBy: 'gateway'` in
 * libs/contracts/src/analytics): tracking (produced straight to Kafka) and a collection's
 * statistics (composed from two services). The other statistics are forwarded by the generated
 * AnalyticsForwarders.
 */
@Controller('api/v1/analytics')
export class AnalyticsGatewayController {
  constructor(
    private readonly tracker: ViewTracker,
    private readonly rollup: CollectionRollup,
  ) {}

  @Public()
  // Counted before the body is validated, so a flood of bad requests is limited too.
  @UseGuards(RateLimitGuard)
  @RateLimit('track-view')
  @Post('track-view')
  @HttpCode(202)
  async trackView(
    @OptionalUser() user: AuthUser | null,
    @Body(new ZodValidationPipe(trackViewBodySchema)) body: TrackViewBody,
    @Req() req: Request,
  ): Promise<{ accepted: number }> {
    return { accepted: await this.tracker.track([body], user, clientOf(req)) };
  }

  @Public()
  // Counted before the body is validated, so a flood of bad requests is limited too.
  @UseGuards(RateLimitGuard)
  @RateLimit('track-view')
  @Post('track-views')
  @HttpCode(202)
  async trackViews(
    @OptionalUser() user: AuthUser | null,
    @Body(new ZodValidationPipe(trackViewsBodySchema)) body: TrackViewsBody,
    @Req() req: Request,
  ): Promise<{ accepted: number }> {
    return { accepted: await this.tracker.track(body.events, user, clientOf(req)) };
  }

  @RequireAnalytics('advanced')
  @Get('collections/:id')
  collection(
    @Param(new ZodValidationPipe(collectionStatsParamsSchema)) params: { id: string },
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.rollup.send(params.id, req, res);
  }
}
