import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import {
  type AuthUser,
  type Feature,
  PERSONAL_TOKEN_MESSAGES,
  hasFeature,
  personalTokenAllows,
  personalTokenFeature,
} from '@core-vault/contracts';
import { AppException } from '../http/app-exception';
import { IS_PUBLIC_ROUTE } from '../http/public.decorator';
import { ADMIN_ONLY, type AuthenticatedRequest, REQUIRED_FEATURE } from './auth.decorators';
import { PERSONAL_TOKEN_STRATEGY } from './personal-token.strategy';
import { SESSION_TOKEN_STRATEGY } from './session-token.strategy';

export { TOKEN_VERIFIER, revokedSessionKey } from './session-token.strategy';

const sessionExpired = () =>
  new AppException(401, 'SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
const unauthenticated = () => new AppException(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
// A refused key is not a session: "sign in again" would send a script's author the wrong way.
const invalidKey = () => new AppException(401, 'INVALID_TOKEN', PERSONAL_TOKEN_MESSAGES.invalid);

/**
 * The one auth guard of every service (registered globally by AuthModule): passport with two
 * strategies, the session JWT and personal access tokens. Identity comes only from a verified
 * bearer token — never from anything else the client sends (the token is read from the
 * Authorization header only, never from a query string or body). Routes are closed by default;
 * @Public() opens one, @RequireFeature() / @AdminOnly() narrow one, and a personal access token
 * reaches only the routes its scopes cover (derived from the route contracts).
 */
@Injectable()
export class AuthGuard extends PassportAuthGuard([SESSION_TOKEN_STRATEGY, PERSONAL_TOKEN_STRATEGY]) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_ROUTE, targets) ?? false;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    clearUser(request);

    if (hasBearerToken(request.headers['authorization'])) {
      try {
        await super.canActivate(context);
      } catch (err) {
        // On a public route a bad token just means "anonymous"; anything but a 401 (Redis away)
        // still fails the request, as a revoked session must never pass for lack of an answer.
        if (!isPublic || !(err instanceof AppException) || err.getStatus() !== 401) throw err;
        clearUser(request);
      }
    }
    const user = request.user;
    const keyAllowed =
      !user?.scopes || personalTokenAllows(user.scopes, request.method ?? '', routePath(request));
    if (isPublic) {
      if (!keyAllowed) clearUser(request);
      return true;
    }
    if (!user) throw unauthenticated();
    if (!keyAllowed)
      throw new AppException(403, 'INSUFFICIENT_SCOPE', PERSONAL_TOKEN_MESSAGES.missingScope, {
        scopes: user.scopes,
      });
    // A Business scope needs api_access now, not when the key was made: owner facts are current.
    const keyFeature = user.scopes && personalTokenFeature(request.method ?? '', routePath(request));
    if (keyFeature && !hasFeature(user, keyFeature))
      throw new AppException(403, 'FEATURE_NOT_AVAILABLE', PERSONAL_TOKEN_MESSAGES.businessScopeLost, {
        feature: keyFeature,
      });

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

  /**
   * Passport's verdict: an error (503) passes through; no user from either strategy is a 401 —
   * INVALID_TOKEN for something shaped like a personal access token, SESSION_EXPIRED otherwise.
   */
  override handleRequest<TUser = AuthUser>(
    err: unknown,
    user: TUser | false | null,
    _info: unknown,
    context: ExecutionContext,
  ): TUser {
    if (err instanceof Error) throw err;
    if (err) throw new Error('authentication failed');
    if (!user) {
      const header = context.switchToHttp().getRequest<AuthenticatedRequest>().headers['authorization'];
      throw typeof header === 'string' && PERSONAL_TOKEN_BEARER.test(header.trim())
        ? invalidKey()
        : sessionExpired();
    }
    return user;
  }
}

/** Only what a strategy verified on this request may stand as the caller. */
function clearUser(request: AuthenticatedRequest): void {
  request.user = undefined;
}

/** Anything that starts like a key (`cvpat_`, or the older `cvp_`), well-formed or not. */
const PERSONAL_TOKEN_BEARER = /^Bearer cvp(?:at)?_/;

function hasBearerToken(header: string | string[] | undefined): boolean {
  return typeof header === 'string' && /^Bearer [A-Za-z0-9._~+/=-]+$/.test(header.trim());
}

/** The matched route's pattern (`/api/v1/artifacts/:id`), which the scopes are declared for. */
function routePath(request: AuthenticatedRequest): string {
  return request.route?.path ?? '';
}
