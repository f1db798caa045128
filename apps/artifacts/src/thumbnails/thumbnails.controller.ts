import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { type AuthUser, type ThumbnailQuery, matchesEtag, thumbnailQuerySchema } from '@core-vault/contracts';
import { OptionalUser, Public } from '@core-vault/platform';
import { ArtifactValidationPipe } from '../artifacts/artifact-validation.pipe';
import { GetThumbnailUseCase } from './get-thumbnail.usecase';

/** A version's picture is fixed; without ?v= the latest may change, so caches revalidate. */
const cacheControl = (visibility: 'public' | 'private', pinned: boolean) =>
  `${visibility}, max-age=${pinned ? 86_400 : 60}`;

@Controller('api/v1/artifacts')
export class ThumbnailsController {
  constructor(private readonly thumbnails: GetThumbnailUseCase) {}

  @Public()
  @Get(':id/thumbnail')
  async get(
    @OptionalUser() user: AuthUser | null,
    @Param('id') id: string,
    @Query(new ArtifactValidationPipe(thumbnailQuerySchema)) q: ThumbnailQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const shot = await this.thumbnails.execute(id, user, q.size, q.v);
    res.set({
      etag: shot.etag,
      'cache-control': cacheControl(shot.visibility, q.v !== undefined),
      vary: 'Authorization',
    });
    if (matchesEtag(req.headers['if-none-match'], shot.etag)) return void res.status(304).end();
    res.status(200).type(shot.mediaType).setHeader('Content-Length', String(shot.image.length));
    res.end(shot.image);
  }
}
