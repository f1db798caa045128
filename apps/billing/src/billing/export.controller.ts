import { Controller, Get, Headers, Res } from '@nestjs/common';
import { type Response } from 'express';
import { type AuthUser } from '@core-vault/contracts';
import { ClientGone, CurrentUser, writeWithBackpressure } from '@core-vault/platform';
import { EXPORT_TOTAL_HEADER, ExportService } from './export.service';

@Controller('api/v1/billing')
export class ExportController {
  constructor(private readonly exporter: ExportService) {}

  /** Downloaded as core-vault-export-YYYY-MM-DD.json, pretty-printed, streamed as it is gathered. */
  @Get('export')
  async export(
    @CurrentUser() user: AuthUser,
    @Headers('authorization') authorization: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const now = new Date();
    res
      .status(200)
      .type('application/json')
      .setHeader('content-disposition', `attachment; filename="${this.exporter.filename(now)}"`);
    try {
      await this.exporter.stream(
        user,
        authorization,
        (chunk) => writeWithBackpressure(res, chunk),
        now,
        // Before the first byte, so the download's progress knows how many artifacts to expect.
        (artifacts) => res.setHeader(EXPORT_TOTAL_HEADER, String(artifacts)),
      );
      res.end();
    } catch (err) {
      // Started and then failed here: cut the response off, so no client takes it for whole.
      if (!(err instanceof ClientGone)) res.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  }
}
