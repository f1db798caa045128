import { Controller, Get, Headers, Res } from '@nestjs/common';
import { type Response } from 'express';
import { type AuthUser } from '@core-vault/contracts';
import { CurrentUser } from '@core-vault/platform';
import { ExportService } from './export.service';

@Controller('api/v1/billing')
export class ExportController {
  constructor(private readonly exporter: ExportService) {}

  /** Downloaded as core-vault-export-YYYY-MM-DD.json, pretty-printed. */
  @Get('export')
  async export(
    @CurrentUser() user: AuthUser,
    @Headers('authorization') authorization: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const { document, filename } = await this.exporter.export(user, authorization);
    res
      .status(200)
      .type('application/json')
      .setHeader('content-disposition', `attachment; filename="${filename}"`)
      .send(JSON.stringify(document, null, 2));
  }
}
