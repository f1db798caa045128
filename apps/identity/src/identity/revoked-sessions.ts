import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { ACCESS_TOKEN_TTL_SECONDS } from '@core-vault/contracts';
import { REDIS, revokedSessionKey } from '@core-vault/platform';

/** Long enough to outlive any access token of the session (plus the verifier's clock skew). */
const REVOKED_MARK_SECONDS = ACCESS_TOKEN_TTL_SECONDS + 60;

/**
 * The Redis deny-list every service's auth guard reads: an access token of a marked session is
 * refused at once, though its signature is still valid for up to ACCESS_TOKEN_TTL_SECONDS.
 */
@Injectable()
export class RevokedSessions {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async mark(sessionIds: readonly string[], reason: string): Promise<void> {
    if (sessionIds.length === 0) return;
    const batch = this.redis.multi();
    for (const id of sessionIds) batch.set(revokedSessionKey(id), reason, 'EX', REVOKED_MARK_SECONDS);
    await batch.exec();
  }
}
