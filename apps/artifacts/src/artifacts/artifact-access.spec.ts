import { type AuthUser } from '@core-vault/contracts';
import { canManage, isOwner, ownerIds } from './artifact-access';

const user = (over: Partial<AuthUser> = {}): AuthUser => ({
  id: 'u1',
  email: 'u1@x.test',
  sessionId: 's',
  isAdmin: false,
  isActive: true,
  planType: 'Pro',
  subscriptionStatus: 'TRIAL',
  ...over,
});

describe('artifact access', () => {
  it('owns its own id and the migrated-from id, never anonymous', () => {
    expect(ownerIds(user())).toEqual(['u1']);
    expect(ownerIds(user({ migratedFromUserId: 'old' }))).toEqual(['u1', 'old']);
    expect(ownerIds(user({ migratedFromUserId: 'u1' }))).toEqual(['u1']);
    expect(isOwner(user(), 'anonymous')).toBe(false);
    expect(isOwner(null, 'u1')).toBe(false);
  });

  it('lets owners and admins manage', () => {
    expect(canManage(user(), 'u1')).toBe(true);
    expect(canManage(user({ migratedFromUserId: 'old' }), 'old')).toBe(true);
    expect(canManage(user(), 'u2')).toBe(false);
    expect(canManage(user({ isAdmin: true }), 'u2')).toBe(true);
    expect(canManage(null, 'u1')).toBe(false);
  });
});
