import { Test } from '@nestjs/testing';
import { TerminusModule } from '@nestjs/terminus';
import { HealthRegistry } from './health.registry';

async function registry(): Promise<HealthRegistry> {
  const moduleRef = await Test.createTestingModule({
    imports: [TerminusModule.forRoot({ logger: false })],
    providers: [HealthRegistry],
  }).compile();
  return moduleRef.get(HealthRegistry);
}

describe('HealthRegistry (terminus indicators per dependency)', () => {
  it('is up only when every indicator is up', async () => {
    const health = await registry();
    health.register({ name: 'mongo', check: () => Promise.resolve({ status: 'up' }) });
    health.register({ name: 'kafka', check: () => Promise.resolve({ status: 'up' }) });
    expect((await health.readiness()).status).toBe('up');
    health.register({ name: 'redis', check: () => Promise.reject(new Error('ECONNREFUSED')) });
    const report = await health.readiness();
    expect(report.status).toBe('down');
    expect(report.checks['redis']).toMatchObject({ status: 'down', details: { error: 'ECONNREFUSED' } });
    expect(report.checks['mongo']).toMatchObject({ status: 'up', critical: true });
    expect(report.checks['mongo']?.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('reports down once shutting down', async () => {
    const health = await registry();
    health.register({ name: 'mongo', check: () => Promise.resolve({ status: 'up' }) });
    health.markShuttingDown();
    const report = await health.readiness();
    expect(report.status).toBe('down');
    expect(report.checks['shutdown']?.status).toBe('down');
  });
});

describe('non-critical indicators', () => {
  it('are listed but do not make the service unready', async () => {
    const health = await registry();
    health.register({ name: 'redis', check: () => Promise.resolve({ status: 'up' }) });
    health.register({
      name: 'service:billing',
      critical: false,
      check: () => Promise.resolve({ status: 'down', details: { dependencies: { mongo: 'down' } } }),
    });
    const report = await health.readiness();
    expect(report.status).toBe('up');
    expect(report.checks['service:billing']).toMatchObject({
      status: 'down',
      critical: false,
      details: { dependencies: { mongo: 'down' } },
    });
  });
});
