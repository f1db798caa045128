import { Inject, Injectable, Optional } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { type Redis } from 'ioredis';
import { Strategy as BearerStrategy } from 'passport-http-bearer';
import { type AuthUser, PERSONAL_TOKEN_PATTERN } from '@core-vault/contracts';
import { REDIS, redisForRequest } from '../redis/redis.module';
import {
  hashPersonalToken,
  parseStored,
  personalTokenKey,
  personalTokenOwnerKey,
  personalTokenOwnerSchema,
  personalTokenRecordSchema,
  personalTokenUsedKey,
} from './personal-token';

export const PERSONAL_TOKEN_STRATEGY = 'personal-token';

/** Last-used time is kept to the minute: at most one Redis write per key, per process, per minute. */
export const LAST_USED_GRANULARITY_MS = 60_000;
const MAX_REMEMBERED_USES = 10_000;

/**
 * API keys (`cvpat_…`, and `cvp_…` issued before) for the public API and the browser extension. Looked up by hash in the
 * projection identity keeps in Redis: unknown or revoked (no record), expired (record's exp),
 * or of a user who is gone (no owner facts) all read as "no user".
 */
@Injectable()
export class PersonalTokenStrategy extends PassportStrategy(BearerStrategy, PERSONAL_TOKEN_STRATEGY) {
  /** token id → when this process last recorded a use (the write throttle). */
  private readonly recordedUse = new Map<string, number>();

  constructor(@Optional() @Inject(REDIS) private readonly redis?: Redis) {
    super();
  }

  async validate(token: string): Promise<AuthUser | false> {
    const user = await this.lookup(token);
    if (user) await this.recordUse(user.sessionId, Date.now());
    return user;
  }

  /**
   * The key's user, or false — the whole verification, without recording a use: for checks that
   * run before the guard (the gateway's cross-site exemption), which then verifies and records.
   */
  async lookup(token: string): Promise<AuthUser | false> {
    // Without Redis there is nothing to check a key against: refused, never waved through.
    if (!PERSONAL_TOKEN_PATTERN.test(token) || !this.redis) return false;
    const redis = this.redis;
    const record = parseStored(
      personalTokenRecordSchema,
      await redisForRequest(redis, (r) => r.get(personalTokenKey(hashPersonalToken(token)))),
    );
    const now = Date.now();
    if (!record || (record.exp !== null && record.exp <= now)) return false;
    const owner = parseStored(
      personalTokenOwnerSchema,
      await redisForRequest(redis, (r) => r.get(personalTokenOwnerKey(record.sub))),
    );
    if (!owner) return false;
    return {
      id: record.sub,
      email: owner.email,
      sessionId: record.tid,
      isAdmin: owner.adm,
      isActive: owner.act,
      planType: owner.plan,
      subscriptionStatus: owner.sts,
      ...(owner.mig ? { migratedFromUserId: owner.mig } : {}),
      scopes: record.scp,
    };
  }

  /** Best effort: a lost last-used write must never fail the request it describes. */
  private async recordUse(tokenId: string, now: number): Promise<void> {
    const last = this.recordedUse.get(tokenId);
    if (last !== undefined && now - last < LAST_USED_GRANULARITY_MS) return;
    if (this.recordedUse.size >= MAX_REMEMBERED_USES) this.recordedUse.clear();
    this.recordedUse.set(tokenId, now);
    const redis = this.redis;
    if (!redis) return;
    await redisForRequest(redis, (r) => r.set(personalTokenUsedKey(tokenId), String(now))).catch(
      () => undefined,
    );
  }
}
