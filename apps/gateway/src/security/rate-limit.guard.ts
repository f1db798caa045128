import { createHash } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request, type Response } from 'express';
import { AUTH_MESSAGES } from '@core-vault/contracts';
import { AppException, RedisRateLimiter } from '@core-vault/platform';
import { type LimitedAction, RATE_LIMITS, emailOf, signInAction } from './rate-limit.policy';

const RATE_LIMIT_ACTION = 'core-vault:rate-limit-action';

/** Limits this route; 'sign-in' is split into password and code attempts by the body. */
export const RateLimit = (action: LimitedAction): MethodDecorator => SetMetadata(RATE_LIMIT_ACTION, action);

/** Counts the call per IP and per e-mail in Redis; over the limit: 429 with Retry-After. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RedisRateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const declared = this.reflector.get<LimitedAction | undefined>(RATE_LIMIT_ACTION, context.getHandler());
    if (!declared) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const action = declared === 'sign-in' ? signInAction(req.body) : declared;
    const rules = RATE_LIMITS[action];
    const checks: [string, string, (typeof rules)['ip']][] = [
      [`${action}:ip`, req.ip ?? 'unknown', rules.ip],
    ];
    const email = emailOf(req.body);
    if (rules.email && email) {
      checks.push([`${action}:email`, createHash('sha256').update(email).digest('base64url'), rules.email]);
    }
    for (const [bucket, id, rule] of checks) {
      const result = await this.limiter.hit(bucket, id, rule);
      if (!result.allowed) {
        context
          .switchToHttp()
          .getResponse<Response>()
          .setHeader('Retry-After', String(result.retryAfterSeconds));
        throw new AppException(429, 'RATE_LIMITED', AUTH_MESSAGES.tooManyAttempts(result.retryAfterSeconds), {
          retryAfterSeconds: result.retryAfterSeconds,
        });
      }
    }
    return true;
  }
}
