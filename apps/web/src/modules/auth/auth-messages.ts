import { AUTH_MESSAGES } from '@core-vault/contracts';
import { ApiError } from '../../lib/api/errors';

/** Catalogue texts the screens add to the server's (spec accounts §8). */
export const UI_MESSAGES = {
  unexpected: 'An unexpected error occurred. Please try again.',
  signInFailed: 'Failed to sign in',
  resendFailed: 'Failed to resend verification code. Please try again.',
  resetCodeSent: 'Reset code sent! Check your email and then confirm your new password.',
  resetSendFailed: 'Failed to send reset code',
  /** Under the reset form, and after it: what a reset does besides the password. */
  resetEffects:
    'Resetting your password signs out every session and revokes all your personal access tokens: scripts and the browser extension need a new one.',
} as const;

/** Milliseconds before DUPLICATE_EMAIL sends the visitor to password reset. */
export const DUPLICATE_EMAIL_REDIRECT_MS = 2000;

export type SignInProblem = { message: string; duplicateEmail: boolean };

/** What a failed sign-in shows, in normal mode or code mode. */
export function signInProblem(err: unknown, codeMode: boolean): SignInProblem {
  if (!(err instanceof ApiError)) return { message: UI_MESSAGES.unexpected, duplicateEmail: false };
  if (err.code === 'DUPLICATE_EMAIL') return { message: AUTH_MESSAGES.duplicateEmail, duplicateEmail: true };
  if (err.isNetwork || err.status === 429) return { message: err.message, duplicateEmail: false };
  if (codeMode && (err.status === 401 || err.status === 400))
    return { message: AUTH_MESSAGES.invalidCode, duplicateEmail: false };
  if (err.status === 401) return { message: AUTH_MESSAGES.invalidCredentials, duplicateEmail: false };
  return { message: err.message || UI_MESSAGES.signInFailed, duplicateEmail: false };
}
