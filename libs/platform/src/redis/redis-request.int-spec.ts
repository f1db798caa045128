/**
 * Redis calls made while answering a request (redisForRequest), against real Redis clients: one
 * whose server is gone, one that is busy, and the shared local Redis.
 */
import { type Redis } from 'ioredis';
import { type AppException } from '../http/app-exception';
import { RedisThrottlerStorage } from '../rate-limit/redis-throttler.storage';
import { freePort, testInfra, uniqueSuffix, waitFor } from '../testing';
import { createRedis, redisForRequest } from './redis.module';

const live = createRedis(testInfra().redisUrl);
let gone: Redis | undefined;
let busy: Redis | undefined;

afterAll(async () => {
  // A client between reconnect attempts stops at once (it never emits 'end').
  gone?.disconnect();
  const held = busy;
  if (held) await new Promise((ended) => (held.once('end', ended), held.disconnect()));
  await live.quit();
});

const statusOf = (err: unknown) => (err as AppException).getStatus?.();

describe('redisForRequest', () => {
  it('passes the answer through while Redis answers', async () => {
    const key = `req-test:${uniqueSuffix()}`;
    expect(await redisForRequest(live, (r) => r.set(key, '1', 'EX', 10))).toBe('OK');
    expect(await redisForRequest(live, (r) => r.get(key))).toBe('1');
  });

  it('refuses at once with a 503 while the connection is lost (the shared client would queue)', async () => {
    // Nothing listens on this port: the client keeps reconnecting, as it does while Redis restarts.
    const client = (gone = createRedis(`redis://127.0.0.1:${await freePort()}`));
    client.on('error', () => undefined);
    await waitFor(
      () => client.status,
      (s) => s === 'reconnecting',
      { what: 'the client reconnecting' },
    );
    const started = Date.now();
    const results = await Promise.all([
      redisForRequest(client, (r) => r.get('k')).catch((e: unknown) => e),
      new RedisThrottlerStorage(client)
        .increment('rl:test:b:id', 60_000, 1, 60_000, 'ip')
        .catch((e: unknown) => e),
    ]);
    expect(Date.now() - started).toBeLessThan(500);
    expect(results.map(statusOf)).toEqual([503, 503]);
    expect((results[0] as AppException).getResponse()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('refuses at once during the reconnect attempts too (status "connecting")', async () => {
    const client = gone!;
    const seen = new Set<string>();
    const slow: number[] = [];
    // Calls back to back for a while: the client tries to reconnect several times meanwhile.
    for (const until = Date.now() + 1_500; Date.now() < until;) {
      seen.add(client.status);
      const started = Date.now();
      expect(statusOf(await redisForRequest(client, (r) => r.get('k')).catch((e: unknown) => e))).toBe(503);
      if (Date.now() - started > 500) slow.push(Date.now() - started);
      await new Promise((r) => setImmediate(r));
    }
    expect(slow).toEqual([]);
    expect(seen.has('connecting')).toBe(true);
  });

  it('gives up with a 503 when a call does not answer in time', async () => {
    const client = (busy = live.duplicate());
    // BLPOP on an empty list holds the connection: the GET behind it gets no answer.
    void client.blpop(`req-test:empty:${uniqueSuffix()}`, 0).catch(() => undefined);
    const started = Date.now();
    const err = await redisForRequest(client, (r) => r.get('k'), 300).catch((e: unknown) => e);
    expect(statusOf(err)).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
