import { Controller, Get, Post, Req, Res, UseGuards } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { Public } from '@core-vault/platform';
import { DownstreamClient } from '../proxy/downstream.client';
import { RateLimit, RateLimitGuard } from '../security/rate-limit.guard';

/**
 * The identity context's public routes (contracts: libs/contracts/src/accounts/auth-routes.ts),
 * forwarded with cookies: identity alone reads and sets the refresh cookie.
 */
@Controller('api/v1')
@UseGuards(RateLimitGuard)
export class IdentityGatewayController {
  constructor(private readonly downstream: DownstreamClient) {}

  @Public()
  @RateLimit('sign-up')
  @Post('auth/sign-up')
  signUp(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Public()
  @RateLimit('sign-in')
  @Post('auth/sign-in')
  signIn(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Public()
  @RateLimit('resend-code')
  @Post('auth/resend-code')
  resendCode(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Public()
  @RateLimit('refresh')
  @Post('auth/refresh')
  refresh(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Public()
  @Post('auth/sign-out')
  signOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Public()
  @RateLimit('reset-request')
  @Post('auth/password-reset/request')
  requestReset(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Public()
  @RateLimit('reset-confirm')
  @Post('auth/password-reset/confirm')
  confirmReset(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  /** Signed-in only: the gateway checks the token first, identity checks it again. */
  @Get('me')
  me(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  private forward(req: Request, res: Response): Promise<void> {
    return this.downstream.forward('identity', req, res, { cookies: true });
  }
}
