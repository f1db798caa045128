import { Body, Controller, Post } from '@nestjs/common';
import { type TestPaymentMethodBody, testPaymentMethodBodySchema } from '@core-vault/contracts';
import { ZodValidationPipe } from '@core-vault/platform';
import { TestCardsService } from './test-cards.service';

/** Registered only when STRIPE_MODE=local: in live mode the route does not exist (404). */
@Controller('api/v1/billing')
export class TestCardsController {
  constructor(private readonly cards: TestCardsService) {}

  @Post('test-payment-methods')
  create(@Body(new ZodValidationPipe(testPaymentMethodBodySchema)) body: TestPaymentMethodBody) {
    return this.cards.toPaymentMethod(body);
  }
}
