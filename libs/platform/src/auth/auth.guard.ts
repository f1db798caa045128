import { type CanActivate, type ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Redis } from 'ioredis';
import { type Feature, authUserFromClaims, hasFeature } from '@core-vault/contracts';
import { AppException } from '../http/app-exception';
import { IS_PUBLIC_ROUTE } from '../http/public.decorator';
import { REDIS, redisForRequest } from '../redis/redis.module';
import { AccessTokenVerifier, TokenError } from './access-token';
import { ADMIN_ONLY, type AuthenticatedRequest, REQUIRED_FEATURE } from './auth.decorators';

export const TOKEN_VERIFIER = Symbol('TOKEN_VERIFIER');

/** Redis key marking a session as signed out; identity sets it for the access-token lifetime. */
export const revokedSessionKey = (sessionId: string): string => `auth:revoked-session:${sessionId}`;

/**
 * The one auth guard of every service (registered globally by AuthModule). Identity comes only
 * from a verified bearer token — never from anything else the client sends. Routes are closed by
 * default; @Public() opens one, @RequireFeature() / @AdminOnly() narrow one.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(TOKEN_VERIFIER) private readonly verifier: AccessTokenVerifier,
    @Optional() @Inject(REDIS) private readonly redis?: Redis,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_ROUTE, targets) ?? false;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request.headers['authorization']);
    request.user = undefined;

    if (token) {
      try {
        const claims = this.verifier.verify(token);
        if (await this.isRevoked(claims.sid)) throw new TokenError('expired');
        request.user = authUserFromClaims(claims);
      } catch (err) {
        if (!(err instanceof TokenError)) throw err;
        if (!isPublic)
          throw new AppException(401, 'SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
      }
    }
    if (isPublic) return true;
    const user = request.user;
    if (!user) throw new AppException(401, 'UNAUTHENTICATED', 'Please sign in to continue.');

    if (this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) && !user.isAdmin) {
      throw new AppException(403, 'FORBIDDEN', 'This action is only available to administrators.');
    }
    const feature = this.reflector.getAllAndOverride<Feature | undefined>(REQUIRED_FEATURE, targets);
    if (feature && !hasFeature(user, feature)) {
      throw new AppException(403, 'FEATURE_NOT_AVAILABLE', 'This feature is not included in your plan.', {
        feature,
      });
    }
    return true;
  }

  /** With Redis away this is a 503: a revoked session must never pass for lack of an answer. */
  private async isRevoked(sessionId: string): Promise<boolean> {
    if (!this.redis) return false;
    return (await redisForRequest(this.redis, (r) => r.exists(revokedSessionKey(sessionId)))) === 1;
  }
}

function bearerToken(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(header.trim());
  return match?.[1];
}
