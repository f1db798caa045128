import { type Ref } from 'react';

/** Errors of the payment step (spec accounts §8 "Payment"). */
export const PAYMENT_MESSAGES = {
  configError: 'Payment system configuration error. Please contact support.',
  stillLoading: 'Payment system is still loading. Please wait a moment and try again.',
  elementMissing: 'Card element not found. Please refresh the page.',
  processFailed: 'Failed to process payment method',
} as const;

export interface CardState {
  /** Every field filled and plausible: the submit button may enable. */
  complete: boolean;
  /** Shown under the field (validation or the provider's card error). */
  error: string | null;
}

/** A card turned into a payment method id, or a card error to show under the field. */
export type PaymentMethodOutcome = { ok: true; paymentMethodId: string } | { ok: false; cardError: string };

/**
 * The seam between the registration form and whoever collects the card: the local test-card
 * field (stripe-mock mode) or Stripe's Payment Element (live mode, loaded only with a publishable key).
 */
export interface CardEntryHandle {
  createPaymentMethod: (billing: { email: string; name: string }) => Promise<PaymentMethodOutcome>;
}

export interface CardEntryProps {
  ref?: Ref<CardEntryHandle>;
  disabled: boolean;
  onReady: () => void;
  onChange: (state: CardState) => void;
  /** A card error from the last attempt (e.g. declined), shown under the field. */
  error: string | null;
}
