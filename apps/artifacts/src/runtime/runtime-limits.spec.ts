import { type Redis } from 'ioredis';
import { type ArtifactsConfig } from '../config';
import { RuntimeLimits, viewerOf } from './runtime-limits';
import { RuntimeException } from './runtime.exception';

/** The few Redis calls the daily quota makes, over a Map (MULTI applied at once). */
function fakeRedis() {
  const values = new Map<string, number>();
  const multi = () => {
    const ops: (() => [null, number])[] = [];
    const chain = {
      incr: (k: string) => (ops.push(() => [null, values.set(k, (values.get(k) ?? 0) + 1).get(k)!]), chain),
      decr: (k: string) => (ops.push(() => [null, values.set(k, (values.get(k) ?? 0) - 1).get(k)!]), chain),
      expire: () => (ops.push(() => [null, 1]), chain),
      exec: () => Promise.resolve(ops.map((op) => op())),
    };
    return chain;
  };
  return {
    values,
    redis: { status: 'ready', multi, get: (k: string) => Promise.resolve(values.get(k) ?? null) },
  };
}

const config = {
  RUNTIME_REDIS_PREFIX: 't',
  AI_CALLS_PER_VIEWER_PER_DAY: 2,
  AI_CALLS_PER_ARTIFACT_PER_DAY: 3,
} as ArtifactsConfig;

describe('daily AI quotas', () => {
  const now = new Date('2026-12-07T12:00:00.000Z');

  it('counts per viewer and per artifact, refuses past either with 429 and gives the refused call back', async () => {
    const { redis } = fakeRedis();
    const limits = new RuntimeLimits(redis as unknown as Redis, config);
    await limits.takeAiCall('art1', 'u:a', now);
    await limits.takeAiCall('art1', 'u:a', now);
    const refused = await limits.takeAiCall('art1', 'u:a', now).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RuntimeException);
    expect((refused as RuntimeException).code).toBe('AI_QUOTA_EXCEEDED');
    expect((refused as RuntimeException).getStatus()).toBe(429);
    // Not counted: the artifact has had 2 calls, one more by someone else fits.
    expect(await limits.aiCallsToday('art1', now)).toBe(2);
    await limits.takeAiCall('art1', 'u:b', now);
    const artifactFull = await limits
      .takeAiCall('art1', 'u:c', now)
      .catch((e: RuntimeException) => e.message);
    expect(artifactFull).toBe(
      'This artifact has used all its AI calls for today. They reset at midnight UTC.',
    );
    // Another day starts again.
    await limits.takeAiCall('art1', 'u:a', new Date('2026-12-08T00:00:01.000Z'));
  });
});

describe('viewer identity', () => {
  it('is the user id when signed in, else a hash of the first forwarded address', () => {
    expect(viewerOf({ id: 'usr_1' } as never, '1.2.3.4', '10.0.0.1')).toBe('u:usr_1');
    const a = viewerOf(null, '1.2.3.4, 10.0.0.9', '10.0.0.1');
    expect(a).toMatch(/^a:[A-Za-z0-9_-]{22}$/);
    expect(a).not.toContain('1.2.3.4');
    expect(viewerOf(null, '1.2.3.4', '10.0.0.2')).toBe(a);
    expect(viewerOf(null, undefined, '10.0.0.1')).not.toBe(a);
  });
});
