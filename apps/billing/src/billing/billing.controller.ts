import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import {
  type AuthUser,
  type CardEntryConfig,
  CONTACT_SALES_PLANS,
  PLANS,
  TRIAL_DAYS,
  type ChangePlanBody,
  type SubscribeBody,
  changePlanBodySchema,
  subscribeBodySchema,
} from '@core-vault/contracts';
import { APP_CONFIG, CurrentUser, Public, ZodValidationPipe } from '@core-vault/platform';
import { z } from 'zod';
import { type BillingConfig } from '../config';
import { AccountService } from './account.service';
import { SubscribeService } from './subscribe.service';

const emptyBody = new ZodValidationPipe(z.strictObject({}));

/** The billing screen (signed-in user; inactive accounts allowed: no plan feature needed). */
@Controller('api/v1/billing')
export class BillingController {
  private readonly payments: CardEntryConfig;

  constructor(
    private readonly account: AccountService,
    private readonly comeback: SubscribeService,
    @Inject(APP_CONFIG) config: BillingConfig,
  ) {
    // The SPA's card entry: local test cards, Stripe Elements with a publishable key, or none.
    const key = config.STRIPE_PUBLISHABLE_KEY ?? null;
    const mode = config.STRIPE_MODE === 'local' ? 'test-cards' : key ? 'elements' : 'unavailable';
    this.payments = { mode, publishableKey: mode === 'elements' ? key : null };
  }

  @Public()
  @Get('plans')
  plans() {
    return {
      plans: PLANS,
      contactSales: CONTACT_SALES_PLANS,
      trialDays: TRIAL_DAYS,
      payments: this.payments,
    };
  }

  @Get('subscription')
  details(@CurrentUser() user: AuthUser) {
    return this.account.details(user);
  }

  @Get('invoices')
  invoices(@CurrentUser() user: AuthUser) {
    return this.account.history(user);
  }

  @Post('subscription')
  subscribe(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(subscribeBodySchema)) body: SubscribeBody,
  ) {
    return this.comeback.subscribe(user, body);
  }

  @Post('subscription/retry-payment')
  @HttpCode(200)
  retryPayment(@CurrentUser() user: AuthUser, @Body(emptyBody) _body: object) {
    return this.comeback.retryPayment(user);
  }

  @Post('subscription/cancel')
  @HttpCode(200)
  cancel(@CurrentUser() user: AuthUser, @Body(emptyBody) _body: object) {
    return this.account.setCancelAtPeriodEnd(user, true);
  }

  @Post('subscription/resume')
  @HttpCode(200)
  resume(@CurrentUser() user: AuthUser, @Body(emptyBody) _body: object) {
    return this.account.setCancelAtPeriodEnd(user, false);
  }

  @Post('subscription/change-plan')
  @HttpCode(200)
  changePlan(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(changePlanBodySchema)) body: ChangePlanBody,
  ) {
    return this.account.changePlan(user, body.planType);
  }

  @Post('payment-methods/setup-intent')
  setupIntent(@CurrentUser() user: AuthUser, @Body(emptyBody) _body: object) {
    return this.account.setupIntent(user);
  }

  @Post('portal-session')
  portal(@CurrentUser() user: AuthUser, @Body(emptyBody) _body: object) {
    return this.account.portal(user);
  }
}
