import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ARTIFACT_MODEL, artifactSchema } from '../artifacts/artifact.schema';
import { AiProviderClient } from './ai-provider.client';
import { RuntimeController } from './runtime.controller';
import { RuntimeDataConsumer } from './runtime-data.consumer';
import { RuntimeLimits } from './runtime-limits';
import { RuntimePortability } from './runtime-portability';
import { RuntimeStorageRepository } from './runtime-storage.repository';
import {
  RUNTIME_ENTRY_MODEL,
  RUNTIME_SETTINGS_MODEL,
  RUNTIME_STORE_MODEL,
  runtimeEntrySchema,
  runtimeSettingsSchema,
  runtimeStoreSchema,
} from './runtime.schema';
import { RuntimeService } from './runtime.service';

/** The artifact runtime (#31): window.storage and window.claude.complete, docs/reference/artifact-runtime.md. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ARTIFACT_MODEL, schema: artifactSchema },
      { name: RUNTIME_ENTRY_MODEL, schema: runtimeEntrySchema },
      { name: RUNTIME_STORE_MODEL, schema: runtimeStoreSchema },
      { name: RUNTIME_SETTINGS_MODEL, schema: runtimeSettingsSchema },
    ]),
  ],
  controllers: [RuntimeController, RuntimeDataConsumer],
  providers: [RuntimeStorageRepository, RuntimeService, RuntimeLimits, AiProviderClient, RuntimePortability],
  exports: [RuntimePortability],
})
export class RuntimeModule {}
