import { STRIPE_CARD_MESSAGES } from './messages';

/** Outcome of one of Stripe's published test card numbers (https://docs.stripe.com/testing). */
export type TestCardOutcome =
  | { kind: 'ok'; paymentMethodId: string; brand: string }
  | {
      kind: 'declined';
      /** Stripe's error code (card_declined, expired_card, ...). */
      code: string;
      declineCode?: string;
      message: string;
    };

const ok = (paymentMethodId: string, brand: string): TestCardOutcome => ({
  kind: 'ok',
  paymentMethodId,
  brand,
});
const declined = (
  declineCode: keyof typeof STRIPE_CARD_MESSAGES,
  code = 'card_declined',
): TestCardOutcome => ({
  kind: 'declined',
  code,
  declineCode,
  message: STRIPE_CARD_MESSAGES[declineCode],
});

/** Card number (digits only) → the test payment method Stripe defines for it, or its error. */
export const STRIPE_TEST_CARDS: Readonly<Record<string, TestCardOutcome>> = {
  '4242424242424242': ok('pm_card_visa', 'visa'),
  '4000056655665556': ok('pm_card_visa_debit', 'visa'),
  '5555555555554444': ok('pm_card_mastercard', 'mastercard'),
  '2223003122003222': ok('pm_card_mastercard', 'mastercard'),
  '5200828282828210': ok('pm_card_mastercard_debit', 'mastercard'),
  '5105105105105100': ok('pm_card_mastercard_prepaid', 'mastercard'),
  '378282246310005': ok('pm_card_amex', 'amex'),
  '371449635398431': ok('pm_card_amex', 'amex'),
  '6011111111111117': ok('pm_card_discover', 'discover'),
  '3056930009020004': ok('pm_card_diners', 'diners'),
  '3566002020360505': ok('pm_card_jcb', 'jcb'),
  '6200000000000005': ok('pm_card_unionpay', 'unionpay'),
  '4000000000000002': declined('card_declined'),
  '4000000000009995': declined('insufficient_funds'),
  '4000000000009987': {
    kind: 'declined',
    code: 'card_declined',
    declineCode: 'lost_card',
    message: STRIPE_CARD_MESSAGES.card_declined,
  },
  '4000000000009979': {
    kind: 'declined',
    code: 'card_declined',
    declineCode: 'stolen_card',
    message: STRIPE_CARD_MESSAGES.card_declined,
  },
  '4000000000000069': declined('expired_card', 'expired_card'),
  '4000000000000127': declined('incorrect_cvc', 'incorrect_cvc'),
  '4000000000000119': declined('processing_error', 'processing_error'),
  '4242424242424241': declined('incorrect_number', 'incorrect_number'),
};

export function testCardOutcome(number: string): TestCardOutcome | undefined {
  return STRIPE_TEST_CARDS[number.replace(/[\s-]/g, '')];
}
