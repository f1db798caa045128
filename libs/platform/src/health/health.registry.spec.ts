import { HealthRegistry } from './health.registry';

describe('HealthRegistry', () => {
  it('is up only when every indicator is up', async () => {
    const registry = new HealthRegistry();
    registry.register({ name: 'mongo', check: () => Promise.resolve({ status: 'up' }) });
    registry.register({ name: 'kafka', check: () => Promise.resolve({ status: 'up' }) });
    expect((await registry.readiness()).status).toBe('up');
    registry.register({ name: 'redis', check: () => Promise.reject(new Error('ECONNREFUSED')) });
    const report = await registry.readiness();
    expect(report.status).toBe('down');
    expect(report.checks['redis']).toMatchObject({ status: 'down', details: { error: 'ECONNREFUSED' } });
    expect(report.checks['mongo']?.status).toBe('up');
  });

  it('reports down once shutting down', async () => {
    const registry = new HealthRegistry();
    registry.register({ name: 'mongo', check: () => Promise.resolve({ status: 'up' }) });
    registry.markShuttingDown();
    expect((await registry.readiness()).status).toBe('down');
  });
});

describe('non-critical indicators', () => {
  it('are listed but do not make the service unready', async () => {
    const registry = new HealthRegistry();
    registry.register({ name: 'redis', check: () => Promise.resolve({ status: 'up' }) });
    registry.register({
      name: 'service:billing',
      critical: false,
      check: () => Promise.resolve({ status: 'down' }),
    });
    const report = await registry.readiness();
    expect(report.status).toBe('up');
    expect(report.checks['service:billing']).toMatchObject({ status: 'down', critical: false });
  });
});
