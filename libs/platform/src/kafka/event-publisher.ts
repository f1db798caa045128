import { type Message, type Producer } from 'kafkajs';
import { type EventEnvelope } from '@core-vault/contracts';
import { type OutboxEntry } from '../events/event-factory';

export function toKafkaMessage(envelope: EventEnvelope): Message {
  return {
    key: envelope.key,
    value: JSON.stringify(envelope),
    headers: {
      'event-id': envelope.id,
      'event-type': `${envelope.type}.v${envelope.version}`,
      ...(envelope.traceparent ? { traceparent: envelope.traceparent } : {}),
    },
  };
}

/**
 * Sends validated envelopes. The producer is idempotent with one request in flight, so events
 * for one key keep their order even when the broker asks for a retry.
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
