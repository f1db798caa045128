import { apiRoutes } from '../http/api-routes';
import { personalTokenAccess, personalTokenAllows } from './token-scopes';

describe('personal access token scopes (from the route contracts)', () => {
  it('reads artifacts and collections with artifacts:read, changes them with artifacts:write', () => {
    expect(personalTokenAccess('GET', '/api/v1/artifacts')).toBe('artifacts:read');
    expect(personalTokenAccess('get', '/api/v1/artifacts/:id')).toBe('artifacts:read');
    expect(personalTokenAccess('POST', '/api/v1/artifacts')).toBe('artifacts:write');
    expect(personalTokenAccess('DELETE', '/api/v1/artifacts/:id')).toBe('artifacts:write');
    expect(personalTokenAccess('POST', '/api/v1/collections')).toBe('artifacts:write');
    expect(personalTokenAllows(['artifacts:read'], 'POST', '/api/v1/artifacts')).toBe(false);
    expect(personalTokenAllows(['artifacts:write'], 'POST', '/api/v1/artifacts')).toBe(true);
  });

  it('lets any key ask who it belongs to', () => {
    expect(personalTokenAllows(['artifacts:read'], 'GET', '/api/v1/me')).toBe(true);
    expect(personalTokenAllows([], 'GET', '/api/v1/me')).toBe(false);
  });

  it('keeps every key off token management, billing, analytics and unknown routes', () => {
    const all = ['artifacts:read', 'artifacts:write'] as const;
    for (const [method, path] of [
      ['GET', '/api/v1/personal-tokens'],
      ['POST', '/api/v1/personal-tokens'],
      ['DELETE', '/api/v1/personal-tokens/:id'],
      ['POST', '/api/v1/billing/trial'],
      ['GET', '/api/v1/analytics/artifacts'],
      ['GET', '/internal/anything'],
      ['GET', ''],
    ] as const)
      expect(personalTokenAllows([...all], method, path)).toBe(false);
  });

  it('scopes every artifacts and collections route, and no other context', () => {
    for (const route of apiRoutes) {
      const scoped = personalTokenAccess(route.method, route.path) !== undefined;
      expect([route.id, scoped]).toEqual([
        route.id,
        route.tag === 'artifacts' || route.tag === 'collections' || route.id === 'getMe',
      ]);
    }
  });
});
