import { apiRoutes } from '../http/api-routes';
import { type ApiRoute } from '../http/route';
import { type PersonalTokenScope } from './personal-token-dto';

/** What a personal access token needs for a route: one scope, or any key at all ('any-scope'). */
export type PersonalTokenAccess = PersonalTokenScope | 'any-scope';

/** The contexts a key reaches; reads need artifacts:read, every other method artifacts:write. */
const SCOPED_TAGS: ReadonlySet<string> = new Set(['artifacts', 'collections']);

function accessFor(route: ApiRoute): PersonalTokenAccess | undefined {
  // The extension shows whose key it holds.
  if (route.id === 'getMe') return 'any-scope';
  if (!SCOPED_TAGS.has(route.tag)) return undefined;
  return route.method === 'GET' ? 'artifacts:read' : 'artifacts:write';
}

/**
 * Derived once from the route contracts, so a new artifacts route is scoped the moment it is
 * declared. A route that is not here (billing, token management, internal routes) refuses keys:
 * a leaked key can neither mint more keys nor touch the subscription.
 */
const ACCESS_BY_ROUTE: ReadonlyMap<string, PersonalTokenAccess> = new Map(
  apiRoutes.flatMap((route) => {
    const access = accessFor(route);
    return access ? [[`${route.method} ${route.path}`, access] as const] : [];
  }),
);

/** `routePath` is the matched Express pattern (`/api/v1/artifacts/:id`), not the URL. */
export function personalTokenAccess(method: string, routePath: string): PersonalTokenAccess | undefined {
  return ACCESS_BY_ROUTE.get(`${method.toUpperCase()} ${routePath}`);
}

export function personalTokenAllows(
  scopes: readonly PersonalTokenScope[],
  method: string,
  routePath: string,
): boolean {
  const access = personalTokenAccess(method, routePath);
  if (access === undefined) return false;
  return access === 'any-scope' ? scopes.length > 0 : scopes.includes(access);
}
