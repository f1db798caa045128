import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  type AuthUser,
  type CompleteCheckoutBody,
  type CreateCheckoutBody,
  type StartTrialBody,
  completeCheckoutBodySchema,
  createCheckoutBodySchema,
  startTrialBodySchema,
} from '@core-vault/contracts';
import { CurrentUser, ZodValidationPipe } from '@core-vault/platform';
import { CheckoutService } from './checkout.service';
import { RegistrationService } from './registration.service';

/** Trial registration, both flows. Signed-in user, inactive allowed (the account is not active yet). */
@Controller('api/v1/billing')
export class RegistrationController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly checkout: CheckoutService,
  ) {}

  @Post('trial')
  @HttpCode(200)
  startTrial(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(startTrialBodySchema)) body: StartTrialBody,
  ) {
    return this.registration.startTrial(user, body);
  }

  @Post('checkout-sessions')
  createCheckout(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createCheckoutBodySchema)) body: CreateCheckoutBody,
  ) {
    return this.checkout.createSession(user, body.planType);
  }

  @Post('checkout-sessions/complete')
  @HttpCode(200)
  complete(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(completeCheckoutBodySchema)) body: CompleteCheckoutBody,
  ) {
    return this.checkout.complete(user, body);
  }
}
