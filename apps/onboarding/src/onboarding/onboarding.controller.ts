import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { type Response } from 'express';
import { z } from 'zod';
import {
  type AuthUser,
  type ChecklistBody,
  type OnboardingProgress,
  type ReportedMilestone,
  type TourBody,
  checklistBodySchema,
  tourBodySchema,
  reportMilestoneParamsSchema,
} from '@core-vault/contracts';
import { AdminOnly, CLOCK, type Clock, CurrentUser, ZodValidationPipe } from '@core-vault/platform';
import { CheckInScheduler } from './check-in.scheduler';
import { OnboardingService } from './onboarding.service';
import { queuePage } from './queue-page';

const queueQuerySchema = z.object({ format: z.enum(['json', 'html']).default('json') });

/**
 * The caller's onboarding progress, SPA-observed milestones, the dashboard checklist's dismissal
 * and the tour's completion, and the operators' queue view.
 */
@Controller('api/v1/onboarding')
export class OnboardingController {
  constructor(
    private readonly onboarding: OnboardingService,
    private readonly scheduler: CheckInScheduler,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('milestones')
  progress(@CurrentUser() user: AuthUser): Promise<OnboardingProgress> {
    return this.onboarding.progress(user.id);
  }

  @Post('milestones/:milestone')
  @HttpCode(200)
  async report(
    @CurrentUser() user: AuthUser,
    @Param(new ZodValidationPipe(reportMilestoneParamsSchema)) params: { milestone: ReportedMilestone },
  ): Promise<OnboardingProgress> {
    await this.onboarding.reach(user.id, params.milestone, this.clock.now());
    return this.onboarding.progress(user.id);
  }

  @Put('checklist')
  checklist(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(checklistBodySchema)) body: ChecklistBody,
  ): Promise<OnboardingProgress> {
    return this.onboarding.setChecklistDismissed(user.id, body.dismissed);
  }

  @Put('tour')
  tour(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(tourBodySchema)) body: TourBody,
  ): Promise<OnboardingProgress> {
    return this.onboarding.setTourDone(user.id, body.done);
  }

  @AdminOnly()
  @Get('admin/queue')
  async queue(
    @Query(new ZodValidationPipe(queueQuerySchema)) query: z.infer<typeof queueQuerySchema>,
    @Res() res: Response,
  ): Promise<void> {
    const overview = await this.scheduler.overview();
    if (query.format === 'html') res.type('html').send(queuePage(overview));
    else res.json(overview);
  }
}
