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
import { ARTIFACT_STATS_MODEL } from './analytics/artifact-stats.schema';
import { AnalyticsModule } from './analytics/analytics.module';
import { type AnalyticsConfig } from './config';

@Module({})
export class AppModule {
  static register(config: AnalyticsConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...platformModules(config, logger),
        MongoModule.forRoot({ url: config.MONGO_URL, dbName: config.MONGO_DB }),
        RedisModule.forRoot({ url: config.REDIS_URL }),
        KafkaModule.fromConfig(config, 'analytics', {
          produces: [Topic.ViewCountChanged],
          consumes: [
            Topic.ArtifactViewed,
            Topic.ArtifactCreated,
            Topic.ArtifactVisibilityChanged,
            Topic.ArtifactShared,
            Topic.ArtifactDownloaded,
            Topic.ArtifactDeleted,
            Topic.ArtifactTrashChanged,
            Topic.UserDeleted,
          ],
        }),
        AuthModule.forRoot({ publicKey: config.AUTH_PUBLIC_KEY }),
        AnalyticsModule,
        OutboxModule.forRoot({ models: [ARTIFACT_STATS_MODEL] }),
      ],
    };
  }
}
