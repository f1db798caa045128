import { Injectable } from '@nestjs/common';
import { BILLING_MESSAGES, type TestPaymentMethodBody, testCardOutcome } from '@core-vault/contracts';
import { BillingException } from './billing.exception';

/**
 * Local mode's stand-in for Stripe Elements: Stripe's published test card numbers become the
 * test payment-method ids Stripe defines for them; declining cards fail as Stripe would.
 */
@Injectable()
export class TestCardsService {
  toPaymentMethod(body: TestPaymentMethodBody, now = new Date()) {
    const digits = body.number.replace(/[\s-]/g, '');
    const outcome = testCardOutcome(digits);
    if (!outcome) throw new BillingException(400, 'NOT_A_TEST_CARD', BILLING_MESSAGES.unknownTestCard);
    const expired =
      body.exp_year < now.getUTCFullYear() ||
      (body.exp_year === now.getUTCFullYear() && body.exp_month < now.getUTCMonth() + 1);
    if (expired) throw new BillingException(402, 'expired_card', 'Your card has expired.');
    if (outcome.kind === 'declined')
      throw new BillingException(
        402,
        outcome.code,
        outcome.message,
        outcome.declineCode ? { decline_code: outcome.declineCode } : undefined,
      );
    return { paymentMethodId: outcome.paymentMethodId, brand: outcome.brand, last4: digits.slice(-4) };
  }
}
