import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ARTIFACT_THUMBNAIL_MODEL, artifactThumbnailSchema } from '@core-vault/artifact-store';
import { ARTIFACT_MODEL, artifactSchema } from '../artifacts/artifact.schema';
import { GetThumbnailUseCase } from './get-thumbnail.usecase';
import { ThumbnailsController } from './thumbnails.controller';
import { ThumbnailsRepository } from './thumbnails.repository';

/** GET /api/v1/artifacts/:id/thumbnail: the pictures the thumbnailer made (docs/thumbnails.md). */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ARTIFACT_MODEL, schema: artifactSchema },
      { name: ARTIFACT_THUMBNAIL_MODEL, schema: artifactThumbnailSchema },
    ]),
  ],
  controllers: [ThumbnailsController],
  providers: [ThumbnailsRepository, GetThumbnailUseCase],
  exports: [ThumbnailsRepository],
})
export class ThumbnailsModule {}
