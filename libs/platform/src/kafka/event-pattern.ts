import { UseFilters } from '@nestjs/common';
import { Ctx, EventPattern as NestEventPattern, Payload } from '@nestjs/microservices';
import { type EventEnvelope, type EventPayloads } from '@core-vault/contracts';
import { type BatchHandlerContext, type EventHandlerContext, type BatchEvent } from './idempotent-consumer';
import { EventErrorPassthrough } from './event-error.filter';
import { type ProcessedEventStore } from './processed-event.repository';

/** One consumer class is one Kafka consumer group; these are its settings, read once at start. */
export interface ConsumerGroupSettings {
  groupId: string;
  /** Batch handlers: most messages handed over at once (default 2000). */
  maxBatchSize?: number;
  /** Largest fetch per partition (kafkajs default 1 MB); bigger fetches make bigger batches. */
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

/**
 * What the event server asks of a class with event handlers: its consumer group. Settings come
 * from the instance (its injected config), which a decorator alone cannot reach.
 */
export interface EventConsumer {
  consumerGroup(): ConsumerGroupSettings;
}

/** The extras every platform event handler carries to the server (see event-dispatch.ts). */
export interface EventHandlerExtras {
  /** The class declaring the handler: the server asks its instance for the consumer group. */
  consumer: EventConsumer['constructor'];
  batch: boolean;
}

export type EventMethod<T> = (event: EventEnvelope<T>, context: EventHandlerContext) => Promise<void>;
export type BatchMethod<T> = (
  events: readonly BatchEvent<T>[],
  context: BatchHandlerContext,
) => Promise<void>;

/**
 * Generic over the method's own type (a descriptor's `set` makes it invariant), constrained to
 * the handler shape: a method whose parameter is another topic's event does not compile.
 */
type Decorator<F> = <G extends F>(
  target: EventConsumer,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<G>,
) => void;

function decorate<F>(topic: string, batch: boolean): Decorator<F> {
  return (target, key, descriptor) => {
    const extras: EventHandlerExtras = { consumer: target.constructor, batch };
    NestEventPattern(topic, extras)(target, key, descriptor);
    UseFilters(new EventErrorPassthrough())(target, key, descriptor);
    // Nest hands a method only the payload unless told where the context goes.
    Payload()(target, key, 0);
    Ctx()(target, key, 1);
  };
}

/**
 * Nest's `@EventPattern`, typed by a topic → payload map: the decorated method must take the
 * topic's envelope (single) or its events (batch), so handlers read `event.data` without casts.
 * The product's pair is `EventPattern` / `EventBatchPattern`; tests build theirs from a test map.
 */
export function eventPatterns<M extends Record<string, unknown>>() {
  return {
    /** One event at a time: retried with backoff, then parked on `<topic>.dlq`. */
    EventPattern: <T extends keyof M & string>(topic: T): Decorator<EventMethod<M[T]>> =>
      decorate<EventMethod<M[T]>>(topic, false),
    /**
     * Batches of one topic-partition in offset order (only events not processed before); the
     * method applies all of them or throws, and a chunk that keeps failing is split per event.
     */
    EventBatchPattern: <T extends keyof M & string>(topic: T): Decorator<BatchMethod<M[T]>> =>
      decorate<BatchMethod<M[T]>>(topic, true),
  };
}

export const { EventPattern, EventBatchPattern } = eventPatterns<EventPayloads>();
