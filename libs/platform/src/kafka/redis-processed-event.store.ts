import { type Redis } from 'ioredis';
import {
  type ProcessedEventStore,
  type ProcessedMarker,
  type ProcessedOutcome,
} from './processed-event.repository';

const DAY_SECONDS = 86_400;

/**
 * Which of ARGV (event ids) are in any of KEYS (the live day sets): the 1-based positions found.
 * Server-side so the ids cross the wire once, not once per day set; SMISMEMBER in slices because
 * Lua's unpack has a stack limit.
 */
const SEEN_SCRIPT = `
local found = {}
local hit = {}
for _, key in ipairs(KEYS) do
  for first = 1, #ARGV, 4000 do
    local last = math.min(first + 3999, #ARGV)
    local flags = redis.call('SMISMEMBER', key, unpack(ARGV, first, last))
    for i, flag in ipairs(flags) do
      local at = first + i - 1
      if flag == 1 and not hit[at] then
        hit[at] = true
        found[#found + 1] = at
      end
    end
  end
end
return found`;

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
    const keys = this.liveKeys(group);
    const positions = (await this.redis.eval(SEEN_SCRIPT, keys.length, ...keys, ...eventIds)) as number[];
    return new Set(positions.map((at) => eventIds[at - 1]!));
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
