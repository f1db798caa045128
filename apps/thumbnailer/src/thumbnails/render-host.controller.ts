import { Controller, Get, Inject, Res } from '@nestjs/common';
import { type Response } from 'express';
import { APP_CONFIG } from '@core-vault/platform';
import { type ThumbnailerConfig } from '../config';
import { RENDER_HOST_PATH, renderHostCsp, renderHostHtml } from './render-host';

/** The framing page the worker's own Chromium opens (nothing else has a use for it). */
@Controller()
export class RenderHostController {
  private readonly html = renderHostHtml();
  private readonly csp: string;

  constructor(@Inject(APP_CONFIG) config: ThumbnailerConfig) {
    this.csp = renderHostCsp(config.RENDERER_ORIGIN);
  }

  @Get(RENDER_HOST_PATH.slice(1))
  host(@Res() res: Response): void {
    res
      .status(200)
      .set({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': this.csp,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      })
      .send(this.html);
  }
}
