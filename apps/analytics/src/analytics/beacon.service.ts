import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Redis } from 'ioredis';
import {
  type AuthUser,
  Topic,
  type ViewBeaconBody,
  utcDay,
  viewsWithinCap,
  visitorMaterial,
} from '@core-vault/contracts';
import {
  APP_CONFIG,
  AppException,
  KafkaConnection,
  REDIS,
  topicEvents,
  withDeadline,
} from '@core-vault/platform';
import { type AnalyticsConfig } from '../config';
import {
  type BeaconRequestFacts,
  type SkipReason,
  referrerOrigin,
  skipReason,
  visitorHash,
} from './beacon-filters';

/** A day's salt outlives its day (views stamped just before midnight), then it is gone for good. */
export const DAILY_SALT_TTL_SECONDS = 48 * 3600;
/** A visitor's daily view counter outlives the visitor's day a little, then it is gone. */
const VISITOR_COUNTER_TTL_SECONDS = 25 * 3600;
/** Like the gateway's tracking calls: a beacon answers within this even with the broker away. */
const PUBLISH_TIMEOUT_MS = 5_000;

export interface BeaconVisit extends BeaconRequestFacts {
  /** Used for the day's visitor hash, then forgotten: never stored, logged or published. */
  ip: string;
}

/** `capped`: the visitor already added their TRACK_VIEWS_PER_VISITOR_DAY views of the artifact today. */
export type BeaconOutcome = 'counted' | SkipReason | 'capped';

const unavailable = () =>
  new AppException(503, 'TRACKING_UNAVAILABLE', 'Tracking is temporarily unavailable.');

/**
 * Views counted without cookies (docs/reference/analytics.md): filters bots and prefetches, replaces the
 * visitor by the day's salted hash and feeds the same artifact-viewed topic as consented
 * tracking, so the same consumer counts both (owner views apart, by the verified token).
 */
@Injectable()
export class BeaconService {
  private readonly logger = new Logger(BeaconService.name);
  /** Views are an artifacts-context fact; analytics observes these ones itself. */
  private readonly events = topicEvents('analytics', [Topic.ArtifactViewed]);
  /** The current day's salt, fetched once a day per instance. */
  private today: { day: string; salt: string } | undefined;

  constructor(
    private readonly kafka: KafkaConnection,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AnalyticsConfig,
  ) {}

  async count(
    body: ViewBeaconBody,
    visit: BeaconVisit,
    viewer: AuthUser | null,
    now = new Date(),
  ): Promise<BeaconOutcome> {
    const skip = skipReason(visit);
    // The reason only: no address, agent or artifact goes to the log.
    if (skip) {
      this.logger.debug(`beacon ignored: ${skip}`);
      return skip;
    }
    const userAgent = (visit.userAgent ?? '').slice(0, 512);
    const viewedAt = now.toISOString();
    const visitor = await this.visitorOf(body.artifactId, visit.ip, viewer, utcDay(viewedAt)).catch(() => {
      throw unavailable();
    });
    if (!visitor.counts) {
      this.logger.debug('beacon ignored: capped');
      return 'capped';
    }
    const referrer = referrerOrigin(body.referrer);
    const entry = this.events.create(
      Topic.ArtifactViewed,
      {
        artifactId: body.artifactId,
        viewedAt,
        userAgent,
        embed: body.embed,
        sessionId: visitor.hash,
        ...(referrer ? { referrer } : {}),
        ...(viewer ? { viewerId: viewer.id } : {}),
      },
      { key: body.artifactId, occurredAt: now },
    );
    try {
      await withDeadline(
        this.kafka.publisher.publish([entry]),
        PUBLISH_TIMEOUT_MS,
        `no acknowledgement from Kafka within ${PUBLISH_TIMEOUT_MS} ms`,
      );
    } catch {
      throw unavailable();
    }
    return 'counted';
  }

  /**
   * The visitor's hash of the day, and whether this view is within their daily views of the
   * artifact (one INCR of a counter named by the hash: no counter names an address or account).
   */
  private async visitorOf(
    artifactId: string,
    ip: string,
    viewer: AuthUser | null,
    day: string,
  ): Promise<{ hash: string; counts: boolean }> {
    const salt = await this.dailySalt(day);
    const hash = visitorHash(salt, visitorMaterial(artifactId, ip, viewer?.id));
    const key = `${this.config.ANALYTICS_REDIS_PREFIX}:beacon-views:${hash}`;
    const results = await this.redis.multi().incr(key).expire(key, VISITOR_COUNTER_TTL_SECONDS).exec();
    const [err, after] = results?.[0] ?? [new Error('the visitor counter did not answer'), 0];
    if (err) throw err;
    return { hash, counts: viewsWithinCap(Number(after), 1, this.config.TRACK_VIEWS_PER_VISITOR_DAY) > 0 };
  }

  /**
   * One random salt per UTC day shared by every instance: the first to need it sets it (SET NX),
   * the others read that one. It expires 48 h later and nothing else keeps it, so once a day is
   * over its hashes cannot be linked to the next day's or recomputed from an address.
   */
  async dailySalt(day: string): Promise<string> {
    if (this.today?.day === day) return this.today.salt;
    const key = `${this.config.ANALYTICS_REDIS_PREFIX}:beacon-salt:${day}`;
    await this.redis.set(key, randomBytes(32).toString('base64url'), 'EX', DAILY_SALT_TTL_SECONDS, 'NX');
    const salt = await this.redis.get(key);
    if (!salt) throw new Error('the daily salt vanished');
    this.today = { day, salt };
    return salt;
  }
}
