import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type Kafka, type Producer, type Admin } from 'kafkajs';
import { type Logger } from 'pino';
import { type AnyEventCatalog, deadLetterTopic } from '@core-vault/contracts';
import { type HealthCheckResult, type HealthIndicator, HealthRegistry } from '../health/health.registry';
import { LOGGER } from '../logging/logging.module';
import { EventPublisher } from './event-publisher';
import { EVENT_PRODUCER_CONFIG, ensureTopics } from './kafka-client';
import { warmKafkaProtocol } from './kafka-protocol-warmup';

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
  /** A consumer fetch's longest wait on an idle broker (KAFKA_CONSUMER_MAX_WAIT_MS). */
  maxWaitMs?: number;
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
    this.producer = kafka.producer(EVENT_PRODUCER_CONFIG);
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
    // Boot, not the first publish, pays for loading kafkajs' produce request (see the function).
    warmKafkaProtocol('producer');
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
