import { type AuthUser } from '@core-vault/contracts';

/**
 * A signed-in caller as the AuthGuard hands it to a service (a Pro trial user unless told
 * otherwise), for unit specs that call services directly.
 */
export function authUser(over: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 'u1',
    email: 'u1@example.test',
    sessionId: 's',
    isAdmin: false,
    isActive: true,
    planType: 'Pro',
    subscriptionStatus: 'TRIAL',
    ...over,
  };
}
