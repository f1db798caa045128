/**
 * Test support for the analytics service (excluded from the build): boots the real AppModule
 * in-process on a free port against the real local infrastructure, with its own database, Redis
 * prefix and consumer groups that start at the current end of the shared product topics.
 */
import { type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { type Admin, type Kafka, type KafkaMessage } from 'kafkajs';
import { type EventPayloads, Topic, productEventCatalog } from '@core-vault/contracts';
import {
  ErrorFilter,
  EventFactory,
  createKafka,
  ensureTopics,
  loadConfig,
  startEventServer,
} from '@core-vault/platform';
import {
  devTokenFor,
  freePort,
  serviceGroups,
  startGroupsAtEnd,
  testInfra,
  testLogger,
  uniqueSuffix,
  waitFor,
} from '@core-vault/platform/testing';
import { AppModule } from '../app.module';
import { type AnalyticsConfig, analyticsConfigSchema } from '../config';

export interface TestApp {
  app: INestApplication;
  url: string;
  config: AnalyticsConfig;
  /** Stops the app (consumers commit and leave) without touching its data. */
  stop(): Promise<void>;
}

/** Puts a consumer group at the end of topics, so a test group skips earlier runs' events. */
export async function startGroupAtEnd(
  admin: Admin,
  groupId: string,
  topics: readonly string[],
): Promise<void> {
  await startGroupsAtEnd(admin, { [groupId]: topics });
}

export const CONSUMED = [
  Topic.ArtifactViewed,
  Topic.ArtifactCreated,
  Topic.ArtifactVisibilityChanged,
  Topic.ArtifactShared,
  Topic.ArtifactDownloaded,
  Topic.ArtifactDeleted,
  Topic.ArtifactTrashChanged,
];

/** Environment of one test service instance; reuse it to restart "the same" service. */
export async function testEnv(admin: Admin): Promise<Record<string, string>> {
  const suffix = uniqueSuffix();
  // Consumer groups of this instance's own (platform's testing/service-groups.ts), at the end of
  // the shared topics so a test group skips earlier runs' events.
  const groups = serviceGroups(`test-${suffix}`, 'analytics');
  const env = {
    MONGO_DB: `cv_test_analytics_${suffix}`,
    ...Object.fromEntries(groups.map((g) => [g.key, g.groupId])),
    ANALYTICS_REDIS_PREFIX: `an-test-${suffix}`,
  };
  await ensureTopics(admin, [...CONSUMED, Topic.ViewCountChanged, Topic.UserDeleted], 3);
  await startGroupsAtEnd(admin, Object.fromEntries(groups.map((g) => [g.groupId, g.topics])));
  return env;
}

export async function startAnalyticsApp(env: Record<string, string>): Promise<TestApp> {
  const port = await freePort();
  const infra = testInfra();
  const config = loadConfig('analytics', analyticsConfigSchema, {
    NODE_ENV: 'test',
    PORT: String(port),
    MONGO_URL: infra.mongoUrl,
    REDIS_URL: infra.redisUrl,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_CONSUMER_MAX_ATTEMPTS: '2',
    ...env,
  });
  const logger = testLogger();
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, logger), {
    logger: false,
  });
  app.useGlobalFilters(new ErrorFilter(logger));
  await startEventServer(app);
  await app.listen(port, '127.0.0.1');
  return { app, url: `http://127.0.0.1:${port}`, config, stop: () => app.close() };
}

export function testKafka(): Kafka {
  return createKafka({ clientId: 'analytics-test', brokers: testInfra().kafkaBrokers, logger: testLogger() });
}

/** An access token as identity would issue it; a Pro trial user unless told otherwise. */
export const tokenFor = devTokenFor;

const factory = new EventFactory(productEventCatalog, 'test');

/** Events as the gateway and the artifacts service produce them. */
export const make = {
  view(data: Partial<EventPayloads[Topic.ArtifactViewed]> & { artifactId: string }, id?: string) {
    return factory.create(
      Topic.ArtifactViewed,
      { viewedAt: new Date().toISOString(), userAgent: 'jest', embed: false, ...data },
      { key: data.artifactId, ...(id ? { id } : {}) },
    );
  },
  created(artifactId: string, ownerId: string, isPublic = true, remixedFrom?: string) {
    return factory.create(
      Topic.ArtifactCreated,
      {
        artifactId,
        ownerId,
        title: 't',
        type: 'HTML',
        isPublic,
        size: 1,
        ...(remixedFrom ? { remixedFrom } : {}),
      },
      { key: artifactId },
    );
  },
  downloaded(artifactId: string, ownerId: string) {
    return factory.create(Topic.ArtifactDownloaded, { artifactId, ownerId }, { key: artifactId });
  },
  visibility(artifactId: string, ownerId: string, isPublic: boolean) {
    return factory.create(
      Topic.ArtifactVisibilityChanged,
      { artifactId, ownerId, isPublic },
      { key: artifactId },
    );
  },
  trashChanged(artifactId: string, ownerId: string, inTrash: boolean) {
    return factory.create(Topic.ArtifactTrashChanged, { artifactId, ownerId, inTrash }, { key: artifactId });
  },
  deleted(artifactId: string, ownerId: string) {
    return factory.create(Topic.ArtifactDeleted, { artifactId, ownerId }, { key: artifactId });
  },
  shared(artifactId: string, ownerId: string) {
    return factory.create(
      Topic.ArtifactShared,
      { artifactId, ownerId, channel: 'link' },
      { key: artifactId },
    );
  },
};

/** Reads a topic from its current end: what is produced after this call. */
export async function tailTopic(kafka: Kafka, topic: string) {
  const admin = kafka.admin();
  await admin.connect();
  const groupId = `tail-${uniqueSuffix()}`;
  await ensureTopics(admin, [topic], 3);
  await startGroupAtEnd(admin, groupId, [topic]);
  await admin.disconnect();
  const got: KafkaMessage[] = [];
  const consumer = kafka.consumer({ groupId });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: false });
  await consumer.run({ eachMessage: ({ message }) => Promise.resolve(void got.push(message)) });
  return {
    messages: got,
    async waitFor(accept: (m: KafkaMessage[]) => boolean, what: string) {
      return waitFor(() => got, accept, { what, timeoutMs: 30_000 });
    },
    stop: () => consumer.disconnect(),
  };
}

export async function getJson<T>(url: string, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as T };
}
