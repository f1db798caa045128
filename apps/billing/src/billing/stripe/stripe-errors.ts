import { BILLING_MESSAGES } from '@core-vault/contracts';
import { BillingException } from '../billing.exception';

/** The fields of a Stripe SDK error that decide how we answer (fakes in tests carry the same). */
interface StripeErrorLike {
  type?: string;
  code?: string;
  decline_code?: string;
  param?: string;
  message?: string;
  statusCode?: number;
}

export function isStripeError(err: unknown): err is StripeErrorLike {
  const type = (err as StripeErrorLike | null)?.type;
  return typeof type === 'string' && type.startsWith('Stripe');
}

/**
 * Maps a failed Stripe call to a clear answer: card problems are the user's (402 with Stripe's
 * own message), bad requests ours or theirs (400), everything else the provider's (502, retry).
 * `failure` is the spec's message for the step that failed.
 */
export function stripeFailure(err: unknown, failure: string): BillingException {
  if (!isStripeError(err)) throw err;
  switch (err.type) {
    case 'StripeCardError':
      return new BillingException(
        402,
        err.code === 'card_declined' || !err.code ? 'card_declined' : err.code,
        err.message ?? failure,
        err.decline_code ? { decline_code: err.decline_code } : undefined,
      );
    case 'StripeInvalidRequestError':
      return err.param === 'payment_method' || err.code === 'resource_missing'
        ? new BillingException(400, 'INVALID_PAYMENT_METHOD', BILLING_MESSAGES.paymentMethodFailed)
        : new BillingException(400, 'PAYMENT_REQUEST_REJECTED', failure);
    case 'StripeIdempotencyError':
      return new BillingException(409, 'REGISTRATION_CONFLICT', failure);
    default:
      // StripeAPIError (5xx), StripeConnectionError (timeouts), rate limits, auth problems.
      return new BillingException(502, 'PAYMENT_PROVIDER_UNAVAILABLE', failure);
  }
}
