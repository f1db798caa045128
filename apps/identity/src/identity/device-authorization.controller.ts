import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  type AuthUser,
  type DeviceCodeResponse,
  type DeviceRequest,
  type DeviceTokenResponse,
  type DeviceUserCodeBody,
  type MessageResult,
  deviceCodeRequestSchema,
  deviceTokenRequestSchema,
  deviceUserCodeBodySchema,
} from '@core-vault/contracts';
import { CurrentUser, Public, ZodValidationPipe } from '@core-vault/platform';
import { type z } from 'zod';
import { DeviceAuthorizationService } from './device-authorization.service';

/**
 * Device sign-ins (contracts: libs/contracts/src/accounts/device-auth-routes.ts), reached through
 * the gateway on the same paths, which rate-limits them. The CLI's two calls are public (the
 * device code is the credential); the /device page's three need a signed-in session.
 */
@Controller('api/v1/auth/device')
export class DeviceAuthorizationController {
  constructor(private readonly devices: DeviceAuthorizationService) {}

  @Public()
  @Post('code')
  @HttpCode(200)
  start(
    @Body(new ZodValidationPipe(deviceCodeRequestSchema)) body: z.output<typeof deviceCodeRequestSchema>,
  ): Promise<DeviceCodeResponse> {
    return this.devices.start(body);
  }

  @Public()
  @Post('token')
  @HttpCode(200)
  poll(
    @Body(new ZodValidationPipe(deviceTokenRequestSchema)) body: z.output<typeof deviceTokenRequestSchema>,
  ): Promise<DeviceTokenResponse> {
    return this.devices.poll(body.device_code);
  }

  @Post('lookup')
  @HttpCode(200)
  lookup(
    @CurrentUser() caller: AuthUser,
    @Body(new ZodValidationPipe(deviceUserCodeBodySchema)) body: DeviceUserCodeBody,
  ): Promise<DeviceRequest> {
    return this.devices.lookup(caller, body.userCode);
  }

  @Post('approve')
  @HttpCode(200)
  approve(
    @CurrentUser() caller: AuthUser,
    @Body(new ZodValidationPipe(deviceUserCodeBodySchema)) body: DeviceUserCodeBody,
  ): Promise<MessageResult> {
    return this.devices.approve(caller, body.userCode);
  }

  @Post('deny')
  @HttpCode(200)
  deny(
    @CurrentUser() caller: AuthUser,
    @Body(new ZodValidationPipe(deviceUserCodeBodySchema)) body: DeviceUserCodeBody,
  ): Promise<MessageResult> {
    return this.devices.deny(caller, body.userCode);
  }
}
