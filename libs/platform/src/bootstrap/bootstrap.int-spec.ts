import { once } from 'node:events';
import { Agent, get } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { answersOk, freePort, spawnTs, testInfra, waitFor } from '../testing';

const infra = testInfra();
const fixture = join(__dirname, '../testing/fixtures/slow-service.ts');

function startService(env: Record<string, string>) {
  return spawnTs(
    fixture,
    {
      NODE_ENV: 'test',
      MONGO_URL: infra.mongoUrl,
      MONGO_DB: 'cv_test_slow_service',
      REDIS_URL: infra.redisUrl,
      ...env,
    },
    false,
  );
}

describe('service lifecycle', () => {
  it('refuses to start on a malformed variable, with one line naming it and exit code 1', async () => {
    const svc = startService({ PORT: '3999', MONGO_URL: 'http://not-mongo' });
    const [code] = await svc.exited;
    expect(code).toBe(1);
    expect(svc.stderr().trim()).toBe(
      '[slow-service] invalid configuration: MONGO_URL must be a mongodb or mongodb+srv URL',
    );
  });

  it('refuses to start on a missing variable', async () => {
    const svc = startService({
      PORT: '3999',
      REDIS_URL: '',
      MONGO_URL: infra.mongoUrl,
      NODE_ENV: 'production',
    });
    const [code] = await svc.exited;
    expect(code).toBe(1);
    expect(svc.stderr().trim()).toBe('[slow-service] invalid configuration: REDIS_URL is required');
  });

  it('logs a failure to start as one JSON fatal line and exits 1', async () => {
    const taken = createServer();
    taken.listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as AddressInfo;
    try {
      const svc = startService({ PORT: String(port) });
      // 'close', not 'exit': the output is read to its end.
      const [code] = (await once(svc.child, 'close')) as [number | null];
      expect(code).toBe(1);
      const lines = svc
        .stdout()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const fatal = lines.filter((l) => l['level'] === 'fatal');
      expect(fatal).toEqual([
        expect.objectContaining({
          msg: 'slow-service failed to start',
          err: expect.objectContaining({ syscall: 'listen', message: expect.stringContaining('EADDRINUSE') }),
        }),
      ]);
    } finally {
      taken.close();
    }
  });

  it("keeps an idle keep-alive connection past Node's 5 s default, so a client that pauses reuses it", async () => {
    const port = await freePort();
    const svc = startService({ PORT: String(port) });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // The local port of the connection each request went over.
    const askLive = () =>
      new Promise<number>((resolve, reject) => {
        get(`http://127.0.0.1:${port}/health/live`, { agent }, (res) => {
          const local = res.socket.localPort!;
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve(local) : reject(new Error(`${res.statusCode}`)),
          );
        }).on('error', reject);
      });
    try {
      await waitFor(() => answersOk(`http://127.0.0.1:${port}/health/ready`), Boolean, {
        what: 'service ready',
        timeoutMs: 30_000,
      });
      const first = await askLive();
      await new Promise((r) => setTimeout(r, 6_000));
      // Closed by the service at 5 s, the agent would have dropped it and opened another one.
      expect(await askLive()).toBe(first);
    } finally {
      agent.destroy();
      svc.child.kill('SIGTERM');
      await svc.exited;
    }
  });

  it('is ready with its dependencies, logs JSON with request ids, and drains in-flight work on SIGTERM', async () => {
    const port = await freePort();
    const svc = startService({ PORT: String(port) });
    await waitFor(() => answersOk(`http://127.0.0.1:${port}/health/ready`), Boolean, {
      what: 'service ready',
      timeoutMs: 30_000,
    });

    const report = (await (await fetch(`http://127.0.0.1:${port}/health/ready`)).json()) as {
      checks: Record<string, { status: string }>;
    };
    expect(Object.keys(report.checks).sort()).toEqual(['mongo', 'redis']);
    expect(await (await fetch(`http://127.0.0.1:${port}/health/live`)).json()).toEqual({ status: 'up' });

    const malformed = await fetch(`http://127.0.0.1:${port}/slow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{bad',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      statusCode: 400,
      code: 'MALFORMED_JSON',
      message: 'The request body is not valid JSON.',
    });

    const inFlight = fetch(`http://127.0.0.1:${port}/slow`, {
      headers: { 'x-request-id': 'lifecycle-test-1' },
    });
    await waitFor(
      () => svc.stdout(),
      (o) => o.includes('slow request started'),
      { what: 'request in flight' },
    );
    svc.child.kill('SIGTERM');

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('lifecycle-test-1');
    expect(await res.json()).toEqual({ done: true });
    const [code] = await svc.exited;
    expect(code).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow();

    const lines = svc
      .stdout()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const access = lines.find(
      (l) =>
        l['requestId'] === 'lifecycle-test-1' || (l['req'] as { id?: string })?.id === 'lifecycle-test-1',
    );
    expect(access).toBeDefined();
    // Nest's own log calls go through nestjs-pino: JSON, with the context and the request's id.
    expect(lines.find((l) => l['msg'] === 'slow request started')).toMatchObject({
      level: 'info',
      service: 'slow-service',
      context: 'SlowController',
      requestId: 'lifecycle-test-1',
    });
    // And the lines Nest wrote while booting, held in its buffer until the logger was there.
    expect(lines.some((l) => l['context'] === 'RouterExplorer')).toBe(true);
    const messages = lines.map((l) => l['msg']);
    expect(messages.indexOf('shutdown started')).toBeLessThan(messages.indexOf('shutdown complete'));
  });
});
