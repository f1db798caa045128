import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { AdminOnly } from '@core-vault/platform';
import { DownstreamClient } from '../proxy/downstream.client';

/** Onboarding's public routes (contracts: libs/contracts/src/onboarding), forwarded as they are. */
@Controller('api/v1/onboarding')
export class OnboardingGatewayController {
  constructor(private readonly downstream: DownstreamClient) {}

  @Get('milestones')
  progress(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.downstream.forward('onboarding', req, res);
  }

  @Post('milestones/:milestone')
  report(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.downstream.forward('onboarding', req, res);
  }

  @AdminOnly()
  @Get('admin/queue')
  queue(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.downstream.forward('onboarding', req, res);
  }
}
