import { type Message, type Producer } from 'kafkajs';
import { type EventEnvelope } from '@core-vault/contracts';
import { type OutboxEntry } from '../events/event-factory';

/** The headers every event carries (docs/asyncapi.yaml): consumers route and trace without the body. */
export function eventHeaders(id: string, eventType: string, traceparent?: string): Record<string, string> {
  return {
    'event-id': id,
    'event-type': eventType,
    ...(traceparent ? { traceparent } : {}),
  };
}

export function toKafkaMessage(envelope: EventEnvelope): Message {
  return {
    key: envelope.key,
    value: JSON.stringify(envelope),
    headers: eventHeaders(envelope.id, `${envelope.type}.v${envelope.version}`, envelope.traceparent),
  };
}

/**
 * Sends validated envelopes, keyed so that one aggregate's events land on one partition in order
 * (the producer keeps a single request in flight).
 */
export class EventPublisher {
  constructor(private readonly producer: Producer) {}

  async publish(entries: readonly OutboxEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const byTopic = new Map<string, Message[]>();
    for (const { topic, envelope } of entries) {
      const list = byTopic.get(topic) ?? [];
      list.push(toKafkaMessage(envelope));
      byTopic.set(topic, list);
    }
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
  }
}
