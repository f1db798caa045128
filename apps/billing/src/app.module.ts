import { type DynamicModule, Module } from '@nestjs/common';
import { type Logger } from 'pino';
import { Topic } from '@core-vault/contracts';
import { AuthModule, KafkaModule, MongoModule, RedisModule, platformModules } from '@core-vault/platform';
import { BillingModule } from './billing/billing.module';
import { type BillingConfig } from './config';

@Module({})
export class AppModule {
  static register(config: BillingConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...platformModules(config, logger),
        MongoModule.forRoot({ url: config.MONGO_URL, dbName: config.MONGO_DB }),
        RedisModule.forRoot({ url: config.REDIS_URL }),
        AuthModule.forRoot({ publicKey: config.AUTH_PUBLIC_KEY }),
        KafkaModule.fromConfig(config, 'billing', {
          produces: [
            Topic.TrialStarted,
            Topic.SubscriptionUpdated,
            Topic.InvoicePaid,
            Topic.PaymentFailed,
            Topic.SubscriptionCanceled,
            Topic.TrialWillEnd,
          ],
          consumes: [Topic.UserRegistered, Topic.UserDeleted],
        }),
        BillingModule.register(config),
      ],
    };
  }
}
