import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { type Response } from 'express';
import { type AuthUser, type ImportArtifactsBody, importArtifactsBodySchema } from '@core-vault/contracts';
import { ClientGone, CurrentUser, RequireFeature, writeWithBackpressure } from '@core-vault/platform';
import { ArtifactValidationPipe } from '../artifacts/artifact-validation.pipe';
import { PortabilityService } from './portability.service';

/** The number of artifacts in the export, sent before its first byte (progress). */
export const EXPORT_TOTAL_HEADER = 'x-export-total';

/** /api/v1/artifacts/export and /import — contracts in libs/contracts/src/artifacts/portability-routes.ts. */
@Controller('api/v1/artifacts')
export class PortabilityController {
  constructor(private readonly portability: PortabilityService) {}

  /**
   * NDJSON, streamed in keyset batches at the pace the reader takes it. The headers go out at
   * once, before the first artifact is read, with X-Export-Total (the number of artifacts: the
   * SPA's progress), so a download starts immediately whatever the account holds. A failure after
   * that ends the response without its trailer line (and without the chunked terminator), so no
   * reader can take a cut-short export for a complete one.
   */
  @Get('export')
  async exportMine(@CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    const exp = await this.portability.openExport(user);
    res
      .status(200)
      .type('application/x-ndjson')
      .setHeader('cache-control', 'no-store')
      .setHeader(EXPORT_TOTAL_HEADER, String(exp.total));
    res.flushHeaders();
    try {
      await exp.writeTo((chunk) => writeWithBackpressure(res, chunk));
      res.end();
    } catch (err) {
      if (err instanceof ClientGone) return;
      res.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  }

  @RequireFeature('basic_upload')
  @HttpCode(200)
  @Post('import')
  import(
    @CurrentUser() user: AuthUser,
    @Body(new ArtifactValidationPipe(importArtifactsBodySchema)) body: ImportArtifactsBody,
  ) {
    return this.portability.import(user, body);
  }
}
