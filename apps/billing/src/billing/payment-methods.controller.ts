import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import {
  type AddPaymentMethodBody,
  type AuthUser,
  addPaymentMethodBodySchema,
  paymentMethodParamsSchema,
} from '@core-vault/contracts';
import { CurrentUser, ZodValidationPipe } from '@core-vault/platform';
import { z } from 'zod';
import { PaymentMethodsService } from './payment-methods.service';

const emptyBody = new ZodValidationPipe(z.strictObject({}));
const cardId = new ZodValidationPipe(paymentMethodParamsSchema.shape.id);

/** Cards on the billing screen; each call answers the updated subscription details. */
@Controller('api/v1/billing/payment-methods')
export class PaymentMethodsController {
  constructor(private readonly paymentMethods: PaymentMethodsService) {}

  @Post()
  add(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(addPaymentMethodBodySchema)) body: AddPaymentMethodBody,
  ) {
    return this.paymentMethods.add(user, body);
  }

  @Post(':id/default')
  @HttpCode(200)
  makeDefault(
    @CurrentUser() user: AuthUser,
    @Param('id', cardId) id: string,
    @Body(emptyBody) _body: object,
  ) {
    return this.paymentMethods.makeDefault(user, id);
  }

  @Delete(':id')
  remove(@CurrentUser() user: AuthUser, @Param('id', cardId) id: string) {
    return this.paymentMethods.remove(user, id);
  }
}
