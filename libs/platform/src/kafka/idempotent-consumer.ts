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
import { isDatabaseUnavailable } from '../mongo/database-unavailable';
import { decodeEvent } from '../events/event-factory';
import { requestContext } from '../logging/request-context';
import { type ServiceMetrics } from '../metrics/service-metrics';
import { SpanKind, SpanStatusCode, startSpan } from '../tracing/tracing';
import { type ProcessedEventStore, type ProcessedOutcome } from './processed-event.repository';

export interface EventHandlerContext {
  topic: string;
  partition: number;
  offset: string;
  attempt: number;
}

export type EventHandler = (event: EventEnvelope, context: EventHandlerContext) => Promise<void>;

/** One event of a batch, with the offset it was read at (for offset watermarks). */
export interface BatchEvent<T = unknown> {
  event: EventEnvelope<T>;
  offset: string;
}
export interface BatchHandlerContext {
  topic: string;
  partition: number;
  attempt: number;
}
/**
 * Batch mode: called once per chunk of a Kafka batch (one topic-partition, in offset order) with
 * the events not processed before. It must apply all of them or throw; a chunk that keeps failing
 * is split and each event retried alone, so only the poison ones reach the dead-letter topic.
 */
export type BatchEventHandler = (
  events: readonly BatchEvent[],
  context: BatchHandlerContext,
) => Promise<void>;

export interface IdempotentConsumerOptions {
  kafka: Kafka;
  groupId: string;
  topics: readonly string[];
  catalog: AnyEventCatalog;
  store: ProcessedEventStore;
  /** Producer used to park failed or invalid messages on `<topic>.dlq`. */
  deadLetterProducer: Producer;
  /** One event at a time (exactly one of handler / handleBatch). */
  handler?: EventHandler;
  /** Opt-in batch mode: one dedupe query, one handler call and one marker write per chunk. */
  handleBatch?: BatchEventHandler;
  /** Batch mode: most messages handed to handleBatch at once (default 2000). */
  maxBatchSize?: number;
  /** Largest fetch per partition (kafkajs default 1 MB); bigger fetches make bigger batches. */
  maxBytesPerPartition?: number;
  logger: Logger;
  /**
   * Attempts before an event is parked on the dead-letter topic (default 5). A database that is
   * away does not use them up: the event waits, with backoff, until it is back — parking (and
   * marking handled) an event only because of an outage would lose it.
   */
  maxAttempts?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  /** First wait before a consumer that crashed for good is replaced (doubles per failed try). */
  restartBackoffMs?: number;
  /** Silence after which the group hands this consumer's partitions to others (default 30 s). */
  sessionTimeoutMs?: number;
  /** A fetch's longest wait on an idle broker; also how long stopping can take (kafkajs: 5 s). */
  maxWaitMs?: number;
  partitionsConsumedConcurrently?: number;
  fromBeginning?: boolean;
  /**
   * Observer called once an event's effect and its processed marker are written, before its
   * offset is committed (metrics; tests use it to crash at exactly that point).
   */
  onProcessed?: (event: EventEnvelope, outcome: ProcessedOutcome) => void | Promise<void>;
  /** Counts outcomes and handler errors (kafka_consumer_events_total, ..._handler_errors_total). */
  metrics?: ServiceMetrics;
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
  private restartTimer: NodeJS.Timeout | undefined;
  private restartCount = 0;
  private readonly log: Logger;

  constructor(private readonly options: IdempotentConsumerOptions) {
    this.log = options.logger.child({ component: 'consumer', group: options.groupId });
    if (Boolean(options.handler) === Boolean(options.handleBatch))
      throw new Error('IdempotentConsumer needs exactly one of handler and handleBatch');
  }

  async start(): Promise<void> {
    this.running = true;
    await this.connectAndRun();
    this.log.info({ topics: this.options.topics }, 'consumer started');
  }

  /** Finishes the batch in hand, commits its offsets and leaves the group. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    await this.consumer?.disconnect();
    this.consumer = undefined;
  }

  /** How often this consumer was rebuilt after kafkajs gave up on it (health details, tests). */
  get restarts(): number {
    return this.restartCount;
  }

  private async connectAndRun(): Promise<void> {
    const { kafka, groupId, topics, fromBeginning = true, partitionsConsumedConcurrently = 1 } = this.options;
    const consumer = kafka.consumer({
      groupId,
      allowAutoTopicCreation: false,
      sessionTimeout: this.options.sessionTimeoutMs ?? 30_000,
      // A tenth of the session: several missed heartbeats before the group gives up on us.
      heartbeatInterval: Math.round((this.options.sessionTimeoutMs ?? 30_000) / 10),
      ...(this.options.maxWaitMs === undefined ? {} : { maxWaitTimeInMs: this.options.maxWaitMs }),
      ...(this.options.maxBytesPerPartition
        ? {
            maxBytesPerPartition: this.options.maxBytesPerPartition,
            maxBytes: Math.max(10 * 1024 * 1024, this.options.maxBytesPerPartition * topics.length * 3),
          }
        : {}),
    });
    this.consumer = consumer;
    // kafkajs restarts itself only after a retriable error. Around a broker restart it can also
    // crash with a non-retriable one (KafkaJSGroupCoordinatorNotFound while the offsets topic is
    // loading, a protocol error from a commit) and then stays stopped for good: the partitions
    // would never be read again. A crash it will not recover from is ours to recover from.
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart || !this.running || this.consumer !== consumer) return;
      this.log.error(
        { err: payload.error },
        'consumer crashed and kafkajs will not restart it; starting a new one',
      );
      this.scheduleRestart(consumer, 1);
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [...topics], fromBeginning });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently,
      eachBatch: (payload) =>
        this.options.handleBatch ? this.consumeInChunks(payload) : this.consumeOneByOne(payload),
    });
  }

  /** Replaces a dead consumer by a new one, retrying with backoff while the broker is away. */
  private scheduleRestart(dead: Consumer, attempt: number): void {
    const { restartBackoffMs = 500, maxBackoffMs = 5_000 } = this.options;
    const delay = Math.min(maxBackoffMs * 2, restartBackoffMs * 2 ** (attempt - 1));
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (!this.running || this.consumer !== dead) return;
      void (async () => {
        await dead.disconnect().catch(() => undefined);
        try {
          await this.connectAndRun();
          this.restartCount++;
          this.log.warn({ attempt }, 'consumer restarted after a crash');
        } catch (err) {
          this.log.error({ err, attempt }, 'consumer restart failed; trying again');
          if (this.running && this.consumer) this.scheduleRestart(this.consumer, attempt + 1);
        }
      })();
    }, delay);
  }

  private async consumeOneByOne(payload: EachBatchPayload): Promise<void> {
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

  /** Batch mode: each chunk is deduped, handled, marked and committed as one unit. */
  private async consumeInChunks(payload: EachBatchPayload): Promise<void> {
    const { batch } = payload;
    const size = this.options.maxBatchSize ?? 2000;
    try {
      for (let i = 0; i < batch.messages.length; i += size) {
        if (!payload.isRunning() || payload.isStale()) break;
        const chunk = batch.messages.slice(i, i + size);
        await this.processChunk(batch.topic, batch.partition, chunk);
        const last = chunk[chunk.length - 1]!.offset;
        payload.resolveOffset(last);
        await this.commit(batch.topic, batch.partition, last);
        await payload.heartbeat();
      }
    } catch (err) {
      if (!(err instanceof StoppingError)) throw err;
    }
  }

  private async processChunk(topic: string, partition: number, messages: KafkaMessage[]): Promise<void> {
    const { catalog, store, groupId } = this.options;
    const items: (BatchEvent & { message: KafkaMessage })[] = [];
    const inChunk = new Set<string>();
    const invalid: { message: KafkaMessage; reason: string }[] = [];
    for (const message of messages) {
      const decoded = decodeEvent(catalog, topic, message.value);
      if (!decoded.ok) invalid.push({ message, reason: decoded.reason });
      else if (!inChunk.has(decoded.envelope.id)) {
        inChunk.add(decoded.envelope.id);
        items.push({ event: decoded.envelope, offset: message.offset, message });
      }
    }
    for (const { message, reason } of invalid) {
      this.log.warn({ topic, partition, offset: message.offset, reason }, 'invalid event parked');
      await this.deadLetter(topic, partition, message, 'invalid', reason);
    }
    const done = await store.seen(
      groupId,
      items.map((i) => i.event.id),
    );
    const fresh = items.filter((i) => !done.has(i.event.id));
    if (fresh.length < items.length)
      this.log.debug({ topic, skipped: items.length - fresh.length }, 'duplicate events skipped');
    if (fresh.length === 0) return;
    if ((await this.tryBatch(topic, partition, fresh)) === null) {
      await this.finishMany(fresh, topic, 'handled');
      return;
    }
    // The chunk keeps failing: find the poison events by handling each one alone.
    for (const item of fresh) {
      const failure = await this.tryBatch(topic, partition, [item]);
      if (failure === null) await this.finishMany([item], topic, 'handled');
      else {
        this.log.error({ eventId: item.event.id, topic }, 'event failed, parked on dead-letter topic');
        await this.deadLetter(topic, partition, item.message, 'failed', failure);
        await this.finishMany([item], topic, 'dead-lettered');
      }
    }
  }

  /** Runs handleBatch with retries and backoff; null on success, else the last error. */
  private async tryBatch(topic: string, partition: number, events: BatchEvent[]): Promise<string | null> {
    const { handleBatch, maxAttempts = 5 } = this.options;
    for (let attempt = 1; ; attempt++) {
      try {
        await handleBatch!(events, { topic, partition, attempt });
        return null;
      } catch (err) {
        this.options.metrics?.consumerHandlerErrors.inc({
          group: this.options.groupId,
          topic,
          kind: 'failed',
        });
        const reason = err instanceof Error ? err.message : String(err);
        if (attempt >= maxAttempts && !isDatabaseUnavailable(err)) return reason;
        this.log.warn(
          { topic, partition, size: events.length, attempt, reason },
          'batch handler failed, retrying',
        );
        await this.backoff(attempt);
      }
    }
  }

  private async finishMany(events: BatchEvent[], topic: string, outcome: ProcessedOutcome): Promise<void> {
    await this.options.store.markMany(
      this.options.groupId,
      events.map(({ event }) => ({ eventId: event.id, topic, outcome })),
    );
    this.options.metrics?.consumerEvents.inc({ group: this.options.groupId, topic, outcome }, events.length);
    // Not `await onProcessed?.()` per event: without an observer that was a promise (and its async
    // hooks) per view for nothing, 1.3 % of a catch-up's time in the analytics benchmark.
    const observe = this.options.onProcessed;
    if (observe) for (const { event } of events) await observe(event, outcome);
  }

  private async process(topic: string, partition: number, message: KafkaMessage): Promise<void> {
    const { catalog, store, groupId, maxAttempts = 5 } = this.options;
    const handler = this.options.handler!;
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
      this.options.metrics?.consumerEvents.inc({ group: groupId, topic, outcome: 'duplicate' });
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await this.traced(topic, event, () =>
          handler(event, { topic, partition, offset: message.offset, attempt }),
        );
        await this.finish(event, topic, 'handled');
        return;
      } catch (err) {
        this.options.metrics?.consumerHandlerErrors.inc({ group: groupId, topic, kind: 'failed' });
        const reason = err instanceof Error ? err.message : String(err);
        if (attempt >= maxAttempts && !isDatabaseUnavailable(err)) {
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
    this.options.metrics?.consumerEvents.inc({ group: this.options.groupId, topic, outcome });
    await this.options.onProcessed?.(event, outcome);
  }

  /**
   * Runs a handler inside a consumer span that continues the event's trace; whatever the
   * handler logs or produces (events through EventFactory) stays on the same trace.
   */
  private async traced(topic: string, event: EventEnvelope, run: () => Promise<void>): Promise<void> {
    const { span, traceparent } = startSpan(`consume ${topic}`, SpanKind.CONSUMER, event.traceparent);
    span.setAttribute('messaging.consumer.group.name', this.options.groupId);
    try {
      await requestContext.run({ requestId: event.id, traceparent }, run);
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
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
    if (kind === 'invalid') {
      this.options.metrics?.consumerHandlerErrors.inc({ group: this.options.groupId, topic, kind });
    }
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
