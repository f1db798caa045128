import { BillingException } from '../billing.exception';
import { stripeFailure } from './stripe-errors';

const failure = 'Failed to create subscription';

function answer(err: unknown) {
  const mapped = stripeFailure(err, failure);
  expect(mapped).toBeInstanceOf(BillingException);
  return { status: mapped.getStatus(), body: mapped.getResponse() as Record<string, unknown> };
}

describe('stripeFailure', () => {
  it("gives a declined card Stripe's own message as a 402 card_declined", () => {
    expect(
      answer({
        type: 'StripeCardError',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      }),
    ).toEqual({
      status: 402,
      body: {
        statusCode: 402,
        code: 'card_declined',
        message: 'Your card was declined.',
        details: { decline_code: 'generic_decline' },
      },
    });
  });

  it.each(['StripeAPIError', 'StripeConnectionError', 'StripeRateLimitError', 'StripeAuthenticationError'])(
    'turns %s into a 502 with the step message',
    (type) => {
      expect(answer({ type, message: 'boom' })).toMatchObject({ status: 502, body: { message: failure } });
    },
  );

  it('names a missing payment method as the payment-method failure', () => {
    expect(
      answer({
        type: 'StripeInvalidRequestError',
        param: 'payment_method',
        message: 'No such PaymentMethod',
      }),
    ).toMatchObject({
      status: 400,
      body: { code: 'INVALID_PAYMENT_METHOD', message: 'Failed to process payment method' },
    });
  });

  it('rethrows what is not a Stripe error (a bug must not pass as a provider outage)', () => {
    const bug = new TypeError('x is undefined');
    expect(() => stripeFailure(bug, failure)).toThrow(bug);
  });
});
