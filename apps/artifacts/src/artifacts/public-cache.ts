import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { type Logger } from 'pino';
import {
  type CachedPublicRead,
  decodeCachedRead,
  encodeCachedRead,
  publicArtifactCacheKey,
} from '@core-vault/contracts';
import { APP_CONFIG, LOGGER, REDIS, redisForRequest } from '@core-vault/platform';
import { type ArtifactsConfig } from '../config';

/** A ready-to-send public read: the JSON body exactly as served, its strong ETag, its owner. */
export type CachedRead = CachedPublicRead;

const bodyKey = publicArtifactCacheKey;
/** Newest revision a writer has published; a reader never caches anything older. */
const revKey = (id: string) => `artifacts:public-rev:${id}`;
/**
 * The keys of the artifact's cached pinned reads (`?v=N`, one entry per version): a change drops
 * them all with the unpinned one, since title, description and tags of a pinned read are current.
 */
const pinsKey = (id: string) => `artifacts:public-pins:${id}`;
const REV_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Fill only if no writer has announced a newer revision (closes the read-then-invalidate race);
 * a pinned entry is listed in the pins set (KEYS[3]) so the next change finds it.
 */
const STORE_IF_CURRENT = `
local newest = redis.call('GET', KEYS[2])
if newest and tonumber(newest) > tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
if KEYS[3] then
  redis.call('SADD', KEYS[3], KEYS[1])
  redis.call('EXPIRE', KEYS[3], ARGV[3])
end
return 1`;
const ANNOUNCE_AND_DROP = `
local newest = redis.call('GET', KEYS[2])
if not newest or tonumber(newest) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[2], ARGV[1], 'EX', ARGV[2])
end
redis.call('DEL', KEYS[1])
for _, key in ipairs(redis.call('SMEMBERS', KEYS[3])) do redis.call('DEL', key) end
redis.call('DEL', KEYS[3])
return 1`;

export function strongEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * Redis cache of public reads, stored as the serialised response so a hit is sent without
 * touching Mongo or re-serialising. Every change invalidates it; Redis trouble only costs speed
 * (reads and fills give up at once while Redis is away; an invalidation waits for it).
 */
@Injectable()
export class PublicArtifactCache {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The cached public read, pinned to content version `version` when given. */
  async get(id: string, version?: number): Promise<CachedRead | null> {
    try {
      const raw = await redisForRequest(this.redis, (r) => r.get(bodyKey(id, version)));
      return raw ? decodeCachedRead(raw) : null;
    } catch (err) {
      this.logger.warn({ err }, 'public artifact cache read failed');
      return null;
    }
  }

  async store(id: string, rev: number, read: CachedRead, version?: number): Promise<void> {
    const keys =
      version === undefined ? [bodyKey(id), revKey(id)] : [bodyKey(id, version), revKey(id), pinsKey(id)];
    try {
      await redisForRequest(this.redis, (r) =>
        r.eval(
          STORE_IF_CURRENT,
          keys.length,
          ...keys,
          String(rev),
          encodeCachedRead(read),
          String(this.config.PUBLIC_CACHE_TTL_SECONDS),
        ),
      );
    } catch (err) {
      this.logger.warn({ err }, 'public artifact cache fill failed');
    }
  }

  /**
   * Called after every committed change, with the artifact's new revision. Waits out a Redis
   * restart rather than giving up: the entry survives in the append-only file, so a skipped
   * invalidation would serve the old read (say, of an artifact made private) until its TTL.
   */
  async invalidate(id: string, rev: number): Promise<void> {
    try {
      await this.redis.eval(
        ANNOUNCE_AND_DROP,
        3,
        bodyKey(id),
        revKey(id),
        pinsKey(id),
        String(rev),
        String(REV_TTL_SECONDS),
      );
    } catch (err) {
      // The entry then lives until its TTL; log loudly, the write itself has succeeded.
      this.logger.error({ err, artifactId: id }, 'public artifact cache invalidation failed');
    }
  }
}
