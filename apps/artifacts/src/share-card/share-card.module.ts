import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import {
  ARTIFACT_MODEL,
  ARTIFACT_VERSION_MODEL,
  artifactSchema,
  artifactVersionSchema,
} from '../artifacts/artifact.schema';
import { ShareCardController } from './share-card.controller';
import { ShareCardRepository } from './share-card.repository';
import { ShareCardService } from './share-card.service';
import { ThumbnailsModule } from '../thumbnails/thumbnails.module';

/** Link preview images of public artifacts (GET /api/v1/artifacts/:id/card.png). */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ARTIFACT_MODEL, schema: artifactSchema },
      { name: ARTIFACT_VERSION_MODEL, schema: artifactVersionSchema },
    ]),
    // The link preview is the version's real picture once the thumbnailer has made it.
    ThumbnailsModule,
  ],
  controllers: [ShareCardController],
  providers: [ShareCardRepository, ShareCardService],
})
export class ShareCardModule {}
