import { Controller, Delete, Get, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { Public, RequireFeature } from '@core-vault/platform';
import { DownstreamClient } from '../proxy/downstream.client';
import { PublicReadForwarder } from './public-read.forwarder';

/**
 * The artifacts context's public routes (contracts: libs/contracts/src/artifacts/artifact-routes.ts),
 * forwarded as they are. The gateway checks the same access as the contract says (the service
 * checks again); If-None-Match and ETag pass through, so 304s work end to end.
 */
@Controller('api/v1')
export class ArtifactsGatewayController {
  constructor(
    private readonly downstream: DownstreamClient,
    private readonly publicRead: PublicReadForwarder,
  ) {}

  @RequireFeature('basic_upload')
  @Post('artifacts')
  create(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @RequireFeature('basic_upload')
  @Post('artifacts/batch')
  createBatch(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @RequireFeature('basic_upload')
  @Post('artifacts/preview')
  preview(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Get('artifacts')
  list(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Get('artifacts/search')
  search(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Public()
  @Get('artifacts/:id')
  get(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.publicRead.forward(req, res);
  }

  @Patch('artifacts/:id')
  update(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Delete('artifacts/:id')
  remove(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Post('artifacts/:id/share')
  share(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Get('artifacts/:id/versions')
  listVersions(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Get('artifacts/:id/versions/:version')
  getVersion(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Post('artifacts/:id/versions/:version/restore')
  restore(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Post('collections')
  createCollection(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Get('collections')
  listCollections(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Patch('collections/:id')
  renameCollection(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Delete('collections/:id')
  deleteCollection(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Get('collections/:id/artifacts')
  listCollectionArtifacts(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Put('collections/:id/artifacts/:artifactId')
  addToCollection(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  @Delete('collections/:id/artifacts/:artifactId')
  removeFromCollection(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(req, res);
  }

  private forward(req: Request, res: Response): Promise<void> {
    return this.downstream.forward('artifacts', req, res);
  }
}
