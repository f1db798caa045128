import { type Consumer } from 'kafkajs';
import { createKafka, ensureTopics } from '@core-vault/platform';
import { testInfra, testLogger, uniqueSuffix, waitFor } from '@core-vault/platform/testing';

export interface TappedEvent {
  topic: string;
  key: string;
  id: string;
  data: Record<string, unknown>;
}

/** Records every event on some topics (own consumer group, from the beginning) for assertions. */
export async function tapEvents(topics: string[]) {
  const kafka = createKafka({
    clientId: 'identity-tap',
    brokers: testInfra().kafkaBrokers,
    logger: testLogger(),
  });
  const consumer: Consumer = kafka.consumer({ groupId: `identity-tap-${uniqueSuffix()}` });
  const seen: TappedEvent[] = [];
  // On a fresh broker the topics may not exist until a service boots; subscribing would fail.
  const admin = kafka.admin();
  await admin.connect();
  await ensureTopics(admin, topics, 3);
  await admin.disconnect();
  await consumer.connect();
  await consumer.subscribe({ topics, fromBeginning: true });
  await consumer.run({
    eachMessage: ({ topic, message }) => {
      const env = JSON.parse(String(message.value)) as { id: string; data: Record<string, unknown> };
      seen.push({ topic, key: String(message.key), id: env.id, data: env.data });
      return Promise.resolve();
    },
  });
  return {
    seen,
    /** The first event on `topic` with this key, once it has arrived. */
    next: (topic: string, key: string) =>
      waitFor(() => seen.find((e) => e.topic === topic && e.key === key), Boolean, {
        what: `${topic} for ${key}`,
        timeoutMs: 30_000,
      }) as Promise<TappedEvent>,
    stop: () => consumer.disconnect(),
  };
}
