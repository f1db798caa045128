import { authRoutes } from '../accounts/auth-routes';
import { analyticsRoutes } from '../analytics/analytics-routes';
import { artifactRoutes } from '../artifacts/artifact-routes';
import { billingRoutes } from '../billing/billing-routes';
import { onboardingRoutes } from '../onboarding/onboarding-routes';
import { type ApiRoute } from './route';

/**
 * Every public call of the gateway, grouped by bounded context. Each context keeps its own list;
 * the gateway's OpenAPI document and the SPA client read this one.
 */
export const apiRoutes: readonly ApiRoute[] = [
  ...authRoutes,
  ...artifactRoutes,
  ...billingRoutes,
  ...analyticsRoutes,
  ...onboardingRoutes,
];
