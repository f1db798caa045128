import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { type Response } from 'express';
import {
  type AuthUser,
  type DeletionCodeResult,
  type DeletionConfirmBody,
  type DeletionResult,
  deletionConfirmBodySchema,
} from '@core-vault/contracts';
import { APP_CONFIG, CurrentUser, ZodValidationPipe } from '@core-vault/platform';
import { type IdentityConfig } from '../config';
import { AccountDeletionService } from './account-deletion.service';
import { SessionCookies } from './refresh-cookie';

/**
 * Deleting the signed-in account (contracts: libs/contracts/src/accounts/account-deletion-routes.ts),
 * reached through the gateway on the same paths, which forwards identity's cookies.
 */
@Controller('api/v1/account/deletion')
export class AccountDeletionController {
  private readonly cookies: SessionCookies;

  constructor(
    private readonly deletion: AccountDeletionService,
    @Inject(APP_CONFIG) config: IdentityConfig,
  ) {
    this.cookies = new SessionCookies(config.NODE_ENV);
  }

  @Post('request')
  @HttpCode(200)
  request(@CurrentUser() caller: AuthUser): Promise<DeletionCodeResult> {
    return this.deletion.requestCode(caller);
  }

  @Post('confirm')
  @HttpCode(200)
  async confirm(
    @CurrentUser() caller: AuthUser,
    @Body(new ZodValidationPipe(deletionConfirmBodySchema)) body: DeletionConfirmBody,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DeletionResult> {
    const result = await this.deletion.confirm(caller, body);
    // Only once deleted: a wrong code must leave the browser signed in to try again.
    this.cookies.clear(res);
    return result;
  }
}
