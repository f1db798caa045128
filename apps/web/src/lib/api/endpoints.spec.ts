import { apiRoutes } from '@core-vault/contracts';
import { endpoints } from './endpoints';

describe('endpoints', () => {
  it('are all routes of the gateway contract (apiRoutes)', () => {
    const used: unknown[] = Object.values(endpoints).flatMap((group): unknown[] => Object.values(group));
    expect(used.length).toBeGreaterThan(30);
    for (const route of used) expect(apiRoutes).toContain(route);
  });
});
