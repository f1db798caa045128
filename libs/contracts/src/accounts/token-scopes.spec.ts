import { apiRoutes } from '../http/api-routes';
import { hasFeature } from './permissions';
import {
  BUSINESS_TOKEN_SCOPES,
  BUSINESS_TOKEN_SCOPE_FEATURE,
  PERSONAL_TOKEN_SCOPES,
  isBusinessTokenScope,
} from './personal-token-dto';
import { personalTokenAccess, personalTokenAllows, personalTokenFeature } from './token-scopes';

describe('personal access token scopes (from the route contracts)', () => {
  it('reads artifacts with artifacts:read, changes them with artifacts:write', () => {
    expect(personalTokenAccess('GET', '/api/v1/artifacts')).toBe('artifacts:read');
    expect(personalTokenAccess('get', '/api/v1/artifacts/:id')).toBe('artifacts:read');
    expect(personalTokenAccess('POST', '/api/v1/artifacts')).toBe('artifacts:write');
    expect(personalTokenAccess('DELETE', '/api/v1/artifacts/:id')).toBe('artifacts:write');
    expect(personalTokenAllows(['artifacts:read'], 'POST', '/api/v1/artifacts')).toBe(false);
    expect(personalTokenAllows(['artifacts:write'], 'POST', '/api/v1/artifacts')).toBe(true);
  });

  it('reads collections with collections:read, changes them with collections:write (not artifacts:*)', () => {
    expect(personalTokenAccess('GET', '/api/v1/collections')).toBe('collections:read');
    expect(personalTokenAccess('GET', '/api/v1/collections/:id/artifacts')).toBe('collections:read');
    expect(personalTokenAccess('POST', '/api/v1/collections')).toBe('collections:write');
    expect(personalTokenAccess('PUT', '/api/v1/collections/:id/artifacts/:artifactId')).toBe(
      'collections:write',
    );
    const artifactsOnly = ['artifacts:read', 'artifacts:write'] as const;
    expect(personalTokenAllows([...artifactsOnly], 'GET', '/api/v1/collections')).toBe(false);
    expect(personalTokenAllows([...artifactsOnly], 'POST', '/api/v1/collections')).toBe(false);
    expect(personalTokenAllows(['collections:read'], 'POST', '/api/v1/collections')).toBe(false);
    expect(personalTokenAllows(['collections:write'], 'POST', '/api/v1/collections')).toBe(true);
  });

  it("reads the owner's analytics with analytics:read; tracking and rollups stay out of reach", () => {
    expect(personalTokenAccess('GET', '/api/v1/analytics/artifacts')).toBe('analytics:read');
    expect(personalTokenAccess('GET', '/api/v1/analytics/artifacts/:id')).toBe('analytics:read');
    expect(personalTokenAccess('GET', '/api/v1/analytics/collections/:id')).toBe('analytics:read');
    expect(personalTokenAccess('POST', '/api/v1/analytics/rollup')).toBeUndefined();
    expect(personalTokenAccess('POST', '/api/v1/analytics/track-view')).toBeUndefined();
    expect(personalTokenAllows(['artifacts:read'], 'GET', '/api/v1/analytics/artifacts')).toBe(false);
    expect(personalTokenAllows(['analytics:read'], 'GET', '/api/v1/analytics/artifacts')).toBe(true);
  });

  it('lets any key ask who it belongs to', () => {
    expect(personalTokenAllows(['artifacts:read'], 'GET', '/api/v1/me')).toBe(true);
    expect(personalTokenAllows(['analytics:read'], 'GET', '/api/v1/me')).toBe(true);
    expect(personalTokenAllows([], 'GET', '/api/v1/me')).toBe(false);
  });

  it('lets any key reach the MCP endpoint, whose tools are scoped as their API calls', () => {
    for (const method of ['POST', 'GET', 'DELETE'])
      expect(personalTokenAllows(['artifacts:read'], method, '/mcp')).toBe(true);
    expect(personalTokenAllows(['analytics:read'], 'POST', '/mcp')).toBe(true);
    expect(personalTokenAllows([], 'POST', '/mcp')).toBe(false);
    expect(personalTokenAccess('PUT', '/mcp')).toBeUndefined();
  });

  it('keeps every key off token management, billing and unknown routes', () => {
    for (const [method, path] of [
      ['GET', '/api/v1/personal-tokens'],
      ['POST', '/api/v1/personal-tokens'],
      ['DELETE', '/api/v1/personal-tokens/:id'],
      ['POST', '/api/v1/billing/trial'],
      ['GET', '/internal/anything'],
      ['GET', ''],
    ] as const)
      expect(personalTokenAllows([...PERSONAL_TOKEN_SCOPES], method, path)).toBe(false);
  });

  it('scopes every artifacts and collections route and the non-admin analytics reads, nothing else', () => {
    for (const route of apiRoutes) {
      const scoped = personalTokenAccess(route.method, route.path) !== undefined;
      const expected =
        route.tag === 'artifacts' ||
        route.tag === 'collections' ||
        route.id === 'getMe' ||
        (route.tag === 'analytics' && route.method === 'GET' && route.access !== 'admin');
      expect([route.id, scoped]).toEqual([route.id, expected]);
    }
  });
});

describe('Business scopes (api_access)', () => {
  it('are collections:* and analytics:read; the extension’s artifacts scopes are for every plan', () => {
    expect([...BUSINESS_TOKEN_SCOPES].sort()).toEqual([
      'analytics:read',
      'collections:read',
      'collections:write',
    ]);
    expect(PERSONAL_TOKEN_SCOPES.filter((s) => !isBusinessTokenScope(s))).toEqual([
      'artifacts:read',
      'artifacts:write',
    ]);
    expect(BUSINESS_TOKEN_SCOPE_FEATURE).toBe('api_access');
  });

  it('need api_access on exactly the routes a Business scope opens', () => {
    for (const route of apiRoutes) {
      const access = personalTokenAccess(route.method, route.path);
      const business = access !== undefined && access !== 'any-scope' && isBusinessTokenScope(access);
      expect([route.id, personalTokenFeature(route.method, route.path)]).toEqual([
        route.id,
        business ? 'api_access' : undefined,
      ]);
    }
    expect(personalTokenFeature('GET', '/api/v1/collections')).toBe('api_access');
    expect(personalTokenFeature('GET', '/api/v1/artifacts')).toBeUndefined();
    expect(personalTokenFeature('GET', '/api/v1/me')).toBeUndefined();
  });

  it('api_access is held by Business (and admins), not by Pro', () => {
    const subject = { isActive: true, subscriptionStatus: 'ACTIVE' } as const;
    expect(hasFeature({ ...subject, planType: 'Business' }, 'api_access')).toBe(true);
    expect(hasFeature({ ...subject, planType: 'Pro' }, 'api_access')).toBe(false);
    expect(hasFeature({ ...subject, planType: 'Pro', isAdmin: true }, 'api_access')).toBe(true);
  });
});
