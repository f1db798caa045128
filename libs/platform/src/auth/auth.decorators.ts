import { type ExecutionContext, SetMetadata, createParamDecorator } from '@nestjs/common';
import { type AuthUser, type Feature } from '@core-vault/contracts';
import { AppException } from '../http/app-exception';

export const REQUIRED_FEATURE = 'core-vault:required-feature';
export const ADMIN_ONLY = 'core-vault:admin-only';

/** The route needs this plan feature (admins always pass). */
export const RequireFeature = (feature: Feature): MethodDecorator & ClassDecorator =>
  SetMetadata(REQUIRED_FEATURE, feature);

/** The route is for admins only. */
export const AdminOnly = (): MethodDecorator & ClassDecorator => SetMetadata(ADMIN_ONLY, true);

export interface AuthenticatedRequest {
  user?: AuthUser;
  headers: Record<string, string | string[] | undefined>;
  method?: string;
  /** Express's matched route; its `path` is the pattern, e.g. `/api/v1/artifacts/:id`. */
  route?: { path?: string };
}

/** The verified caller; the guard has already refused the request when there is none. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  const user = ctx.switchToHttp().getRequest<AuthenticatedRequest>().user;
  if (!user) throw new AppException(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
  return user;
});

/** The caller on a public route: the verified user when a valid token came along, else null. */
export const OptionalUser = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): AuthUser | null =>
    ctx.switchToHttp().getRequest<AuthenticatedRequest>().user ?? null,
);
