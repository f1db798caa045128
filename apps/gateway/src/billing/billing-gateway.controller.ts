import { All, Controller, Post, Req, Res } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { Public } from '@core-vault/platform';
import { DownstreamClient } from '../proxy/downstream.client';

/**
 * /api/v1/billing/* goes to billing with the caller's token (billing checks ownership from it);
 * the signed-in check happens here first. Stripe webhooks go byte for byte with their signature.
 */
@Controller()
export class BillingGatewayController {
  constructor(private readonly downstream: DownstreamClient) {}

  /** The plan catalogue is public. */
  @Public()
  @All('api/v1/billing/plans')
  plans(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.downstream.forward('billing', req, res);
  }

  @All('api/v1/billing/*path')
  forward(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.downstream.forward('billing', req, res);
  }

  /** Public: Stripe authenticates with the signature, which billing verifies over the raw bytes. */
  @Public()
  @Post('webhooks/stripe')
  webhook(@Req() req: Request & { rawBody?: Buffer }, @Res() res: Response): Promise<void> {
    return this.downstream.forward('billing', req, res, { raw: true, extraHeaders: ['stripe-signature'] });
  }
}
