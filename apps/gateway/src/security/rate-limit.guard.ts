import { type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import { ANALYTICS_MESSAGES, AUTH_MESSAGES } from '@core-vault/contracts';
import { AppException } from '@core-vault/platform';
import { type LimitedAction } from './rate-limit.policy';

export const RATE_LIMIT_ACTION = 'core-vault:rate-limit-action';

/** Limits this route with the policy's budget for `action` (rate-limit.policy.ts). */
export const RateLimit = (action: LimitedAction): MethodDecorator => SetMetadata(RATE_LIMIT_ACTION, action);

/**
 * `@nestjs/throttler`'s guard with the gateway's answer over a limit: 429 and the same JSON error
 * body as every other refusal (the throttler's own would be a bare message); the platform's
 * ErrorFilter writes Retry-After from the exception's `retryAfterSeconds`.
 * The limits themselves are the named throttlers of SecurityModule ("ip" and "email").
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
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
