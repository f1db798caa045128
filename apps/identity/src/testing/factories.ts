import { uniqueSuffix } from '@core-vault/platform/testing';

/** A fresh, valid registration; each call a new address. */
export function registration(over: Record<string, unknown> = {}) {
  const email = `user-${uniqueSuffix()}@example.com`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    planType: 'pro_monthly',
    ...over,
  };
}
