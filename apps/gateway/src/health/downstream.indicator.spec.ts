import { once } from 'node:events';
import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Test } from '@nestjs/testing';
import { ConfigModule, HealthModule, HealthRegistry } from '@core-vault/platform';
import { GatewayHealthModule } from './gateway-health.module';

let server: Server;
let base: string;

beforeAll(async () => {
  // identity is ready, billing answers 503 (its database is down), the others refuse connections.
  server = createServer((req, res) => {
    const ready = req.url === '/identity/health/ready';
    res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: ready ? 'up' : 'down', checks: {} }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

it("lists each downstream service's readiness without making the gateway unready", async () => {
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot({
        IDENTITY_URL: `${base}/identity`,
        BILLING_URL: `${base}/billing`,
        ARTIFACTS_URL: 'http://127.0.0.1:1',
        ANALYTICS_URL: 'http://127.0.0.1:1',
        ONBOARDING_URL: 'http://127.0.0.1:1',
      }),
      HealthModule,
      GatewayHealthModule,
    ],
  }).compile();
  await moduleRef.init();

  const report = await moduleRef.get(HealthRegistry).readiness();
  expect(report.status).toBe('up');
  expect(Object.keys(report.checks).sort()).toEqual([
    'service:analytics',
    'service:artifacts',
    'service:billing',
    'service:identity',
    'service:onboarding',
  ]);
  expect(report.checks['service:identity']).toMatchObject({ status: 'up', critical: false });
  expect(report.checks['service:billing']).toMatchObject({
    status: 'down',
    critical: false,
    details: { statusCode: 503 },
  });
  expect(report.checks['service:artifacts']).toMatchObject({
    status: 'down',
    details: { message: expect.stringContaining('ECONNREFUSED') },
  });
  await moduleRef.close();
});
