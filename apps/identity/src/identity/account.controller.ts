import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  type AccountProfile,
  type AuthUser,
  type EmailChangeConfirmBody,
  type EmailChangeRequestBody,
  type MessageResult,
  type PasswordChangeBody,
  type UpdateNameBody,
  emailChangeConfirmBodySchema,
  emailChangeRequestBodySchema,
  passwordChangeBodySchema,
  updateNameBodySchema,
} from '@core-vault/contracts';
import { CurrentUser, ZodValidationPipe } from '@core-vault/platform';
import { AccountService } from './account.service';

/**
 * Account settings of the signed-in user (contracts: libs/contracts/src/accounts/account-routes.ts),
 * reached through the gateway on the same paths. Signed-in only (the global auth guard); the
 * service refuses personal access tokens.
 */
@Controller('api/v1/account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Get()
  profile(@CurrentUser() caller: AuthUser): Promise<AccountProfile> {
    return this.account.profile(caller);
  }

  @Put('name')
  updateName(
    @CurrentUser() caller: AuthUser,
    @Body(new ZodValidationPipe(updateNameBodySchema)) body: UpdateNameBody,
  ): Promise<AccountProfile> {
    return this.account.updateName(caller, body);
  }

  @Post('email/request')
  @HttpCode(200)
  requestEmailChange(
    @CurrentUser() caller: AuthUser,
    @Body(new ZodValidationPipe(emailChangeRequestBodySchema)) body: EmailChangeRequestBody,
  ): Promise<MessageResult> {
    return this.account.requestEmailChange(caller, body);
  }

  @Post('email/confirm')
  @HttpCode(200)
  confirmEmailChange(
    @CurrentUser() caller: AuthUser,
    @Body(new ZodValidationPipe(emailChangeConfirmBodySchema)) body: EmailChangeConfirmBody,
  ): Promise<AccountProfile> {
    return this.account.confirmEmailChange(caller, body);
  }

  @Post('password')
  @HttpCode(200)
  changePassword(
    @CurrentUser() caller: AuthUser,
    @Body(new ZodValidationPipe(passwordChangeBodySchema)) body: PasswordChangeBody,
  ): Promise<MessageResult> {
    return this.account.changePassword(caller, body);
  }
}
