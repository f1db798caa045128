/**
 * What the event loop and its producer thread say to each other. Events cross as parallel arrays
 * of strings, one set per topic: copying strings between threads is a memory copy, where an
 * array of message objects would be walked and rebuilt field by field.
 */

export interface ProducerThreadOptions {
  clientId: string;
  brokers: string[];
}

export interface TopicStrings {
  topic: string;
  keys: string[];
  /** Each event's envelope, serialised. */
  values: string[];
  ids: string[];
  /** `<type>.v<version>`, the event-type header. */
  eventTypes: string[];
  traceparents: (string | null)[];
}

export type ToProducerThread = { kind: 'send'; seq: number; topics: TopicStrings[] } | { kind: 'close' };

export type FromProducerThread =
  | { kind: 'sent'; seq: number }
  | { kind: 'failed'; seq: number; message: string }
  | { kind: 'connection'; connected: boolean }
  | { kind: 'log'; level: 'error' | 'warn'; message: string; details: Record<string, unknown> }
  | { kind: 'closed' };
