import { createHmac, randomBytes } from 'node:crypto';
import { type Redis } from 'ioredis';
import { type Clock, redisForRequest, systemClock } from '@core-vault/platform';

/** Two days: every instance still finds the day's key while the day lasts, then it is gone. */
const KEY_TTL_SECONDS = 2 * 24 * 3_600;

/** The part of a key that stays in Redis: 128 bits, ample to keep counters apart. */
const PSEUDONYM_BYTES = 16;

/**
 * Names the clients the rate-limit counters count (an IP, an e-mail address) without naming them:
 * HMAC-SHA256 under a random key of the UTC day. The counters are Redis keys for the length of
 * their window; with the address in the key, Redis would hold who called, and a plain hash of an
 * IPv4 address is undone by trying all 2^32 of them. The key lives in Redis beside the counters
 * (SET NX, so every gateway instance takes the same one and counts a client together) for two
 * days and is never logged; the next day's key makes the same client another pseudonym, so a
 * window that spans midnight UTC starts afresh — at most one extra window's budget, once a day.
 */
export class ClientPseudonyms {
  /** The day's key, loading or loaded, for the day it belongs to. */
  private current: { day: string; key: Promise<Buffer> } | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
    private readonly clock: Clock = systemClock,
  ) {}

  async of(client: string): Promise<string> {
    const key = await this.dayKey();
    return createHmac('sha256', key)
      .update(client)
      .digest()
      .subarray(0, PSEUDONYM_BYTES)
      .toString('base64url');
  }

  private dayKey(): Promise<Buffer> {
    const day = this.clock.now().toISOString().slice(0, 10);
    if (this.current?.day === day) return this.current.key;
    const key = this.load(day).catch((err: unknown) => {
      // Not kept: the next request asks Redis again.
      if (this.current?.key === key) this.current = undefined;
      throw err;
    });
    this.current = { day, key };
    return key;
  }

  private async load(day: string): Promise<Buffer> {
    const name = `${this.namespace}:pseudonym-key:${day}`;
    // Asked while answering a request: with Redis away, a prompt 503 like the counters' own.
    const stored = await redisForRequest(this.redis, async (redis) => {
      await redis.set(name, randomBytes(32).toString('base64'), 'EX', KEY_TTL_SECONDS, 'NX');
      return redis.get(name);
    });
    if (!stored) throw new Error(`the rate-limit pseudonym key ${name} vanished right after it was set`);
    return Buffer.from(stored, 'base64');
  }
}
