import { type DynamicModule, Module } from '@nestjs/common';
import { type Logger } from 'pino';
import { Topic } from '@core-vault/contracts';
import {
  AuthModule,
  KafkaModule,
  MailModule,
  MongoModule,
  RedisModule,
  platformModules,
} from '@core-vault/platform';
import { type OnboardingConfig } from './config';
import { OnboardingModule } from './onboarding/onboarding.module';
import { QueueBoardModule } from './queue-board/queue-board.module';

@Module({})
export class AppModule {
  static register(config: OnboardingConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...platformModules(config, logger),
        MongoModule.forRoot({ url: config.MONGO_URL, dbName: config.MONGO_DB }),
        RedisModule.forRoot({ url: config.REDIS_URL }),
        KafkaModule.fromConfig(config, 'onboarding', {
          produces: [],
          consumes: [
            Topic.TrialStarted,
            Topic.SubscriptionCanceled,
            Topic.ArtifactCreated,
            Topic.ArtifactShared,
            Topic.ProfileUpdated,
            Topic.UserDeleted,
          ],
        }),
        AuthModule.forRoot({ publicKey: config.AUTH_PUBLIC_KEY }),
        MailModule.forRoot({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
        OnboardingModule,
        QueueBoardModule.register(config),
      ],
    };
  }
}
