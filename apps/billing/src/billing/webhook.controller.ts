import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { Public } from '@core-vault/platform';
import { WebhookService } from './webhook.service';

/** Stripe's calls: public, authenticated by the signature over the raw body instead of a token. */
@Controller('webhooks')
export class WebhookController {
  constructor(private readonly webhooks: WebhookService) {}

  @Public()
  @Post('stripe')
  @HttpCode(200)
  stripe(@Req() req: { rawBody?: Buffer }, @Headers('stripe-signature') signature: string | undefined) {
    return this.webhooks.receive(req.rawBody, signature);
  }
}
