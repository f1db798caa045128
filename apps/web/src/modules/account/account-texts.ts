import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '@core-vault/contracts';

/** The catalogue's text for a failure that carries no message of its own (spec §8). */
export const UNEXPECTED = 'An unexpected error occurred. Please try again.';

/** Said before the password is changed: what else the change does (docs/reference/identity.md). */
export const PASSWORD_CHANGE_EFFECTS =
  'Changing your password signs out your other sessions and revokes all your personal access tokens: scripts and the browser extension need a new one.';

/** The new password's rules as at sign-up, checked before the call (the server checks them too). */
export function newPasswordProblem(newPassword: string, confirmPassword: string): string | null {
  if (newPassword.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (newPassword !== confirmPassword) return AUTH_MESSAGES.passwordsDoNotMatch;
  return null;
}
