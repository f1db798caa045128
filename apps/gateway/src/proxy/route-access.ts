import { type AnalyticsLevel, type Feature, type RouteAccess } from '@core-vault/contracts';
import { AdminOnly, Public, RequireAnalytics, RequireFeature } from '@core-vault/platform';

/**
 * The analytics features are checked by level (`analyticsLevel`): a Business plan has
 * analytics_advanced only, yet may read the overview listed under analytics_basic. The services
 * check them the same way (RequireAnalytics); every other feature is a plain feature check.
 */
const ANALYTICS_LEVEL: Partial<Record<Feature, Exclude<AnalyticsLevel, 'none'>>> = {
  analytics_basic: 'basic',
  analytics_advanced: 'advanced',
};

/**
 * The decorators that make the global auth guard enforce a contract's access rule on a gateway
 * route: closed to anonymous callers unless public, narrowed to admins or a plan feature.
 */
export function accessDecorators(access: RouteAccess): MethodDecorator[] {
  if (access === 'public') return [Public()];
  if (access === 'user') return [];
  if (access === 'admin') return [AdminOnly()];
  const level = ANALYTICS_LEVEL[access.feature];
  return [level ? RequireAnalytics(level) : RequireFeature(access.feature)];
}
