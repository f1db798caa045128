import { type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import { ANALYTICS_MESSAGES, AUTH_MESSAGES, PERSONAL_TOKEN_MESSAGES } from '@core-vault/contracts';
import { AppException } from '@core-vault/platform';
import { type LimitedAction, TOKEN_THROTTLER } from './rate-limit.policy';

export const RATE_LIMIT_ACTION = 'core-vault:rate-limit-action';

/** Limits this route with the policy's budget for `action` (rate-limit.policy.ts). */
export const RateLimit = (action: LimitedAction): MethodDecorator => SetMetadata(RATE_LIMIT_ACTION, action);

/**
 * `@nestjs/throttler`'s guard with the gateway's answer over a limit: 429 and the same JSON error
 * body as every other refusal (the throttler's own would be a bare message); the platform's
 * ErrorFilter writes Retry-After from the exception's `retryAfterSeconds`.
 * The limits themselves are the named throttlers of SecurityModule: this guard, on the routes
 * that declare @RateLimit, counts "session", "ip" and "email"; TokenRateLimitGuard counts "token".
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    this.throttlers = this.throttlers.filter((t) => t.name !== TOKEN_THROTTLER);
  }

  protected override throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const seconds = Math.max(1, detail.timeToBlockExpire);
    const tracking = this.reflector.get<LimitedAction | undefined>(RATE_LIMIT_ACTION, context.getHandler());
    const message =
      tracking === 'track-view'
        ? ANALYTICS_MESSAGES.rateLimited(seconds)
        : AUTH_MESSAGES.tooManyAttempts(seconds);
    throw new AppException(429, 'RATE_LIMITED', message, { retryAfterSeconds: seconds });
  }
}

/**
 * The per-key budget on every route: registered globally (SecurityModule's APP_GUARD), after the
 * platform's AuthGuard (AuthModule comes first in AppModule, and Nest runs global guards in the
 * order their modules were registered), so the caller is known. Counts only "token"; a session
 * or an anonymous call is skipped by the throttler itself.
 */
@Injectable()
export class TokenRateLimitGuard extends ThrottlerGuard {
  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    this.throttlers = this.throttlers.filter((t) => t.name === TOKEN_THROTTLER);
  }

  protected override throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const seconds = Math.max(1, detail.timeToBlockExpire);
    throw new AppException(429, 'RATE_LIMITED', PERSONAL_TOKEN_MESSAGES.rateLimited(seconds), {
      retryAfterSeconds: seconds,
    });
  }
}
