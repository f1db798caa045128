import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  type ActiveSessionList,
  type AuthUser,
  type MessageResult,
  type SessionIdParams,
  sessionIdParamsSchema,
} from '@core-vault/contracts';
import { CurrentUser, ZodValidationPipe } from '@core-vault/platform';
import { SessionService } from './session.service';

/**
 * The caller's sign-in sessions for /account (contracts: libs/contracts/src/accounts/session-routes.ts),
 * reached through the gateway on the same paths. Signed-in users only; the auth guard refuses
 * personal access tokens here.
 */
@Controller('api/v1/sessions')
export class SessionController {
  constructor(private readonly sessions: SessionService) {}

  @Get()
  list(@CurrentUser() caller: AuthUser): Promise<ActiveSessionList> {
    return this.sessions.list(caller);
  }

  @Post('sign-out-others')
  @HttpCode(200)
  signOutOthers(@CurrentUser() caller: AuthUser): Promise<MessageResult> {
    return this.sessions.signOutOthers(caller);
  }

  @Delete(':id')
  end(
    @CurrentUser() caller: AuthUser,
    @Param(new ZodValidationPipe(sessionIdParamsSchema)) params: SessionIdParams,
  ): Promise<MessageResult> {
    return this.sessions.end(caller, params.id);
  }
}
