import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Redis } from 'ioredis';
import { type Model } from 'mongoose';
import { APP_CONFIG, REDIS } from '@core-vault/platform';
import { type AnalyticsConfig } from '../config';
import { ARTIFACT_STATS_MODEL, type ArtifactStatsDoc } from './artifact-stats.schema';

/** The per-artifact day keys of visitor-sets.ts: visitors, credited visitors, referrer counts. */
const VISITOR_KEY_KINDS = ['uv', 'rv', 'rc'] as const;

/** `<prefix>:<kind>:{<artifactId>}:<day>` (visitor-sets.ts) → the artifact id. */
const artifactOfVisitorSet = (key: string): string | undefined => /:(?:uv|rv|rc):\{([^}]+)\}:/.exec(key)?.[1];

/**
 * Account erasure in analytics: the stats documents of the user's artifacts (counts, days,
 * referrers) and their unique-visitor sets and referrer credits in Redis. Those hold salted
 * hashes of visitors, not the user, but they describe the user's artifacts, so they go too.
 */
@Injectable()
export class AnalyticsUserErasure {
  private readonly prefix: string;

  constructor(
    @InjectModel(ARTIFACT_STATS_MODEL) private readonly stats: Model<ArtifactStatsDoc>,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AnalyticsConfig,
  ) {
    this.prefix = config.ANALYTICS_REDIS_PREFIX;
  }

  /** Sets first, documents last: a retry after a crash still finds the artifact ids. Returns how many artifacts. */
  async erase(userId: string): Promise<number> {
    const docs = await this.stats.find({ ownerId: userId }, { _id: 1 }).lean<{ _id: string }[]>().exec();
    const ids = new Set(docs.map((d) => d._id));
    if (ids.size > 0) {
      // A view's day set may be of any day (late views), so the sets are found, not computed.
      // One SCAN per kind of key for all the artifacts: erasure is rare, a scan is fine.
      for (const kind of VISITOR_KEY_KINDS) {
        const stream = this.redis.scanStream({ match: `${this.prefix}:${kind}:*`, count: 1000 });
        for await (const batch of stream as AsyncIterable<string[]>) {
          const mine = batch.filter((key) => ids.has(artifactOfVisitorSet(key) ?? ''));
          // DEL one key at a time: keys of different artifacts live in different cluster slots.
          for (const key of mine) await this.redis.del(key);
        }
      }
    }
    await this.stats.deleteMany({ ownerId: userId }).exec();
    return ids.size;
  }
}
