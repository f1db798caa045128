import { Controller, Get } from '@nestjs/common';
import { AdminOnly, RequireFeature } from '@core-vault/platform';

/** Routes guarded like real ones, to test the permission table through the real guard. */
@Controller('probe')
export class ProbeController {
  @RequireFeature('basic_upload')
  @Get('basic-upload')
  upload(): { ok: true } {
    return { ok: true };
  }

  @RequireFeature('analytics_advanced')
  @Get('analytics-advanced')
  advanced(): { ok: true } {
    return { ok: true };
  }

  @RequireFeature('custom_domains')
  @Get('custom-domains')
  domains(): { ok: true } {
    return { ok: true };
  }

  @AdminOnly()
  @Get('admin')
  admin(): { ok: true } {
    return { ok: true };
  }
}
