import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import {
  type AuthUser,
  type CreatePersonalTokenBody,
  type CreatedPersonalToken,
  type MessageResult,
  type PersonalTokenIdParams,
  type PersonalTokenList,
  createPersonalTokenBodySchema,
  personalTokenIdParamsSchema,
} from '@core-vault/contracts';
import { CurrentUser, ZodValidationPipe } from '@core-vault/platform';
import { PersonalTokenService } from './personal-token.service';

/**
 * Personal access tokens (contracts: libs/contracts/src/accounts/personal-token-routes.ts),
 * reached through the gateway on the same paths. Signed-in users only; the auth guard refuses
 * personal access tokens here, so a key cannot manage keys.
 */
@Controller('api/v1/personal-tokens')
export class PersonalTokenController {
  constructor(private readonly tokens: PersonalTokenService) {}

  @Get()
  list(@CurrentUser() caller: AuthUser): Promise<PersonalTokenList> {
    return this.tokens.list(caller);
  }

  @Post()
  create(
    @CurrentUser() caller: AuthUser,
    @Body(new ZodValidationPipe(createPersonalTokenBodySchema)) body: CreatePersonalTokenBody,
  ): Promise<CreatedPersonalToken> {
    return this.tokens.create(caller, body);
  }

  @Delete(':id')
  revoke(
    @CurrentUser() caller: AuthUser,
    @Param(new ZodValidationPipe(personalTokenIdParamsSchema)) params: PersonalTokenIdParams,
  ): Promise<MessageResult> {
    return this.tokens.revoke(caller, params.id);
  }
}
