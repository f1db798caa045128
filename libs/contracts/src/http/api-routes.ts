import { authRoutes } from '../accounts/auth-routes';
import { analyticsInternalRoutes, analyticsRoutes } from '../analytics/analytics-routes';
import { artifactRoutes } from '../artifacts/artifact-routes';
import { portabilityRoutes } from '../artifacts/portability-routes';
import { runtimeRoutes } from '../artifacts/runtime-routes';
import { shareCardRoutes } from '../artifacts/share-card-routes';
import { thumbnailRoutes } from '../artifacts/thumbnail-routes';
import { trashRoutes } from '../artifacts/trash-routes';
import { billingRoutes } from '../billing/billing-routes';
import { onboardingRoutes } from '../onboarding/onboarding-routes';
import { type ApiRoute } from './route';

/**
 * Every public call of the gateway, by the service that answers it behind the gateway. Each
 * context keeps its own list; the gateway generates one forwarder per entry (except the calls it
 * answers itself, `answeredBy: 'gateway'`), and each service's agreement spec checks that its
 * controllers declare exactly its list. A new call is one entry in its context's list.
 */
export const routesByService = {
  identity: authRoutes,
  artifacts: [
    // Before artifactRoutes: /api/v1/artifacts/trash is not an artifact id.
    ...trashRoutes,
    ...artifactRoutes,
    ...shareCardRoutes,
    ...thumbnailRoutes,
    ...portabilityRoutes,
    ...runtimeRoutes,
  ],
  billing: billingRoutes,
  analytics: analyticsRoutes,
  onboarding: onboardingRoutes,
} as const satisfies Record<string, readonly ApiRoute[]>;

export type RouteOwner = keyof typeof routesByService;

/** Every public call of the gateway; its OpenAPI document and the SPA client read this list. */
export const apiRoutes: readonly ApiRoute[] = Object.values(routesByService).flat();

/** Calls between services that the gateway never exposes, by the service that answers them. */
const internalRoutesByService: Partial<Record<RouteOwner, readonly ApiRoute[]>> = {
  analytics: analyticsInternalRoutes,
};

/**
 * The routes a service's own controllers declare: its public calls except those the gateway
 * answers itself, plus its internal ones.
 */
export function routesAnsweredBy(service: RouteOwner): readonly ApiRoute[] {
  return [
    ...routesByService[service].filter((route) => route.answeredBy !== 'gateway'),
    ...(internalRoutesByService[service] ?? []),
  ];
}
