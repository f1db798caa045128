import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  type AuthUser,
  CONTACT_SALES_PLANS,
  PLANS,
  TRIAL_DAYS,
  type ChangePlanBody,
  changePlanBodySchema,
} from '@core-vault/contracts';
import { CurrentUser, Public, ZodValidationPipe } from '@core-vault/platform';
import { z } from 'zod';
import { AccountService } from './account.service';

const emptyBody = new ZodValidationPipe(z.strictObject({}));

/** The billing screen (signed-in user; inactive accounts allowed: no plan feature needed). */
@Controller('api/v1/billing')
export class BillingController {
  constructor(private readonly account: AccountService) {}

  @Public()
  @Get('plans')
  plans() {
    return { plans: PLANS, contactSales: CONTACT_SALES_PLANS, trialDays: TRIAL_DAYS };
  }

  @Get('subscription')
  details(@CurrentUser() user: AuthUser) {
    return this.account.details(user);
  }

  @Get('invoices')
  invoices(@CurrentUser() user: AuthUser) {
    return this.account.history(user);
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
