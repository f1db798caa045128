import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { type Request } from 'express';
import { type AuthUser, type ViewBeaconBody, viewBeaconBodySchema } from '@core-vault/contracts';
import { OptionalUser, Public, ZodValidationPipe } from '@core-vault/platform';
import { clientIp } from './beacon-filters';
import { BeaconService } from './beacon.service';

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The cookie-less view beacon (contract `viewBeacon`), behind the gateway: it rate-limits per
 * client IP, allows any origin without credentials and passes on the client address, the
 * User-Agent and the prefetch headers. Answers 204 whether the view counted or was filtered, so a
 * page learns nothing from it. A session token, when sent, marks the owner's own views.
 */
@Controller('api/v1/analytics')
export class BeaconController {
  constructor(private readonly beacon: BeaconService) {}

  @Public()
  @Post('beacon')
  @HttpCode(204)
  async view(
    @OptionalUser() user: AuthUser | null,
    @Body(new ZodValidationPipe(viewBeaconBodySchema)) body: ViewBeaconBody,
    @Req() req: Request,
  ): Promise<void> {
    await this.beacon.count(
      body,
      {
        ip: clientIp(req.headers['x-forwarded-for'], req.socket.remoteAddress),
        userAgent: header(req, 'user-agent'),
        secPurpose: header(req, 'sec-purpose'),
        purpose: header(req, 'purpose'),
        xMoz: header(req, 'x-moz'),
      },
      user,
    );
  }
}
