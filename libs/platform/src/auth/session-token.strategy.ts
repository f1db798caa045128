import { Inject, Injectable, Optional } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { type Redis } from 'ioredis';
import { Strategy as BearerStrategy } from 'passport-http-bearer';
import { type AuthUser, PERSONAL_TOKEN_PREFIX, authUserFromClaims } from '@core-vault/contracts';
import { REDIS, redisForRequest } from '../redis/redis.module';
import { AccessTokenVerifier, TokenError } from './access-token';

export const TOKEN_VERIFIER = Symbol('TOKEN_VERIFIER');
export const SESSION_TOKEN_STRATEGY = 'session-jwt';

/** Redis key marking a session as signed out; identity sets it for the access-token lifetime. */
export const revokedSessionKey = (sessionId: string): string => `auth:revoked-session:${sessionId}`;

/**
 * The browser session: a short-lived EdDSA JWT from identity, verified with jose against the
 * public key, then checked against the signed-out sessions in Redis. A token that fails any
 * check is "no user" (false); only infrastructure failures are errors.
 */
@Injectable()
export class SessionTokenStrategy extends PassportStrategy(BearerStrategy, SESSION_TOKEN_STRATEGY) {
  constructor(
    @Inject(TOKEN_VERIFIER) private readonly verifier: AccessTokenVerifier,
    @Optional() @Inject(REDIS) private readonly redis?: Redis,
  ) {
    super();
  }

  async validate(token: string): Promise<AuthUser | false> {
    // A personal access token is the other strategy's; not worth a signature check.
    if (token.startsWith(PERSONAL_TOKEN_PREFIX)) return false;
    let user: AuthUser;
    try {
      user = authUserFromClaims(await this.verifier.verify(token));
    } catch (err) {
      if (err instanceof TokenError) return false;
      throw err;
    }
    return (await this.isRevoked(user.sessionId)) ? false : user;
  }

  /** With Redis away this is a 503: a revoked session must never pass for lack of an answer. */
  private async isRevoked(sessionId: string): Promise<boolean> {
    if (!this.redis) return false;
    return (await redisForRequest(this.redis, (r) => r.exists(revokedSessionKey(sessionId)))) === 1;
  }
}
