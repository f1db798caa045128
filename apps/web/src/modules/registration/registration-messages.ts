import { BILLING_MESSAGES } from '@core-vault/contracts';
import { ApiError } from '../../lib/api/errors';

/** Milliseconds on the success view before going on (spec §9: 3 s; completion screen 2 s). */
export const REGISTRATION_SUCCESS_REDIRECT_MS = 3000;
export const COMPLETION_REDIRECT_MS = 2000;

export const REGISTRATION_MESSAGES = {
  unexpected: 'An unexpected error occurred during registration',
  cardNotCharged: 'Your card was not charged.',
} as const;

export type TrialProblem = { cardError: string } | { banner: string };

/** Where a failed trial start is shown: card problems under the field, the rest in a banner. */
export function trialProblem(err: unknown): TrialProblem {
  if (!(err instanceof ApiError)) return { banner: REGISTRATION_MESSAGES.unexpected };
  if (err.status === 402) return { cardError: err.message || BILLING_MESSAGES.paymentMethodFailed };
  if (err.status === 400 && err.message === BILLING_MESSAGES.paymentMethodFailed)
    return { cardError: err.message };
  return { banner: err.message || BILLING_MESSAGES.createSubscriptionFailed };
}
