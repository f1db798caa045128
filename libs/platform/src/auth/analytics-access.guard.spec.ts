import { type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type AuthUser, type PlanType } from '@core-vault/contracts';
import { AppException } from '../http/app-exception';
import { AnalyticsAccessGuard, RequireAnalytics } from './analytics-access.guard';

class Routes {
  @RequireAnalytics('basic')
  basic(): void {}

  @RequireAnalytics('advanced')
  advanced(): void {}
}

function context(handler: () => void, planType: PlanType): ExecutionContext {
  const user = { isActive: true, planType, subscriptionStatus: 'ACTIVE' } as AuthUser;
  return {
    getHandler: () => handler,
    switchToHttp: () => ({ getRequest: () => ({ user, headers: {} }) }),
  } as unknown as ExecutionContext;
}

/** The guard's answer: true, or the refusal's status, code and details. */
function check(handler: () => void, planType: PlanType) {
  try {
    return new AnalyticsAccessGuard(new Reflector()).canActivate(context(handler, planType));
  } catch (err) {
    if (!(err instanceof AppException)) throw err;
    return { status: err.getStatus(), code: err.code, message: err.message, details: err.details };
  }
}

describe('RequireAnalytics', () => {
  const { basic, advanced } = Routes.prototype;

  it('lets Pro and Business see basic statistics and refuses Free', () => {
    expect(check(basic, 'Pro')).toBe(true);
    expect(check(basic, 'Business')).toBe(true);
    expect(check(basic, 'Free')).toEqual({
      status: 403,
      code: 'FEATURE_NOT_AVAILABLE',
      message: 'Analytics are available with the Pro plan and higher.',
      details: { feature: 'analytics_basic' },
    });
  });

  it('lets Pro and Business see the per-artifact statistics (the pricing card sells them with Pro)', () => {
    expect(check(advanced, 'Pro')).toBe(true);
    expect(check(advanced, 'Business')).toBe(true);
  });

  it('tells a caller without analytics which plan has them, naming the feature the route needs', () => {
    expect(check(advanced, 'Free')).toEqual({
      status: 403,
      code: 'FEATURE_NOT_AVAILABLE',
      message: 'Analytics are available with the Pro plan and higher.',
      details: { feature: 'analytics_advanced' },
    });
  });
});
