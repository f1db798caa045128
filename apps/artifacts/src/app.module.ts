import { type DynamicModule, Module } from '@nestjs/common';
import { type Logger } from 'pino';
import { Topic } from '@core-vault/contracts';
import {
  AuthModule,
  KafkaModule,
  MongoModule,
  OutboxModule,
  RedisModule,
  platformModules,
} from '@core-vault/platform';
import { ARTIFACT_MODEL } from './artifacts/artifact.schema';
import { ArtifactsModule } from './artifacts/artifacts.module';
import { type ArtifactsConfig } from './config';
import { ImportSourcesModule } from './import-sources/import-sources.module';
import { PortabilityModule } from './portability/portability.module';
import { RuntimeModule } from './runtime/runtime.module';
import { ShareCardModule } from './share-card/share-card.module';
import { ThumbnailsModule } from './thumbnails/thumbnails.module';

@Module({})
export class AppModule {
  static register(config: ArtifactsConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...platformModules(config, logger),
        MongoModule.forRoot({ url: config.MONGO_URL, dbName: config.MONGO_DB }),
        RedisModule.forRoot({ url: config.REDIS_URL }),
        KafkaModule.fromConfig(config, 'artifacts', {
          produces: [
            Topic.ArtifactCreated,
            Topic.ArtifactUpdated,
            Topic.ArtifactDeleted,
            Topic.ArtifactVisibilityChanged,
            Topic.ArtifactTrashChanged,
            Topic.ArtifactShared,
            Topic.ArtifactDownloaded,
          ],
          consumes: [
            Topic.ViewCountChanged,
            Topic.UserDeleted,
            // Owners' display names, for a copy's "Remixed from".
            Topic.UserRegistered,
            Topic.ProfileUpdated,
            // The search read model follows the service's own artifact events.
            Topic.ArtifactCreated,
            Topic.ArtifactUpdated,
            Topic.ArtifactDeleted,
            Topic.ArtifactVisibilityChanged,
            Topic.ArtifactTrashChanged,
          ],
        }),
        AuthModule.forRoot({ publicKey: config.AUTH_PUBLIC_KEY }),
        // Before ArtifactsModule: GET /api/v1/artifacts/export ahead of GET /api/v1/artifacts/:id.
        PortabilityModule,
        ImportSourcesModule,
        ArtifactsModule,
        ShareCardModule,
        ThumbnailsModule,
        RuntimeModule,
        OutboxModule.forRoot({ models: [ARTIFACT_MODEL] }),
      ],
    };
  }
}
