import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type AnalyticsLevel, analyticsLevel } from '@core-vault/contracts';
import { type AuthenticatedRequest } from '@core-vault/platform';
import { AnalyticsException } from './analytics.exception';

const NEEDED_LEVEL = 'core-vault:analytics-level';

/**
 * Statistics need a plan with analytics: 'basic' is met by analytics_basic (Pro) or
 * analytics_advanced (Business); 'advanced' only by analytics_advanced. Runs after the global
 * auth guard, so the caller is verified.
 */
export const RequireAnalytics = (level: Exclude<AnalyticsLevel, 'none'>) =>
  applyDecorators(SetMetadata(NEEDED_LEVEL, level), UseGuards(AnalyticsAccessGuard));

@Injectable()
export class AnalyticsAccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const needed = this.reflector.get<AnalyticsLevel>(NEEDED_LEVEL, context.getHandler());
    const level = analyticsLevel(context.switchToHttp().getRequest<AuthenticatedRequest>().user);
    if (needed === 'advanced' && level !== 'advanced') throw AnalyticsException.needsAdvanced();
    if (level === 'none') throw AnalyticsException.needsBasic();
    return true;
  }
}
