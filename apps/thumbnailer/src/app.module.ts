import { type DynamicModule, Module } from '@nestjs/common';
import { type Logger } from 'pino';
import { Topic } from '@core-vault/contracts';
import { KafkaModule, MongoModule, RedisModule, platformModules } from '@core-vault/platform';
import { type ThumbnailerConfig } from './config';
import { ThumbnailsModule } from './thumbnails/thumbnails.module';

@Module({})
export class AppModule {
  static register(config: ThumbnailerConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...platformModules(config, logger),
        MongoModule.forRoot({ url: config.MONGO_URL, dbName: config.MONGO_DB }),
        RedisModule.forRoot({ url: config.REDIS_URL }),
        KafkaModule.fromConfig(config, 'thumbnailer', {
          produces: [],
          consumes: [Topic.ArtifactCreated, Topic.ArtifactUpdated, Topic.ArtifactDeleted, Topic.UserDeleted],
        }),
        ThumbnailsModule,
      ],
    };
  }
}
