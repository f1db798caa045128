import { Test } from '@nestjs/testing';
import { MongooseHealthIndicator, TerminusModule } from '@nestjs/terminus';
import { ConnectionStates } from 'mongoose';
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

describe("terminus' built-in indicators", () => {
  async function withMongoose(): Promise<[HealthRegistry, MongooseHealthIndicator]> {
    const moduleRef = await Test.createTestingModule({
      imports: [TerminusModule.forRoot({ logger: false })],
      providers: [HealthRegistry],
    }).compile();
    return [moduleRef.get(HealthRegistry), await moduleRef.resolve(MongooseHealthIndicator)];
  }

  it("report the built-in's verdict under the dependency's name, its data as details", async () => {
    const [health, mongoose] = await withMongoose();
    let readyState = ConnectionStates.connected;
    health.register({
      name: 'mongo',
      terminus: (key) => mongoose.pingCheck(key, { connection: { readyState } }),
    });
    expect((await health.readiness()).checks['mongo']).toMatchObject({ status: 'up', critical: true });

    readyState = ConnectionStates.disconnected;
    const report = await health.readiness();
    expect(report.status).toBe('down');
    expect(report.checks['mongo']).toEqual({ status: 'down', critical: true, latencyMs: expect.any(Number) });
  });

  it('keep the per-check timeout and the critical flag', async () => {
    const [health] = await withMongoose();
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    try {
      health.register({ name: 'service:billing', critical: false, terminus: () => new Promise(() => {}) });
      const pending = health.readiness();
      await jest.advanceTimersByTimeAsync(2000);
      const report = await pending;
      expect(report.status).toBe('up');
      expect(report.checks['service:billing']).toMatchObject({
        status: 'down',
        critical: false,
        details: { error: 'no answer within 2000 ms' },
      });
    } finally {
      jest.useRealTimers();
    }
  });
});
