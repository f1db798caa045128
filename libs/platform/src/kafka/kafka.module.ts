import { type DynamicModule, Global, Module } from '@nestjs/common';
import { type Logger } from 'pino';
import { LOGGER } from '../logging/logging.module';
import { EventConsumers } from './event-consumers';
import { KafkaEventServer } from './event-server';
import { createKafka, parseBrokers } from './kafka-client';
import { KAFKA, KAFKA_OPTIONS, KafkaConnection, type KafkaModuleOptions } from './kafka-connection';

/** The validated Kafka settings every service's config carries (kafkaConfigSchema). */
export interface KafkaSettings {
  KAFKA_BROKERS: string;
  KAFKA_TOPIC_PARTITIONS: number;
  KAFKA_REPLICATION_FACTOR: number;
  KAFKA_CONSUMER_MAX_ATTEMPTS?: number;
  KAFKA_CONSUMER_SESSION_TIMEOUT_MS?: number;
  KAFKA_CONSUMER_MAX_WAIT_MS?: number;
}

@Global()
@Module({})
export class KafkaModule {
  /** The module from a service's validated config: only its client id and topics differ. */
  static fromConfig(
    config: KafkaSettings,
    clientId: string,
    topics: Pick<KafkaModuleOptions, 'produces' | 'consumes'>,
  ): DynamicModule {
    return KafkaModule.forRoot({
      clientId,
      brokers: parseBrokers(config.KAFKA_BROKERS),
      partitions: config.KAFKA_TOPIC_PARTITIONS,
      replicationFactor: config.KAFKA_REPLICATION_FACTOR,
      ...(config.KAFKA_CONSUMER_MAX_ATTEMPTS === undefined
        ? {}
        : { maxAttempts: config.KAFKA_CONSUMER_MAX_ATTEMPTS }),
      ...(config.KAFKA_CONSUMER_SESSION_TIMEOUT_MS === undefined
        ? {}
        : { sessionTimeoutMs: config.KAFKA_CONSUMER_SESSION_TIMEOUT_MS }),
      ...(config.KAFKA_CONSUMER_MAX_WAIT_MS === undefined
        ? {}
        : { maxWaitMs: config.KAFKA_CONSUMER_MAX_WAIT_MS }),
      ...topics,
    });
  }

  static forRoot(options: KafkaModuleOptions): DynamicModule {
    return {
      module: KafkaModule,
      providers: [
        { provide: KAFKA_OPTIONS, useValue: options },
        {
          provide: KAFKA,
          inject: [LOGGER],
          useFactory: (logger: Logger) =>
            createKafka({ clientId: options.clientId, brokers: options.brokers, logger }),
        },
        KafkaConnection,
        EventConsumers,
        KafkaEventServer,
      ],
      exports: [KAFKA_OPTIONS, KafkaConnection, EventConsumers, KafkaEventServer],
    };
  }
}
