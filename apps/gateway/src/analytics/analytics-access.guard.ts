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
import { AppException, type AuthenticatedRequest } from '@core-vault/platform';

const NEEDED_LEVEL = 'core-vault:analytics-level';

/** The same plan check the analytics service makes (basic: Pro or Business; advanced: Business). */
export const RequireAnalytics = (level: Exclude<AnalyticsLevel, 'none'>) =>
  applyDecorators(SetMetadata(NEEDED_LEVEL, level), UseGuards(AnalyticsAccessGuard));

@Injectable()
export class AnalyticsAccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const needed = this.reflector.get<AnalyticsLevel>(NEEDED_LEVEL, context.getHandler());
    const level = analyticsLevel(context.switchToHttp().getRequest<AuthenticatedRequest>().user);
    if (needed === 'advanced' && level !== 'advanced')
      throw new AppException(403, 'FEATURE_NOT_AVAILABLE', ANALYTICS_MESSAGES.upgradeAdvanced, {
        feature: 'analytics_advanced',
      });
    if (level === 'none')
      throw new AppException(403, 'FEATURE_NOT_AVAILABLE', ANALYTICS_MESSAGES.upgrade, {
        feature: 'analytics_basic',
      });
    return true;
  }
}
