import { ADMIN_PERMISSIONS, sessionUserSchema } from '@core-vault/contracts';
import { claimsFor, toSessionUser } from './session-user.view';
import { type User } from './user.schema';

const user: User = {
  _id: 'usr_1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  passwordHash: 'scrypt$secret',
  requestedPlan: 'pro_monthly',
  subscriptionStatus: 'CANCELED',
  planType: 'Pro',
  isActive: false,
  trialEnd: null,
  currentPeriodEnd: new Date('2026-02-01T00:00:00.000Z'),
  stripeCustomerId: 'cus_1',
  subscriptionId: 'sub_1',
  lastLoginAt: null,
  passwordChangedAt: null,
  billingStateAt: null,
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
  updatedAt: new Date('2026-01-02T00:00:00.000Z'),
};

describe('the session user', () => {
  it('has exactly the session-object fields, and no secrets', () => {
    const view = toSessionUser(user, false);
    expect(sessionUserSchema.parse(view)).toEqual(view);
    expect(view).toEqual({
      id: 'usr_1',
      email: 'ada@example.com',
      subscriptionStatus: 'CANCELED',
      planType: 'Pro',
      isActive: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
      lastLoginAt: null,
      trialEnd: null,
      currentPeriodEnd: '2026-02-01T00:00:00.000Z',
      stripeCustomerId: 'cus_1',
    });
  });

  it('shows the older id a migrated user also owns', () => {
    expect(toSessionUser({ ...user, migratedFromUserId: 'ada@example.com' }, false).migratedFromUserId).toBe(
      'ada@example.com',
    );
    expect(claimsFor({ ...user, migratedFromUserId: 'old' }, false, 'ses_1').mig).toBe('old');
  });

  it('forces admins to ACTIVE, Business, active, with the four permissions — in the view and the claims', () => {
    expect(toSessionUser(user, true)).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      planType: 'Business',
      isActive: true,
      isAdmin: true,
      permissions: [...ADMIN_PERMISSIONS],
    });
    expect(claimsFor(user, true, 'ses_1')).toEqual({
      sub: 'usr_1',
      email: 'ada@example.com',
      sid: 'ses_1',
      adm: true,
      act: true,
      plan: 'Business',
      sts: 'ACTIVE',
    });
  });
});
