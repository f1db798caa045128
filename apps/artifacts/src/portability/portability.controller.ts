import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { type Response } from 'express';
import { type AuthUser, type ImportArtifactsBody, importArtifactsBodySchema } from '@core-vault/contracts';
import { ClientGone, CurrentUser, RequireFeature, writeWithBackpressure } from '@core-vault/platform';
import { ArtifactValidationPipe } from '../artifacts/artifact-validation.pipe';
import { PortabilityService } from './portability.service';

/** /api/v1/artifacts/export and /import — contracts in libs/contracts/src/artifacts/portability-routes.ts. */
@Controller('api/v1/artifacts')
export class PortabilityController {
  constructor(private readonly portability: PortabilityService) {}

  /**
   * NDJSON, streamed from the database cursor at the pace the reader takes it. A failure after
   * the first byte ends the response without its trailer line (and without the chunked
   * terminator), so no reader can take a cut-short export for a complete one.
   */
  @Get('export')
  async exportMine(@CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    res.status(200).type('application/x-ndjson').setHeader('cache-control', 'no-store');
    try {
      await this.portability.exportTo(user, (chunk) => writeWithBackpressure(res, chunk));
      res.end();
    } catch (err) {
      if (err instanceof ClientGone) return;
      // Nothing sent yet: the usual error answer. Otherwise cut off, the trailer never written.
      if (!res.headersSent) throw err;
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
