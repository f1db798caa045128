import { BillingException } from './billing.exception';
import { TestCardsService } from './test-cards.service';

const cards = new TestCardsService();
const now = new Date('2026-11-22T10:00:00Z');
const card = (number: string, exp_year = 2030, exp_month = 12) => ({
  number,
  exp_month,
  exp_year,
  cvc: '123',
});

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(BillingException);
    const e = err as BillingException;
    return { status: e.getStatus(), ...(e.getResponse() as object) };
  }
  throw new Error('expected a refusal');
}

describe('TestCardsService', () => {
  it.each([
    ['4242424242424242', 'pm_card_visa', 'visa'],
    ['4242-4242-4242-4242', 'pm_card_visa', 'visa'],
    ['5555 5555 5555 4444', 'pm_card_mastercard', 'mastercard'],
    ['6011 1111 1111 1117', 'pm_card_discover', 'discover'],
  ])('maps %s to %s', (number, paymentMethodId, brand) => {
    expect(cards.toPaymentMethod(card(number), now)).toEqual({
      paymentMethodId,
      brand,
      last4: number.replace(/\D/g, '').slice(-4),
    });
  });

  it.each([
    ['4000000000000002', 'card_declined', 'Your card was declined.'],
    ['4000000000009995', 'card_declined', 'Your card has insufficient funds.'],
    ['4000000000000127', 'incorrect_cvc', "Your card's security code is incorrect."],
  ])('declines %s with %s', (number, code, message) => {
    expect(refusal(() => cards.toPaymentMethod(card(number), now))).toMatchObject({
      status: 402,
      code,
      message,
    });
  });

  it('refuses an expired date and a number that is not a test card', () => {
    expect(refusal(() => cards.toPaymentMethod(card('4242424242424242', 2026, 10), now))).toMatchObject({
      status: 402,
      code: 'expired_card',
    });
    expect(cards.toPaymentMethod(card('4242424242424242', 2026, 11), now).paymentMethodId).toBe(
      'pm_card_visa',
    );
    expect(refusal(() => cards.toPaymentMethod(card('4111111111111111'), now))).toMatchObject({
      status: 400,
      code: 'NOT_A_TEST_CARD',
    });
  });
});
