import { type SessionUser, isSubscribed } from '@core-vault/contracts';
import { CHANGE_PLAN_PATH } from '../billing';

/**
 * Where "Upgrade Now" leads, so that it is never a dead end: a subscriber changes plan in the
 * dialog on /billing (the registration page would only say they already have a subscription); a
 * past-due account fixes its card on /billing; anyone else chooses a plan and pays on /register
 * (a signed-in account without a subscription goes straight to the payment step there).
 */
export function upgradePath(user: SessionUser | null): string {
  if (!user) return '/register';
  if (isSubscribed(user)) return CHANGE_PLAN_PATH;
  if (user.subscriptionStatus === 'PAST_DUE') return '/billing';
  return '/register';
}
