import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { COLLECTION_MODEL, collectionSchema } from '../collections/collection.schema';
import { CollectionsController } from '../collections/collections.controller';
import { CollectionsRepository } from '../collections/collections.repository';
import { CollectionsService } from '../collections/collections.service';
import { SearchModule } from '../search/search.module';
import { SettingsController } from '../settings/settings.controller';
import { SettingsRepository } from '../settings/settings.repository';
import { ARTIFACT_SETTINGS_MODEL, artifactSettingsSchema } from '../settings/settings.schema';
import { SettingsService } from '../settings/settings.service';
import { ArtifactEditsService } from './artifact-edits.service';
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
import { ShareTally } from './share-tally';
import { UserDeletedConsumer } from './user-deleted.consumer';
import { UserErasureRepository } from './user-erasure.repository';
import { ViewCountConsumer } from './view-count.consumer';
import { ArtifactReuseService } from './artifact-reuse.service';
import { DownloadTally } from './download-tally';
import { RemixCountConsumer } from './remix-count.consumer';
import { OWNER_NAME_MODEL, ownerNameSchema } from '../owner-names/owner-name.schema';
import { OwnerNamesConsumer } from '../owner-names/owner-names.consumer';
import { OwnerNamesRepository } from '../owner-names/owner-names.repository';
import { VersionsRepository } from './versions.repository';
import { VersionsService } from './versions.service';
import { PurgeTrashJob } from '../trash/purge-trash.job';
import { TrashController } from '../trash/trash.controller';
import { TrashRepository } from '../trash/trash.repository';
import { BulkChangeArtifacts } from '../trash/usecases/bulk-change-artifacts.usecase';
import { DeleteFromTrash } from '../trash/usecases/delete-from-trash.usecase';
import { EmptyTrash } from '../trash/usecases/empty-trash.usecase';
import { ListTrash } from '../trash/usecases/list-trash.usecase';
import { MoveToTrash } from '../trash/usecases/move-to-trash.usecase';
import { PurgeArtifact } from '../trash/usecases/purge-artifact.usecase';
import { PurgeDueArtifacts } from '../trash/usecases/purge-due-artifacts.usecase';
import { RestoreFromTrash } from '../trash/usecases/restore-from-trash.usecase';

/**
 * The artifacts bounded context: artifacts, their versions and activity, collections, search,
 * public reads and the owner's artifact settings.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ARTIFACT_MODEL, schema: artifactSchema },
      { name: ARTIFACT_VERSION_MODEL, schema: artifactVersionSchema },
      { name: COLLECTION_MODEL, schema: collectionSchema },
      { name: ARTIFACT_SETTINGS_MODEL, schema: artifactSettingsSchema },
      { name: OWNER_NAME_MODEL, schema: ownerNameSchema },
    ]),
    SearchModule,
  ],
  // The consumers are controllers: Nest registers their @EventPattern handlers.
  controllers: [
    // Before ArtifactsController: /api/v1/artifacts/trash is not an artifact id.
    TrashController,
    ArtifactsController,
    CollectionsController,
    SettingsController,
    ViewCountConsumer,
    RemixCountConsumer,
    OwnerNamesConsumer,
    UserDeletedConsumer,
  ],
  providers: [
    ArtifactsRepository,
    VersionsRepository,
    CollectionsRepository,
    ArtifactEvents,
    PublicArtifactCache,
    SettingsRepository,
    ArtifactsService,
    ShareTally,
    DownloadTally,
    OwnerNamesRepository,
    ArtifactReuseService,
    ArtifactEditsService,
    ArtifactReadsService,
    SettingsService,
    VersionsService,
    CollectionsService,
    RerenderStaleArtifacts,
    UserErasureRepository,
    TrashRepository,
    MoveToTrash,
    RestoreFromTrash,
    PurgeArtifact,
    PurgeDueArtifacts,
    DeleteFromTrash,
    EmptyTrash,
    ListTrash,
    BulkChangeArtifacts,
    PurgeTrashJob,
  ],
})
export class ArtifactsModule {}
