import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { type ShareCardQuery, matchesEtag, shareCardQuerySchema } from '@core-vault/contracts';
import { Public, ZodValidationPipe } from '@core-vault/platform';
import { ThumbnailsRepository } from '../thumbnails/thumbnails.repository';
import { ShareCardService, cardEtag } from './share-card.service';

/** Browsers and link unfurlers revalidate after five minutes (an edit makes a new card). */
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=60';

@Controller('api/v1/artifacts')
export class ShareCardController {
  constructor(
    private readonly cards: ShareCardService,
    private readonly thumbnails: ThumbnailsRepository,
  ) {}

  @Public()
  @Get(':id/card.png')
  async card(
    @Param('id') id: string,
    @Query(new ZodValidationPipe(shareCardQuerySchema)) query: ShareCardQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const subject = await this.cards.subject(id, query.v);
    // The version's own picture (docs/thumbnails.md) once made, else the text card.
    const shot = await this.thumbnails.find(id, subject.version, 'og');
    const etag = shot?.status === 'ready' ? `"${id}-${subject.version}-og"` : cardEtag(subject);
    res.setHeader('Cache-Control', CACHE_CONTROL);
    res.setHeader('ETag', etag);
    if (matchesEtag(req.headers['if-none-match'], etag)) return void res.status(304).end();
    const png = shot?.status === 'ready' ? shot.image : await this.cards.png(id, subject);
    res.status(200).type('image/png').setHeader('Content-Length', String(png.length));
    res.end(png);
  }
}
