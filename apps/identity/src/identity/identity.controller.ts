import { Body, Controller, Get, HttpCode, HttpException, Inject, Post, Req, Res } from '@nestjs/common';
import { type Request, type Response } from 'express';
import {
  type AuthUser,
  type EmailBody,
  type MessageResult,
  type RefreshResult,
  type ResetConfirmBody,
  type SessionUser,
  type SignInBody,
  type SignInResult,
  type SignUpBody,
  type SignUpResult,
  emailBodySchema,
  resetConfirmBodySchema,
  signInBodySchema,
  signUpBodySchema,
} from '@core-vault/contracts';
import { APP_CONFIG, CurrentUser, OptionalUser, Public, ZodValidationPipe } from '@core-vault/platform';
import { type IdentityConfig } from '../config';
import { AuthService } from './auth.service';
import { SessionCookies } from './refresh-cookie';
import { SessionService } from './session.service';

/** The identity API, reached only through the gateway (same paths). */
@Controller('api/v1')
export class IdentityController {
  private readonly cookies: SessionCookies;

  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) config: IdentityConfig,
  ) {
    this.cookies = new SessionCookies(config.NODE_ENV);
  }

  @Public()
  @Post('auth/sign-up')
  signUp(@Body(new ZodValidationPipe(signUpBodySchema)) body: SignUpBody): Promise<SignUpResult> {
    return this.auth.signUp(body);
  }

  @Public()
  @Post('auth/sign-in')
  @HttpCode(200)
  async signIn(
    @Body(new ZodValidationPipe(signInBodySchema)) body: SignInBody,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SignInResult> {
    const { result, session } = await this.auth.signIn(body);
    if (session) this.cookies.set(res, session.refreshCookie, session.expiresAt);
    // For the session list on /account (browser and device).
    if (session) await this.sessions.recordUserAgent(session.sessionId, req.headers['user-agent']);
    return result;
  }

  @Public()
  @Post('auth/resend-code')
  @HttpCode(200)
  resendCode(@Body(new ZodValidationPipe(emailBodySchema)) body: EmailBody): Promise<MessageResult> {
    return this.auth.resendCode(body);
  }

  @Public()
  @Post('auth/refresh')
  @HttpCode(200)
  async refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<RefreshResult> {
    try {
      const { user, token, refreshCookie, expiresAt } = await this.auth.refresh(this.cookies.read(req));
      this.cookies.set(res, refreshCookie, expiresAt);
      return { success: true, user, token };
    } catch (err) {
      // Only the definite "no session" (401) makes the browser forget it: a fault on the way
      // (database or Redis away: 503) must not sign anyone out; the SPA tries again later.
      if (err instanceof HttpException && err.getStatus() === 401) this.cookies.clear(res);
      throw err;
    }
  }

  @Public()
  @Post('auth/sign-out')
  @HttpCode(200)
  async signOut(
    @OptionalUser() caller: AuthUser | null,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MessageResult> {
    // Cleared first: the browser forgets the session even if revoking fails.
    this.cookies.clear(res);
    return this.auth.signOut(caller, this.cookies.read(req));
  }

  @Public()
  @Post('auth/password-reset/request')
  @HttpCode(200)
  requestReset(@Body(new ZodValidationPipe(emailBodySchema)) body: EmailBody): Promise<MessageResult> {
    return this.auth.requestPasswordReset(body);
  }

  @Public()
  @Post('auth/password-reset/confirm')
  @HttpCode(200)
  confirmReset(
    @Body(new ZodValidationPipe(resetConfirmBodySchema)) body: ResetConfirmBody,
  ): Promise<MessageResult> {
    return this.auth.confirmPasswordReset(body);
  }

  @Get('me')
  me(@CurrentUser() caller: AuthUser): Promise<SessionUser> {
    return this.auth.me(caller);
  }
}
