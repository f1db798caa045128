/**
 * The gateway serves exactly the public route contracts (libs/contracts, `apiRoutes`): one route
 * per contract with its method, path and access rule, whether generated (forwarders) or written
 * here (the calls the gateway answers itself). The OpenAPI document lists the same contracts.
 */
import { apiRoutes } from '@core-vault/contracts';
import { loadConfig } from '@core-vault/platform';
import { controllersOf, declaredRoutes, routeDisagreements, testLogger } from '@core-vault/platform/testing';
import { AppModule } from './app.module';
import { gatewayConfigSchema } from './config';
import { McpController } from './mcp/mcp.controller';
import { OpenApiController } from './openapi/openapi.controller';
import { SharePageController } from './share-page/share-page.controller';

describe('gateway routes and the contracts', () => {
  const config = loadConfig('gateway', gatewayConfigSchema, { NODE_ENV: 'test' });
  // The API reference, the share pages (HTML, robots.txt, sitemap.xml) and the MCP endpoint
  // (JSON-RPC; its tools call the API's routes) are no API calls.
  const controllers = controllersOf(AppModule.register(config, testLogger())).filter(
    (c) => c !== OpenApiController && c !== SharePageController && c !== McpController,
  );

  it('agree on every method, path and access rule', () => {
    expect(routeDisagreements(declaredRoutes(controllers), apiRoutes)).toEqual([]);
  });
});
