import { type BeforeApplicationShutdown, Inject, Injectable, Optional } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { type Admin } from 'kafkajs';
import { type Connection } from 'mongoose';
import { type Logger } from 'pino';
import { type AnyEventCatalog, productEventCatalog } from '@core-vault/contracts';
import { LOGGER } from '../logging/logging.module';
import { METRICS } from '../metrics/metrics.module';
import { type ServiceMetrics } from '../metrics/service-metrics';
import { collectConsumerLag } from './consumer-lag';
import { type BatchEventHandler, IdempotentConsumer, type EventHandler } from './idempotent-consumer';
import { KAFKA_OPTIONS, KafkaConnection, type KafkaModuleOptions } from './kafka-connection';
import { warmKafkaProtocol } from './kafka-protocol-warmup';
import { ProcessedEventRepository, type ProcessedEventStore } from './processed-event.repository';

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
  /**
   * Where a group with no committed offsets starts (default: the topics' beginning). A read model
   * that fills itself from its source at boot needs only what is published after (false).
   */
  fromBeginning?: boolean;
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

  /** The topic → schema map every consumer of the service validates against. */
  get catalog(): AnyEventCatalog {
    return this.options.catalog ?? productEventCatalog;
  }

  async start(registration: ConsumerRegistration): Promise<IdempotentConsumer> {
    if (!this.mongo && !registration.store)
      throw new Error('EventConsumers needs MongoModule: processed event ids live in the service database');
    const consumer = new IdempotentConsumer({
      ...registration,
      kafka: this.connection.kafka,
      catalog: this.catalog,
      store: registration.store ?? new ProcessedEventRepository(this.mongo!),
      deadLetterProducer: this.connection.producer,
      logger: this.logger,
      maxAttempts: this.options.maxAttempts ?? 5,
      ...(this.options.sessionTimeoutMs === undefined
        ? {}
        : { sessionTimeoutMs: this.options.sessionTimeoutMs }),
      ...(this.options.maxWaitMs === undefined ? {} : { maxWaitMs: this.options.maxWaitMs }),
      metrics: this.metrics,
    });
    this.metrics.onCollect('lag', () => this.lag(registration.groupId, registration.topics));
    // Before the first consumer's first batch: its first commit would load these (see the function).
    if (this.consumers.length === 0) warmKafkaProtocol('consumer');
    this.consumers.push(consumer);
    await consumer.start();
    return consumer;
  }

  /**
   * Before the service's connections close (beforeApplicationShutdown runs ahead of Nest's
   * dispose and onApplicationShutdown): each consumer finishes its batch and commits.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.stopAll();
  }

  /** Stops every consumer; safe to call again (the event server's close() calls it too). */
  async stopAll(): Promise<void> {
    await Promise.all(this.consumers.splice(0).map((c) => c.stop()));
    const admin = this.lagAdmin;
    this.lagAdmin = undefined;
    await admin?.disconnect();
  }
}
