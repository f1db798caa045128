import { apiRoutes } from '../http/api-routes';
import { type ApiRoute } from '../http/route';
import { MCP_METHODS, MCP_PATH } from '../mcp/mcp-endpoint';
import { type Feature } from './permissions';
import {
  BUSINESS_TOKEN_SCOPE_FEATURE,
  type PersonalTokenScope,
  isBusinessTokenScope,
} from './personal-token-dto';

/** What a personal access token needs for a route: one scope, or any key at all ('any-scope'). */
export type PersonalTokenAccess = PersonalTokenScope | 'any-scope';

/**
 * The contexts a key reaches, each with its read scope (GET) and its write scope (every other
 * method); analytics is read-only for keys (tracking calls are public anyway).
 */
const SCOPES_BY_TAG: Readonly<Record<string, { read: PersonalTokenScope; write?: PersonalTokenScope }>> = {
  artifacts: { read: 'artifacts:read', write: 'artifacts:write' },
  collections: { read: 'collections:read', write: 'collections:write' },
  analytics: { read: 'analytics:read' },
};

function accessFor(route: ApiRoute): PersonalTokenAccess | undefined {
  // The extension shows whose key it holds.
  if (route.id === 'getMe') return 'any-scope';
  const scopes = SCOPES_BY_TAG[route.tag];
  // Admin routes stay with a signed-in admin's session.
  if (!scopes || route.access === 'admin') return undefined;
  return route.method === 'GET' ? scopes.read : scopes.write;
}

/**
 * Derived once from the route contracts, so a new artifacts route is scoped the moment it is
 * declared. A route that is not here (billing, token management, internal routes) refuses keys:
 * a leaked key can neither mint more keys nor touch the subscription.
 */
const ACCESS_BY_ROUTE: ReadonlyMap<string, PersonalTokenAccess> = new Map([
  ...apiRoutes.flatMap((route) => {
    const access = accessFor(route);
    return access ? [[`${route.method} ${route.path}`, access] as const] : [];
  }),
  // The MCP endpoint takes any key: each of its tools calls an API route with the same key,
  // which the scopes then decide (a read-only key lists and reads, and cannot save).
  ...MCP_METHODS.map((method) => [`${method} ${MCP_PATH}`, 'any-scope'] as const),
]);

/** `routePath` is the matched Express pattern (`/api/v1/artifacts/:id`), not the URL. */
export function personalTokenAccess(method: string, routePath: string): PersonalTokenAccess | undefined {
  return ACCESS_BY_ROUTE.get(`${method.toUpperCase()} ${routePath}`);
}

/**
 * The plan feature a key's owner must hold for this route on top of the scope: api_access for
 * the Business scopes, checked on every request so a downgrade stops such keys at once.
 */
export function personalTokenFeature(method: string, routePath: string): Feature | undefined {
  const access = personalTokenAccess(method, routePath);
  return access !== undefined && access !== 'any-scope' && isBusinessTokenScope(access)
    ? BUSINESS_TOKEN_SCOPE_FEATURE
    : undefined;
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
