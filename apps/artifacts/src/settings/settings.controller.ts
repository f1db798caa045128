import { Body, Controller, Get, Put } from '@nestjs/common';
import { type ArtifactSettings, type AuthUser, artifactSettingsSchema } from '@core-vault/contracts';
import { CurrentUser, ZodValidationPipe } from '@core-vault/platform';
import { SettingsService } from './settings.service';

/** /api/v1/artifact-settings — the caller's own settings. */
@Controller('api/v1/artifact-settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  get(@CurrentUser() user: AuthUser) {
    return this.settings.get(user);
  }

  @Put()
  put(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(artifactSettingsSchema)) body: ArtifactSettings,
  ) {
    return this.settings.put(user, body);
  }
}
