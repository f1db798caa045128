import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { COLLECTION_MODEL, collectionSchema } from '../collections/collection.schema';
import { CollectionsController } from '../collections/collections.controller';
import { CollectionsRepository } from '../collections/collections.repository';
import { CollectionsService } from '../collections/collections.service';
import { ArtifactEvents } from './artifact-events';
import { ArtifactReadsService } from './artifact-reads.service';
import {
  ARTIFACT_MODEL,
  ARTIFACT_VERSION_MODEL,
  artifactSchema,
  artifactVersionSchema,
} from './artifact.schema';
import { ArtifactsController } from './artifacts.controller';
import { ArtifactsRepository } from './artifacts.repository';
import { ArtifactsService } from './artifacts.service';
import { PublicArtifactCache } from './public-cache';
import { RerenderStaleArtifacts } from './rerender-stale-artifacts';
import { UserDeletedConsumer } from './user-deleted.consumer';
import { UserErasureRepository } from './user-erasure.repository';
import { ViewCountConsumer } from './view-count.consumer';
import { VersionsRepository } from './versions.repository';
import { VersionsService } from './versions.service';

/** The artifacts bounded context: artifacts, their versions, collections, search, public reads. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ARTIFACT_MODEL, schema: artifactSchema },
      { name: ARTIFACT_VERSION_MODEL, schema: artifactVersionSchema },
      { name: COLLECTION_MODEL, schema: collectionSchema },
    ]),
  ],
  // The consumers are controllers: Nest registers their @EventPattern handlers.
  controllers: [ArtifactsController, CollectionsController, ViewCountConsumer, UserDeletedConsumer],
  providers: [
    ArtifactsRepository,
    VersionsRepository,
    CollectionsRepository,
    ArtifactEvents,
    PublicArtifactCache,
    ArtifactsService,
    ArtifactReadsService,
    VersionsService,
    CollectionsService,
    RerenderStaleArtifacts,
    UserErasureRepository,
  ],
})
export class ArtifactsModule {}
