import {
  Kafka,
  type Admin,
  type KafkaConfig,
  logLevel,
  type LogEntry,
  Partitioners,
  type ProducerConfig,
} from 'kafkajs';
import { type Logger } from 'pino';

export interface KafkaClientOptions {
  clientId: string;
  brokers: string[];
  logger: Logger;
}

/** How every client of the services retries a broker it cannot reach. */
const KAFKA_RETRY = { initialRetryTime: 200, retries: 8 };

/**
 * The event producer of every service. One request in flight keeps per-key order across retries;
 * a retry may duplicate a message, which consumers drop by event id (the outbox is at-least-once
 * by design anyway).
 */
export const EVENT_PRODUCER_CONFIG: ProducerConfig = {
  maxInFlightRequests: 1,
  allowAutoTopicCreation: false,
  createPartitioner: Partitioners.DefaultPartitioner,
};

/** Where a client's own warnings and errors go. */
export type KafkaLogSink = (
  level: 'error' | 'warn',
  message: string,
  details: Record<string, unknown>,
) => void;

/** Every client's settings: its brokers, retries, and its warnings and errors sent to `sink`. */
export function kafkaClientConfig(clientId: string, brokers: string[], sink: KafkaLogSink): KafkaConfig {
  return {
    clientId,
    brokers,
    logLevel: logLevel.WARN,
    retry: KAFKA_RETRY,
    logCreator:
      () =>
      ({ level, log: { message, ...details } }: LogEntry) =>
        sink(level <= logLevel.ERROR ? 'error' : 'warn', message, details),
  };
}

/** A kafkajs client whose own logs go through the service's structured logger. */
export function createKafka({ clientId, brokers, logger }: KafkaClientOptions): Kafka {
  const log = logger.child({ component: 'kafkajs' });
  return new Kafka(
    kafkaClientConfig(clientId, brokers, (level, message, details) => log[level](details, message)),
  );
}

export function parseBrokers(list: string): string[] {
  return list
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
}

/**
 * Creates missing topics (and leaves existing ones alone) so every service can boot in any order.
 * Several services may create the same topic at once: kafkajs answers `false` for one that
 * already exists, and a topic another instance has just created can take a moment to have a
 * leader, so the whole step retries until the broker serves metadata for every topic.
 * Returns the topics this call created.
 */
export async function ensureTopics(
  admin: Admin,
  topics: readonly string[],
  numPartitions: number,
  replicationFactor = 1,
  attempts = 8,
): Promise<string[]> {
  const wanted = [...new Set(topics)];
  const created: string[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      const existing = new Set(await admin.listTopics());
      const missing = wanted.filter((t) => !existing.has(t));
      if (missing.length > 0) {
        const fresh = await admin.createTopics({
          waitForLeaders: true,
          topics: missing.map((topic) => ({ topic, numPartitions, replicationFactor })),
        });
        if (fresh) created.push(...missing);
      }
      if (wanted.length > 0) await admin.fetchTopicMetadata({ topics: wanted });
      return created;
    } catch (err) {
      if (attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
    }
  }
}
