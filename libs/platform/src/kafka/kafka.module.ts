import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
  Optional,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { type Kafka, type Producer, type Admin, Partitioners } from 'kafkajs';
import { type Connection } from 'mongoose';
import { type Logger } from 'pino';
import { type AnyEventCatalog, deadLetterTopic, productEventCatalog } from '@core-vault/contracts';
import { type HealthCheckResult, type HealthIndicator, HealthRegistry } from '../health/health.registry';
import { LOGGER } from '../logging/logging.module';
import { METRICS } from '../metrics/metrics.module';
import { type ServiceMetrics } from '../metrics/service-metrics';
import { collectConsumerLag } from './consumer-lag';
import { EventPublisher } from './event-publisher';
import { type BatchEventHandler, IdempotentConsumer, type EventHandler } from './idempotent-consumer';
import { createKafka, ensureTopics, parseBrokers } from './kafka-client';
import { ProcessedEventRepository, type ProcessedEventStore } from './processed-event.repository';

export interface KafkaModuleOptions {
  clientId: string;
  brokers: string[];
  /** Topics this service produces. */
  produces?: readonly string[];
  /** Topics this service consumes; their dead-letter topics are created too. */
  consumes?: readonly string[];
  partitions: number;
  replicationFactor?: number;
  maxAttempts?: number;
  sessionTimeoutMs?: number;
  catalog?: AnyEventCatalog;
}

export const KAFKA_OPTIONS = Symbol('KAFKA_OPTIONS');
export const KAFKA = Symbol('KAFKA');

/** Owns the service's Kafka client and idempotent producer; creates its topics at boot. */
@Injectable()
export class KafkaConnection implements OnModuleInit, OnApplicationShutdown, HealthIndicator {
  readonly name = 'kafka';
  readonly producer: Producer;
  readonly publisher: EventPublisher;
  private readonly admin: Admin;
  private producerConnected = false;

  constructor(
    @Inject(KAFKA) readonly kafka: Kafka,
    @Inject(KAFKA_OPTIONS) private readonly options: KafkaModuleOptions,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly health: HealthRegistry,
  ) {
    // One request in flight keeps per-key order across retries; a retry may duplicate a message,
    // which consumers drop by event id (the outbox is at-least-once by design anyway).
    this.producer = kafka.producer({
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.producer.on(this.producer.events.CONNECT, () => (this.producerConnected = true));
    this.producer.on(this.producer.events.DISCONNECT, () => (this.producerConnected = false));
    this.publisher = new EventPublisher(this.producer);
    this.admin = kafka.admin();
  }

  async onModuleInit(): Promise<void> {
    this.health.register(this);
    const { produces = [], consumes = [], partitions, replicationFactor = 1 } = this.options;
    await this.admin.connect();
    const created = await ensureTopics(
      this.admin,
      [...produces, ...consumes, ...consumes.map(deadLetterTopic)],
      partitions,
      replicationFactor,
    );
    if (created.length) this.logger.info({ topics: created, partitions }, 'kafka topics created');
    await this.producer.connect();
  }

  async check(): Promise<HealthCheckResult> {
    const cluster = await this.admin.describeCluster();
    const up = this.producerConnected && cluster.brokers.length > 0;
    return {
      status: up ? 'up' : 'down',
      details: { brokers: cluster.brokers.length, producer: this.producerConnected },
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.producer.disconnect();
    await this.admin.disconnect();
  }
}

export interface ConsumerRegistration {
  groupId: string;
  topics: readonly string[];
  /** Exactly one of handler (one event at a time) and handleBatch (batch mode). */
  handler?: EventHandler;
  handleBatch?: BatchEventHandler;
  maxBatchSize?: number;
  maxBytesPerPartition?: number;
  /** Where processed markers live; default: the service database (processed_events). */
  store?: ProcessedEventStore;
  partitionsConsumedConcurrently?: number;
}

/** Starts the service's idempotent consumers and stops them (committing offsets) on shutdown. */
@Injectable()
export class EventConsumers implements BeforeApplicationShutdown {
  private readonly consumers: IdempotentConsumer[] = [];
  private lagAdmin: Admin | undefined;

  constructor(
    private readonly connection: KafkaConnection,
    @Inject(KAFKA_OPTIONS) private readonly options: KafkaModuleOptions,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(METRICS) private readonly metrics: ServiceMetrics,
    @Optional() @Inject(getConnectionToken()) private readonly mongo?: Connection,
  ) {}

  /** Lag is read from the broker on scrape, with one admin client shared by the service's groups. */
  private async lag(groupId: string, topics: readonly string[]): Promise<void> {
    if (!this.lagAdmin) {
      this.lagAdmin = this.connection.kafka.admin();
      await this.lagAdmin.connect();
    }
    await collectConsumerLag(this.lagAdmin, this.metrics, groupId, topics);
  }

  async start(registration: ConsumerRegistration): Promise<IdempotentConsumer> {
    if (!this.mongo && !registration.store)
      throw new Error('EventConsumers needs MongoModule: processed event ids live in the service database');
    const consumer = new IdempotentConsumer({
      ...registration,
      kafka: this.connection.kafka,
      catalog: this.options.catalog ?? productEventCatalog,
      store: registration.store ?? new ProcessedEventRepository(this.mongo!),
      deadLetterProducer: this.connection.producer,
      logger: this.logger,
      maxAttempts: this.options.maxAttempts ?? 5,
      ...(this.options.sessionTimeoutMs === undefined
        ? {}
        : { sessionTimeoutMs: this.options.sessionTimeoutMs }),
      metrics: this.metrics,
    });
    this.metrics.onCollect('lag', () => this.lag(registration.groupId, registration.topics));
    this.consumers.push(consumer);
    await consumer.start();
    return consumer;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.stop()));
    await this.lagAdmin?.disconnect();
  }
}

/** The validated Kafka settings every service's config carries (kafkaConfigSchema). */
export interface KafkaSettings {
  KAFKA_BROKERS: string;
  KAFKA_TOPIC_PARTITIONS: number;
  KAFKA_REPLICATION_FACTOR: number;
  KAFKA_CONSUMER_MAX_ATTEMPTS?: number;
  KAFKA_CONSUMER_SESSION_TIMEOUT_MS?: number;
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
      ],
      exports: [KafkaConnection, EventConsumers],
    };
  }
}
