import { randomBytes } from 'node:crypto';
import { type Kafka, type KafkaMessage } from 'kafkajs';
import pino, { type Logger } from 'pino';
import { localDefaults } from '../config/local-config';

export * from './auth-user';
export * from './consumer-groups';
export * from './error-code';
export * from './fake-model-server';
export * from './process';
export * from './teardown';
export * from './tokens';
export * from './route-agreement';
export * from './search-indexes';
export * from './service-groups';
export * from './settle';

/** Where the real local infrastructure answers (config/local.json, overridable by env). */
export function testInfra(): {
  mongoUrl: string;
  kafkaBrokers: string[];
  redisUrl: string;
  smtpUrl: string;
  mailApiUrl: string;
  opensearchUrl: string;
} {
  const d = localDefaults('test');
  const pick = (key: string) => process.env[key] ?? d[key] ?? '';
  return {
    mongoUrl: pick('MONGO_URL'),
    kafkaBrokers: pick('KAFKA_BROKERS').split(','),
    redisUrl: pick('REDIS_URL'),
    smtpUrl: pick('SMTP_URL'),
    mailApiUrl: pick('MAIL_API_URL'),
    opensearchUrl: pick('OPENSEARCH_URL'),
  };
}

/** Lower-case alphanumeric, fit for topic and database names. */
export function uniqueSuffix(bytes = 5): string {
  return randomBytes(bytes).toString('hex');
}

export function testLogger(): Logger {
  return pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });
}

/**
 * Polls until the predicate holds. For effects that happen on another process or through the
 * broker, where there is nothing to await; it fails with the last observed value. `what` may be
 * a function, read only when the wait fails (a child's stderr as it is then, not at the start).
 */
export async function waitFor<T>(
  probe: () => Promise<T> | T,
  accept: (value: T) => boolean,
  {
    timeoutMs = 20_000,
    intervalMs = 50,
    what = 'condition',
  }: { timeoutMs?: number; intervalMs?: number; what?: string | (() => string) } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await probe();
  while (!accept(last)) {
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${typeof what === 'function' ? what() : what}; last value: ${JSON.stringify(last)}`,
      );
    await new Promise((r) => setTimeout(r, intervalMs));
    last = await probe();
  }
  return last;
}

/**
 * Everything on `topic` from its start, read by a throwaway group until `expected` messages have
 * arrived (what a dead-letter or a producer wrote, as another service would see it).
 */
export async function readTopic(kafka: Kafka, topic: string, expected: number): Promise<KafkaMessage[]> {
  const got: KafkaMessage[] = [];
  const reader = kafka.consumer({ groupId: `reader-${uniqueSuffix()}` });
  await reader.connect();
  try {
    await reader.subscribe({ topics: [topic], fromBeginning: true });
    await reader.run({ eachMessage: ({ message }) => Promise.resolve(void got.push(message)) });
    await waitFor(
      () => got.length,
      (n) => n >= expected,
      { what: `${expected} messages on ${topic}` },
    );
  } finally {
    await reader.disconnect();
  }
  return got;
}
