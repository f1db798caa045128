import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ANALYTICS_MESSAGES, type AnalyticsLevel, analyticsLevel } from '@core-vault/contracts';
import { AppException } from '../http/app-exception';
import { type AuthenticatedRequest } from './auth.decorators';

/** Metadata key of @RequireAnalytics (read by the route agreement specs too). */
export const NEEDED_LEVEL = 'core-vault:analytics-level';

/**
 * Statistics need a plan with analytics: 'basic' is met by analytics_basic or analytics_advanced;
 * 'advanced' only by analytics_advanced (Pro and Business, docs/reference/billing.md). Runs after the global
 * auth guard, so the caller is verified. The gateway and the analytics service make the same
 * check with the same error (403 FEATURE_NOT_AVAILABLE, the missing feature in the details). A
 * caller without any analytics is told about the plan that has them, whatever the route needs.
 */
export const RequireAnalytics = (level: Exclude<AnalyticsLevel, 'none'>) =>
  applyDecorators(SetMetadata(NEEDED_LEVEL, level), UseGuards(AnalyticsAccessGuard));

@Injectable()
export class AnalyticsAccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const needed = this.reflector.get<AnalyticsLevel>(NEEDED_LEVEL, context.getHandler());
    const level = analyticsLevel(context.switchToHttp().getRequest<AuthenticatedRequest>().user);
    const feature = needed === 'advanced' ? 'analytics_advanced' : 'analytics_basic';
    if (level === 'none')
      throw new AppException(403, 'FEATURE_NOT_AVAILABLE', ANALYTICS_MESSAGES.upgrade, { feature });
    if (needed === 'advanced' && level !== 'advanced')
      throw new AppException(403, 'FEATURE_NOT_AVAILABLE', ANALYTICS_MESSAGES.upgradeAdvanced, { feature });
    return true;
  }
}
