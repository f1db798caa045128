import { Kafka, type Admin, logLevel, type LogEntry } from 'kafkajs';
import { type Logger } from 'pino';

export interface KafkaClientOptions {
  clientId: string;
  brokers: string[];
  logger: Logger;
}

/** A kafkajs client whose own logs go through the service's structured logger. */
export function createKafka({ clientId, brokers, logger }: KafkaClientOptions): Kafka {
  const log = logger.child({ component: 'kafkajs' });
  return new Kafka({
    clientId,
    brokers,
    logLevel: logLevel.WARN,
    retry: { initialRetryTime: 200, retries: 8 },
    logCreator:
      () =>
      ({ level, log: entry }: LogEntry) => {
        const { message, ...rest } = entry;
        if (level <= logLevel.ERROR) log.error(rest, message);
        else log.warn(rest, message);
      },
  });
}

export function parseBrokers(list: string): string[] {
  return list.split(',').map((b) => b.trim()).filter(Boolean);
}

/** Creates missing topics (and leaves existing ones alone) so every service can boot in any order. */
export async function ensureTopics(
  admin: Admin,
  topics: readonly string[],
  numPartitions: number,
  replicationFactor = 1,
): Promise<string[]> {
  const existing = new Set(await admin.listTopics());
  const missing = [...new Set(topics)].filter((t) => !existing.has(t));
  if (missing.length === 0) return [];
  try {
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({ topic, numPartitions, replicationFactor })),
    });
  } catch (err) {
    // Another instance may have created them between the list and the create.
    const already = (err as { type?: string }).type === 'TOPIC_ALREADY_EXISTS';
    if (!already) throw err;
  }
  return missing;
}
