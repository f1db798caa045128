import {
  type Consumer,
  type EachBatchPayload,
  type IHeaders,
  type Kafka,
  type KafkaMessage,
  type Producer,
} from 'kafkajs';
import { type Logger } from 'pino';
import { type AnyEventCatalog, type EventEnvelope, deadLetterTopic } from '@core-vault/contracts';
import { decodeEvent } from '../events/event-factory';
import { type ProcessedEventRepository, type ProcessedOutcome } from './processed-event.repository';

export interface EventHandlerContext {
  topic: string;
  partition: number;
  offset: string;
  attempt: number;
}

export type EventHandler = (event: EventEnvelope, context: EventHandlerContext) => Promise<void>;

export interface IdempotentConsumerOptions {
  kafka: Kafka;
  groupId: string;
  topics: readonly string[];
  catalog: AnyEventCatalog;
  store: ProcessedEventRepository;
  /** Producer used to park failed or invalid messages on `<topic>.dlq`. */
  deadLetterProducer: Producer;
  handler: EventHandler;
  logger: Logger;
  maxAttempts?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  partitionsConsumedConcurrently?: number;
  fromBeginning?: boolean;
  /**
   * Observer called once an event's effect and its processed marker are written, before its
   * offset is committed (metrics; tests use it to crash at exactly that point).
   */
  onProcessed?: (event: EventEnvelope, outcome: ProcessedOutcome) => void | Promise<void>;
}

/** Offsets are committed after at most this many messages, and at the end of every batch. */
const COMMIT_EVERY = 100;

class StoppingError extends Error {}

/**
 * At-least-once delivery made effectively-once: each event id is handled once per consumer group
 * (checked before, recorded after the handler), failures are retried with exponential backoff and
 * then parked on the dead-letter topic so the partition moves on. A crash between the handler and
 * the marker replays the event: handlers keep their own writes idempotent (see applyOnce).
 */
export class IdempotentConsumer {
  private consumer: Consumer | undefined;
  private running = false;
  private readonly log: Logger;

  constructor(private readonly options: IdempotentConsumerOptions) {
    this.log = options.logger.child({ component: 'consumer', group: options.groupId });
  }

  async start(): Promise<void> {
    const { kafka, groupId, topics, fromBeginning = true, partitionsConsumedConcurrently = 1 } = this.options;
    const consumer = kafka.consumer({
      groupId,
      allowAutoTopicCreation: false,
      sessionTimeout: 30_000,
      heartbeatInterval: 3_000,
    });
    this.consumer = consumer;
    this.running = true;
    await consumer.connect();
    await consumer.subscribe({ topics: [...topics], fromBeginning });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently,
      eachBatch: (payload) => this.handleBatch(payload),
    });
    this.log.info({ topics }, 'consumer started');
  }

  /** Finishes the batch in hand, commits its offsets and leaves the group. */
  async stop(): Promise<void> {
    this.running = false;
    await this.consumer?.disconnect();
    this.consumer = undefined;
  }

  private async handleBatch(payload: EachBatchPayload): Promise<void> {
    const { batch } = payload;
    let pending: string | undefined;
    let sinceCommit = 0;
    try {
      for (const message of batch.messages) {
        if (!payload.isRunning() || payload.isStale()) break;
        await this.process(batch.topic, batch.partition, message);
        payload.resolveOffset(message.offset);
        pending = message.offset;
        if (++sinceCommit >= COMMIT_EVERY) {
          await this.commit(batch.topic, batch.partition, pending);
          sinceCommit = 0;
          pending = undefined;
        }
        await payload.heartbeat();
      }
    } catch (err) {
      if (!(err instanceof StoppingError)) throw err;
    } finally {
      if (pending !== undefined) await this.commit(batch.topic, batch.partition, pending);
    }
  }

  private async commit(topic: string, partition: number, offset: string): Promise<void> {
    await this.consumer?.commitOffsets([{ topic, partition, offset: (BigInt(offset) + 1n).toString() }]);
  }

  private async process(topic: string, partition: number, message: KafkaMessage): Promise<void> {
    const { catalog, store, groupId, handler, maxAttempts = 5 } = this.options;
    const decoded = decodeEvent(catalog, topic, message.value);
    if (!decoded.ok) {
      this.log.warn(
        { topic, partition, offset: message.offset, reason: decoded.reason },
        'invalid event parked',
      );
      await this.deadLetter(topic, partition, message, 'invalid', decoded.reason);
      return;
    }
    const event = decoded.envelope;
    if (await store.has(groupId, event.id)) {
      this.log.debug({ eventId: event.id, topic }, 'duplicate event skipped');
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await handler(event, { topic, partition, offset: message.offset, attempt });
        await this.finish(event, topic, 'handled');
        return;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        if (attempt >= maxAttempts) {
          this.log.error(
            { eventId: event.id, topic, attempt, err },
            'event failed, parked on dead-letter topic',
          );
          await this.deadLetter(topic, partition, message, 'failed', reason);
          await this.finish(event, topic, 'dead-lettered');
          return;
        }
        this.log.warn({ eventId: event.id, topic, attempt, reason }, 'event handler failed, retrying');
        await this.backoff(attempt);
      }
    }
  }

  private async finish(event: EventEnvelope, topic: string, outcome: ProcessedOutcome): Promise<void> {
    await this.options.store.mark(this.options.groupId, event.id, topic, outcome);
    await this.options.onProcessed?.(event, outcome);
  }

  private async backoff(attempt: number): Promise<void> {
    const { backoffMs = 100, maxBackoffMs = 5_000 } = this.options;
    const delay = Math.min(maxBackoffMs, backoffMs * 2 ** (attempt - 1));
    await new Promise((resolve) => setTimeout(resolve, delay));
    // Leave the event unacknowledged when stopping mid-retry: the next owner replays it.
    if (!this.running) throw new StoppingError('consumer stopping');
  }

  private async deadLetter(
    topic: string,
    partition: number,
    message: KafkaMessage,
    kind: 'invalid' | 'failed',
    reason: string,
  ): Promise<void> {
    const headers: IHeaders = {
      ...message.headers,
      'x-dlq-kind': kind,
      'x-dlq-error': reason.slice(0, 2000),
      'x-original-topic': topic,
      'x-original-partition': String(partition),
      'x-original-offset': message.offset,
      'x-consumer-group': this.options.groupId,
      'x-failed-at': new Date().toISOString(),
    };
    await this.options.deadLetterProducer.send({
      topic: deadLetterTopic(topic),
      acks: -1,
      messages: [{ key: message.key, value: message.value, headers }],
    });
  }
}
