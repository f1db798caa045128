import { Controller, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { type AuthUser, type ImportSourceQuery, importSourceQuerySchema } from '@core-vault/contracts';
import { ClientGone, CurrentUser, RequireFeature, writeWithBackpressure } from '@core-vault/platform';
import { ArtifactValidationPipe } from '../artifacts/artifact-validation.pipe';
import { ImportSourcesService } from './import-sources.service';

const query = new ArtifactValidationPipe(importSourceQuerySchema);

/**
 * /api/v1/artifacts/import-sources/{preview,run} — contracts in
 * libs/contracts/src/artifacts/portability-routes.ts. The body is the file's bytes
 * (application/octet-stream), never parsed as JSON here: the service streams it to disk.
 */
@Controller('api/v1/artifacts/import-sources')
export class ImportSourcesController {
  constructor(private readonly imports: ImportSourcesService) {}

  @RequireFeature('basic_upload')
  @HttpCode(200)
  @Post('preview')
  preview(@CurrentUser() user: AuthUser, @Query(query) q: ImportSourceQuery, @Req() req: Request) {
    return this.imports.preview(user, req, q);
  }

  /**
   * NDJSON progress, then the report. Everything that can refuse the file (reading it, the plan)
   * happens before the headers, so a bad file is an ordinary 4xx with nothing written; after them
   * a failure ends the response without its report line.
   */
  @RequireFeature('basic_upload')
  @Post('run')
  async run(
    @CurrentUser() user: AuthUser,
    @Query(query) q: ImportSourceQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const run = await this.imports.openRun(user, req, q);
    res.status(200).type('application/x-ndjson').setHeader('cache-control', 'no-store');
    res.flushHeaders();
    try {
      await run.writeTo((line) => writeWithBackpressure(res, `${JSON.stringify(line)}\n`));
      res.end();
    } catch (err) {
      if (err instanceof ClientGone) return;
      res.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  }
}
