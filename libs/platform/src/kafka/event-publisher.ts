import { type Message, type Producer, type TopicMessages } from 'kafkajs';
import { type EventEnvelope } from '@core-vault/contracts';
import { type OutboxEntry } from '../events/event-factory';

/** The headers every event carries (docs/reference/asyncapi.yaml): consumers route and trace without the body. */
export function eventHeaders(id: string, eventType: string, traceparent?: string): Record<string, string> {
  return {
    'event-id': id,
    'event-type': eventType,
    ...(traceparent ? { traceparent } : {}),
  };
}

/** Messages grouped by their topic, in first-seen order: one sendBatch's topicMessages. */
export function topicMessages(records: Iterable<{ topic: string; message: Message }>): TopicMessages[] {
  const byTopic = new Map<string, Message[]>();
  for (const { topic, message } of records) {
    const list = byTopic.get(topic);
    if (list) list.push(message);
    else byTopic.set(topic, [message]);
  }
  return [...byTopic].map(([topic, messages]) => ({ topic, messages }));
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
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: topicMessages(
        entries.map(({ topic, envelope }) => ({ topic, message: toKafkaMessage(envelope) })),
      ),
    });
  }
}
