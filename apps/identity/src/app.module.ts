import { type DynamicModule, Module } from '@nestjs/common';
import { type Logger } from 'pino';
import { Topic } from '@core-vault/contracts';
import {
  AuthModule,
  KafkaModule,
  MailModule,
  MongoModule,
  OutboxModule,
  RedisModule,
  platformModules,
} from '@core-vault/platform';
import { type IdentityConfig } from './config';
import { BILLING_TOPICS } from './identity/billing-state';
import { DeviceAuthorizationModule } from './identity/device-authorization.module';
import { IdentityModule } from './identity/identity.module';
import { PersonalTokenModule } from './identity/personal-token.module';
import { USER_MODEL } from './identity/user.schema';

@Module({})
export class AppModule {
  static register(config: IdentityConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...platformModules(config, logger),
        MongoModule.forRoot({ url: config.MONGO_URL, dbName: config.MONGO_DB }),
        RedisModule.forRoot({ url: config.REDIS_URL }),
        KafkaModule.fromConfig(config, 'identity', {
          produces: [
            Topic.UserRegistered,
            Topic.UserSignedIn,
            Topic.PasswordReset,
            Topic.ProfileUpdated,
            Topic.UserDeleted,
          ],
          consumes: [...BILLING_TOPICS, Topic.UserDeleted],
        }),
        OutboxModule.forRoot({ models: [USER_MODEL] }),
        AuthModule.forRoot({ publicKey: config.AUTH_PUBLIC_KEY }),
        MailModule.forRoot({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
        IdentityModule,
        PersonalTokenModule,
        DeviceAuthorizationModule,
      ],
    };
  }
}
