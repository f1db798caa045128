import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ArtifactEvents } from '../artifacts/artifact-events';
import { ARTIFACT_MODEL, artifactSchema } from '../artifacts/artifact.schema';
import { SettingsRepository } from '../settings/settings.repository';
import { ARTIFACT_SETTINGS_MODEL, artifactSettingsSchema } from '../settings/settings.schema';
import { ImportSourcesController } from './import-sources.controller';
import { ImportSourcesRepository } from './import-sources.repository';
import { ImportSourcesService } from './import-sources.service';

/**
 * Imports from Claude's and ChatGPT's exports, gists, folders and zips (docs/guides/imports.md).
 * Registered before ArtifactsModule, as PortabilityModule: literal paths ahead of :id.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ARTIFACT_MODEL, schema: artifactSchema },
      { name: ARTIFACT_SETTINGS_MODEL, schema: artifactSettingsSchema },
    ]),
  ],
  controllers: [ImportSourcesController],
  providers: [ImportSourcesRepository, ImportSourcesService, ArtifactEvents, SettingsRepository],
})
export class ImportSourcesModule {}
