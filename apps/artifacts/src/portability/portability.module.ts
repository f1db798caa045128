import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { COLLECTION_MODEL, collectionSchema } from '../collections/collection.schema';
import { ArtifactEvents } from '../artifacts/artifact-events';
import {
  ARTIFACT_MODEL,
  ARTIFACT_VERSION_MODEL,
  artifactSchema,
  artifactVersionSchema,
} from '../artifacts/artifact.schema';
import { RuntimeModule } from '../runtime/runtime.module';
import { SettingsRepository } from '../settings/settings.repository';
import { ARTIFACT_SETTINGS_MODEL, artifactSettingsSchema } from '../settings/settings.schema';
import { PortabilityController } from './portability.controller';
import { PortabilityRepository } from './portability.repository';
import { PortabilityService } from './portability.service';

/**
 * Export and import of a user's artifacts (docs/reference/artifacts.md, "Export and import"). Registered
 * before ArtifactsModule: its literal /api/v1/artifacts/export must come before GET :id.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ARTIFACT_MODEL, schema: artifactSchema },
      { name: ARTIFACT_VERSION_MODEL, schema: artifactVersionSchema },
      { name: COLLECTION_MODEL, schema: collectionSchema },
      { name: ARTIFACT_SETTINGS_MODEL, schema: artifactSettingsSchema },
    ]),
    // Each artifact's window.storage data and runtime settings travel with it.
    RuntimeModule,
  ],
  controllers: [PortabilityController],
  providers: [PortabilityRepository, PortabilityService, ArtifactEvents, SettingsRepository],
})
export class PortabilityModule {}
