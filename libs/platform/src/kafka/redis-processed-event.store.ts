import { type Redis } from 'ioredis';
import {
  type ProcessedEventStore,
  type ProcessedMarker,
  type ProcessedOutcome,
} from './processed-event.repository';

const DAY_SECONDS = 86_400;

/**
 * Processed-event markers in Redis, with a real expiry. For high-volume consumers whose effects are
 * idempotent on their own (e.g. guarded by a per-partition offset watermark written with the
 * effect): the markers then only have to catch the same event id arriving again at another offset
 * (a client or producer retry), which happens within minutes, not days.
 *
 * Markers go into one Redis set per group and UTC day, so a batch is one SADD to mark and one
 * SMISMEMBER per live day to check; a set expires `ttlSeconds` after its day ends.
 */
export class RedisProcessedEventStore implements ProcessedEventStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
    private readonly prefix = 'processed',
    private readonly now: () => number = Date.now,
  ) {}

  private key(group: string, day: number): string {
    return `${this.prefix}:${group}:${day}`;
  }

  /** The day sets a marker written within the last ttlSeconds can be in, newest first. */
  private liveKeys(group: string): string[] {
    const today = Math.floor(this.now() / 1000 / DAY_SECONDS);
    const days = Math.ceil(this.ttlSeconds / DAY_SECONDS) + 1;
    return Array.from({ length: days }, (_, i) => this.key(group, today - i));
  }

  async has(group: string, eventId: string): Promise<boolean> {
    return (await this.seen(group, [eventId])).size > 0;
  }

  async mark(group: string, eventId: string, topic: string, outcome: ProcessedOutcome): Promise<void> {
    await this.markMany(group, [{ eventId, topic, outcome }]);
  }

  async seen(group: string, eventIds: readonly string[]): Promise<Set<string>> {
    if (eventIds.length === 0) return new Set();
    const pipeline = this.redis.pipeline();
    for (const key of this.liveKeys(group)) pipeline.smismember(key, ...eventIds);
    const found = new Set<string>();
    for (const [err, flags] of (await pipeline.exec()) ?? []) {
      if (err) throw err;
      (flags as number[]).forEach((f, i) => f === 1 && found.add(eventIds[i]!));
    }
    return found;
  }

  async markMany(group: string, markers: readonly ProcessedMarker[]): Promise<void> {
    if (markers.length === 0) return;
    const [key] = this.liveKeys(group);
    const results = await this.redis
      .pipeline()
      .sadd(key!, ...markers.map((m) => m.eventId))
      .expire(key!, this.ttlSeconds + DAY_SECONDS)
      .exec();
    const failed = (results ?? []).find(([err]) => err);
    if (failed?.[0]) throw failed[0];
  }
}
