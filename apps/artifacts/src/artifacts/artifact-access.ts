import { type AuthUser } from '@core-vault/contracts';

/**
 * Ids whose artifacts the user owns: their own and their migratedFromUserId (token claim `mig`).
 * Never 'anonymous' (a defect of the original we do not copy).
 */
export function ownerIds(user: AuthUser): string[] {
  return user.migratedFromUserId && user.migratedFromUserId !== user.id
    ? [user.id, user.migratedFromUserId]
    : [user.id];
}

export function isOwner(user: AuthUser | null, owner: string): boolean {
  return user !== null && ownerIds(user).includes(owner);
}

/** Owners and admins manage an artifact (admins: support and moderation, see docs). */
export function canManage(user: AuthUser | null, owner: string): boolean {
  return user !== null && (user.isAdmin || isOwner(user, owner));
}
