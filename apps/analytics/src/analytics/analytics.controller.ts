import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  type AnalyticsOverview,
  type ArtifactStats,
  type AuthUser,
  type RollupBody,
  type RollupStats,
  artifactStatsParamsSchema,
  rollupBodySchema,
} from '@core-vault/contracts';
import { CurrentUser, RequireAnalytics, ZodValidationPipe } from '@core-vault/platform';
import { AnalyticsService } from './analytics.service';

/**
 * Statistics of the caller's own artifacts (contracts: libs/contracts/src/analytics). Views come
 * in through Kafka only: the gateway produces them, so this service has no tracking route.
 */
@Controller('api/v1/analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @RequireAnalytics('basic')
  @Get('artifacts')
  overview(@CurrentUser() user: AuthUser): Promise<AnalyticsOverview> {
    return this.analytics.overview(user);
  }

  @RequireAnalytics('advanced')
  @Get('artifacts/:id')
  artifact(
    @CurrentUser() user: AuthUser,
    @Param(new ZodValidationPipe(artifactStatsParamsSchema)) params: { id: string },
  ): Promise<ArtifactStats> {
    return this.analytics.artifact(user, params.id);
  }

  /** Internal: the gateway composes a collection's roll-up from the artifacts service's list. */
  @RequireAnalytics('advanced')
  @Post('rollup')
  @HttpCode(200)
  rollup(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(rollupBodySchema)) body: RollupBody,
  ): Promise<RollupStats> {
    return this.analytics.rollup(user, body.artifactIds);
  }
}
