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

/** Link preview images of public artifacts (GET /api/v1/artifacts/:id/card.png). */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ARTIFACT_MODEL, schema: artifactSchema },
      { name: ARTIFACT_VERSION_MODEL, schema: artifactVersionSchema },
    ]),
  ],
  controllers: [ShareCardController],
  providers: [ShareCardRepository, ShareCardService],
})
export class ShareCardModule {}
