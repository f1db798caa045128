import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { type AuthUser } from '@core-vault/contracts';
import { APP_CONFIG, REDIS, RedisThrottlerStorage, redisForRequest } from '@core-vault/platform';
import { type ArtifactsConfig } from '../config';
import { RuntimeException } from './runtime.exception';
import { secondsToUtcMidnight, utcDay } from './storage-rules';

const MINUTE_MS = 60_000;
/** Daily counters outlive their day a little, so a late read still finds them; then they go. */
const DAY_COUNTER_TTL_SECONDS = 2 * 86_400;

/*
 * Defaults of the per-minute limits (config RUNTIME_*_CALLS_PER_MINUTE), per viewer per artifact. Storage: 300 (5 a second, sustained) is far above what an
 * artifact does for a person clicking through it (a save per change, a load per open) and stops a
 * runaway loop within a minute. AI: 30, since each call takes seconds anyway; the daily quotas are
 * what bound the cost.
 */

/**
 * Who a viewer is for the limits: their user id when signed in, else their client address (the
 * gateway's X-Forwarded-For), hashed so no counter names an address.
 */
export function viewerOf(
  user: AuthUser | null,
  forwardedFor: string | undefined,
  ip: string | undefined,
): string {
  if (user) return `u:${user.id}`;
  const address = (forwardedFor?.split(',')[0] ?? '').trim() || ip || 'unknown';
  return `a:${createHash('sha256').update(address).digest('base64url').slice(0, 22)}`;
}

/**
 * The runtime's limits in Redis, shared by every instance: the per-minute rate limits through
 * `@nestjs/throttler`'s Redis storage (the gateway's recipe), and the daily AI quotas as plain
 * counters per UTC day.
 */
@Injectable()
export class RuntimeLimits {
  private throttlerStorage: RedisThrottlerStorage | undefined;
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
  ) {
    this.prefix = config.RUNTIME_REDIS_PREFIX;
  }

  /** Made on first use: the quota logic (and its spec) needs none. */
  private get throttler(): RedisThrottlerStorage {
    this.throttlerStorage ??= new RedisThrottlerStorage(this.redis);
    return this.throttlerStorage;
  }

  /** Counts one call; a 429 with Retry-After beyond the minute's budget. */
  async hit(kind: 'storage' | 'ai', artifactId: string, viewer: string): Promise<void> {
    const limit =
      kind === 'storage'
        ? this.config.RUNTIME_STORAGE_CALLS_PER_MINUTE
        : this.config.RUNTIME_AI_CALLS_PER_MINUTE;
    const record = await this.throttler.increment(
      `${this.prefix}:${kind}:${artifactId}:${viewer}`,
      MINUTE_MS,
      limit,
      MINUTE_MS,
      kind,
    );
    if (record.isBlocked) throw RuntimeException.rateLimited(Math.max(1, record.timeToBlockExpire));
  }

  private dayKeys(artifactId: string, viewer: string, now: Date) {
    const day = utcDay(now);
    return {
      viewer: `${this.prefix}:ai-day:${day}:viewer:${viewer}`,
      artifact: `${this.prefix}:ai-day:${day}:artifact:${artifactId}`,
    };
  }

  /**
   * Takes one AI call of today's quotas (viewer's across artifacts, and the artifact's), or
   * refuses with 429 until midnight UTC; a refused call is given back, so it does not count.
   */
  async takeAiCall(artifactId: string, viewer: string, now = new Date()): Promise<void> {
    const keys = this.dayKeys(artifactId, viewer, now);
    const counts = await redisForRequest(this.redis, async (r) => {
      const res = await r
        .multi()
        .incr(keys.viewer)
        .expire(keys.viewer, DAY_COUNTER_TTL_SECONDS)
        .incr(keys.artifact)
        .expire(keys.artifact, DAY_COUNTER_TTL_SECONDS)
        .exec();
      return { viewer: Number(res?.[0]?.[1] ?? 0), artifact: Number(res?.[2]?.[1] ?? 0) };
    });
    const over =
      counts.viewer > this.config.AI_CALLS_PER_VIEWER_PER_DAY
        ? 'viewer'
        : counts.artifact > this.config.AI_CALLS_PER_ARTIFACT_PER_DAY
          ? 'artifact'
          : null;
    if (!over) return;
    await redisForRequest(this.redis, (r) => r.multi().decr(keys.viewer).decr(keys.artifact).exec());
    throw RuntimeException.aiQuota(over, secondsToUtcMidnight(now));
  }

  async aiCallsToday(artifactId: string, now = new Date()): Promise<number> {
    const key = this.dayKeys(artifactId, '', now).artifact;
    return Number((await redisForRequest(this.redis, (r) => r.get(key))) ?? 0);
  }
}
