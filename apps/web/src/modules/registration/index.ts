// The registration module's public surface for other modules (its pages are reached only by the
// router): the card entry the billing screen reuses to add and replace cards, and the catch-up
// that waits for identity to learn a new subscription.
import { lazy } from 'react';

export {
  type CardEntryHandle,
  type CardEntryProps,
  type CardState,
  PAYMENT_MESSAGES,
} from './card-entry/card-entry';
export { LocalTestCardEntry } from './card-entry/LocalTestCardEntry';
export { useSubscriptionCatchUp } from './hooks/useSubscriptionCatchUp';

/** Live mode only: react-stripe-js and the Stripe.js loader stay their own chunk. */
export const StripePaymentEntry = lazy(() =>
  import('./card-entry/StripePaymentEntry').then((m) => ({ default: m.StripePaymentEntry })),
);
