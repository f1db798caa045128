/**
 * The artifacts service declares exactly its route contracts (libs/contracts): every method, path
 * and access rule, both ways. The gateway's forwarders are generated from the same contracts,
 * so a controller that drifts from them fails here.
 */
import { routesAnsweredBy } from '@core-vault/contracts';
import { loadConfig } from '@core-vault/platform';
import { controllersOf, declaredRoutes, routeDisagreements, testLogger } from '@core-vault/platform/testing';
import { AppModule } from './app.module';
import { artifactsConfigSchema } from './config';

describe('artifacts routes and their contracts', () => {
  it('agree on every method, path and access rule', () => {
    const config = loadConfig('artifacts', artifactsConfigSchema, { NODE_ENV: 'test' });
    const routes = declaredRoutes(controllersOf(AppModule.register(config, testLogger())));
    expect(routeDisagreements(routes, routesAnsweredBy('artifacts'))).toEqual([]);
  });
});
