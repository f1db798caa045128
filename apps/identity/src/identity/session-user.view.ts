import { ADMIN_PERMISSIONS, type AccessTokenClaims, type SessionUser } from '@core-vault/contracts';
import { type User } from './user.schema';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * The session object (spec §3). Admins always read as ACTIVE, Business, active, with isAdmin and
 * the four admin permissions, whatever billing says.
 */
export function toSessionUser(user: User, isAdmin: boolean): SessionUser {
  return {
    id: user._id,
    email: user.email,
    subscriptionStatus: isAdmin ? 'ACTIVE' : user.subscriptionStatus,
    planType: isAdmin ? 'Business' : user.planType,
    isActive: isAdmin ? true : user.isActive,
    createdAt: iso(user.createdAt) ?? new Date(0).toISOString(),
    updatedAt: iso(user.updatedAt) ?? new Date(0).toISOString(),
    lastLoginAt: iso(user.lastLoginAt),
    trialEnd: iso(user.trialEnd),
    currentPeriodEnd: iso(user.currentPeriodEnd),
    stripeCustomerId: user.stripeCustomerId ?? null,
    ...(user.migratedFromUserId ? { migratedFromUserId: user.migratedFromUserId } : {}),
    ...(isAdmin ? { isAdmin: true as const, permissions: [...ADMIN_PERMISSIONS] } : {}),
  };
}

/** Access-token claims: the same facts the session object shows, admin forcing included. */
export function claimsFor(
  user: User,
  isAdmin: boolean,
  sessionId: string,
): Omit<AccessTokenClaims, 'iat' | 'exp' | 'iss'> {
  const view = toSessionUser(user, isAdmin);
  return {
    sub: view.id,
    email: view.email,
    sid: sessionId,
    adm: isAdmin,
    act: view.isActive,
    plan: view.planType,
    sts: view.subscriptionStatus,
    ...(view.migratedFromUserId ? { mig: view.migratedFromUserId } : {}),
  };
}
