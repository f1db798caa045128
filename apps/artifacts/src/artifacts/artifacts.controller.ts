import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { type Request, type Response } from 'express';
import {
  type AuthUser,
  type BatchCreateArtifactsBody,
  type CreateArtifactBody,
  type ListArtifactsQuery,
  type PreviewArtifactBody,
  type ReadArtifactQuery,
  type RestoreVersionBody,
  type ReuseArtifactBody,
  type SearchArtifactsQuery,
  type ShareArtifactBody,
  type SitemapQuery,
  type UpdateArtifactBody,
  batchCreateArtifactsBodySchema,
  createArtifactBodySchema,
  listArtifactsQuerySchema,
  previewArtifactBodySchema,
  readArtifactQuerySchema,
  restoreVersionBodySchema,
  reuseArtifactBodySchema,
  searchArtifactsQuerySchema,
  shareArtifactBodySchema,
  sitemapQuerySchema,
  updateArtifactBodySchema,
} from '@core-vault/contracts';
import {
  APP_CONFIG,
  CurrentUser,
  OptionalUser,
  Public,
  RequireFeature,
  ZodValidationPipe,
} from '@core-vault/platform';
import { type ArtifactsConfig } from '../config';
import { ArtifactEditsService } from './artifact-edits.service';
import { ArtifactValidationPipe } from './artifact-validation.pipe';
import { ArtifactReadsService } from './artifact-reads.service';
import { ArtifactReuseService } from './artifact-reuse.service';
import { ArtifactsService } from './artifacts.service';
import { sendRead } from './send-read';
import { VersionsService } from './versions.service';
import { MoveToTrash } from '../trash/usecases/move-to-trash.usecase';

/** /api/v1/artifacts — route contracts in libs/contracts/src/artifacts/artifact-routes.ts. */
@Controller('api/v1/artifacts')
export class ArtifactsController {
  constructor(
    private readonly artifacts: ArtifactsService,
    private readonly edits: ArtifactEditsService,
    private readonly reads: ArtifactReadsService,
    private readonly versions: VersionsService,
    private readonly reuse: ArtifactReuseService,
    private readonly moveToTrash: MoveToTrash,
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
  ) {}

  @RequireFeature('basic_upload')
  @Post()
  async create(
    @CurrentUser() user: AuthUser,
    @Body(new ArtifactValidationPipe(createArtifactBodySchema)) body: CreateArtifactBody,
  ) {
    return { artifact: await this.artifacts.create(user, body) };
  }

  @RequireFeature('basic_upload')
  @Post('batch')
  async createBatch(
    @CurrentUser() user: AuthUser,
    @Body(new ArtifactValidationPipe(batchCreateArtifactsBodySchema)) body: BatchCreateArtifactsBody,
  ) {
    return { artifacts: await this.artifacts.createBatch(user, body) };
  }

  @RequireFeature('basic_upload')
  @HttpCode(200)
  @Post('preview')
  preview(@Body(new ArtifactValidationPipe(previewArtifactBodySchema)) body: PreviewArtifactBody) {
    return this.artifacts.preview(body);
  }

  @Get()
  list(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(listArtifactsQuerySchema)) q: ListArtifactsQuery,
  ) {
    return this.reads.list(user, q);
  }

  @Get('search')
  search(
    @CurrentUser() user: AuthUser,
    @Query(new ArtifactValidationPipe(searchArtifactsQuerySchema)) q: SearchArtifactsQuery,
  ) {
    return this.reads.search(user, q);
  }

  /** Declared before ':id', so 'sitemap' is never taken for an artifact id. */
  @Public()
  @Get('sitemap')
  sitemap(@Query(new ZodValidationPipe(sitemapQuerySchema)) q: SitemapQuery) {
    return this.reads.sitemap(q.page);
  }

  @Public()
  @Get(':id')
  async get(
    @OptionalUser() user: AuthUser | null,
    @Param('id') id: string,
    @Query(new ArtifactValidationPipe(readArtifactQuerySchema)) q: ReadArtifactQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    sendRead(req, res, await this.reads.read(id, user, q.v), this.config.PUBLIC_MAX_AGE_SECONDS);
  }

  @Patch(':id')
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ArtifactValidationPipe(updateArtifactBodySchema)) body: UpdateArtifactBody,
  ) {
    return { artifact: await this.edits.update(user, id, body) };
  }

  /** To the trash (30 days, then deleted for good): trash.controller.ts restores it. */
  @Delete(':id')
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.moveToTrash.execute(user, id);
    return { ok: true };
  }

  @HttpCode(200)
  @Post(':id/share')
  share(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(shareArtifactBodySchema)) body: ShareArtifactBody,
  ) {
    return this.artifacts.share(user, id, body);
  }

  /** Anyone who may read it; counted once per visitor a day (the gateway's X-Forwarded-For names the client). */
  @Public()
  @HttpCode(200)
  @Post(':id/download')
  download(
    @OptionalUser() user: AuthUser | null,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(reuseArtifactBodySchema)) body: ReuseArtifactBody,
    @Req() req: Request,
  ) {
    return this.reuse.download(user, id, body, clientAddress(req));
  }

  @RequireFeature('basic_upload')
  @Post(':id/remix')
  async remix(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(reuseArtifactBodySchema)) body: ReuseArtifactBody,
  ) {
    return { artifact: await this.reuse.remix(user, id, body) };
  }

  @Get(':id/versions')
  listVersions(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.versions.list(user, id);
  }

  @Get(':id/activity')
  activity(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.versions.activity(user, id);
  }

  @Get(':id/versions/:version')
  getVersion(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('version') version: string) {
    return this.versions.get(user, id, version);
  }

  @HttpCode(200)
  @Post(':id/versions/:version/restore')
  async restore(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Param('version') version: string,
    @Body(new ZodValidationPipe(restoreVersionBodySchema)) body: RestoreVersionBody,
  ) {
    return { artifact: await this.edits.restore(user, id, version, body) };
  }
}

/** The client as the gateway saw it (it sets X-Forwarded-For to its own req.ip), else the peer. */
function clientAddress(req: Request): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (typeof forwarded === 'string' ? forwarded : forwarded?.[0])?.split(',')[0]?.trim();
  return first || req.ip || 'unknown';
}
