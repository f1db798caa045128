/**
 * Test support for the artifacts service (excluded from the build): boots the real AppModule
 * in-process on a free port against the real local infrastructure, with its own database and
 * consumer group, and mints access tokens with the development keys.
 */
import { type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { Client } from '@opensearch-project/opensearch';
import { Kafka, type Consumer, logLevel } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import { type Artifact, type Collection, type EventEnvelope, type Topic } from '@core-vault/contracts';
import { ErrorFilter, loadConfig, ensureTopics, startEventServer } from '@core-vault/platform';
import {
  type OwnGroup,
  devTokenFor,
  freePort,
  serviceGroups,
  startGroupsAtEnd,
  testInfra,
  testLogger,
  uniqueSuffix,
} from '@core-vault/platform/testing';
import { AppModule } from '../app.module';
import { type ArtifactsConfig, artifactsConfigSchema } from '../config';

export interface TestApp {
  app: INestApplication;
  url: string;
  config: ArtifactsConfig;
  close(): Promise<void>;
}

export async function startArtifactsApp(env: Record<string, string> = {}): Promise<TestApp> {
  const suffix = uniqueSuffix();
  const port = await freePort();
  const infra = testInfra();
  // Consumer groups of this app's own (platform's testing/service-groups.ts); `env` may name
  // others (a restart of the same app keeps its groups).
  const groups = serviceGroups(`test-${suffix}`, 'artifacts');
  const config = loadConfig('artifacts', artifactsConfigSchema, {
    NODE_ENV: 'test',
    PORT: String(port),
    MONGO_URL: infra.mongoUrl,
    REDIS_URL: infra.redisUrl,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    MONGO_DB: `cv_test_artifacts_${suffix}`,
    ...Object.fromEntries(groups.map((g) => [g.key, g.groupId])),
    // Each test app its own search index (deleted on close).
    SEARCH_INDEX: `test-${suffix}-artifacts`,
    // Its own purge queue: another test app's worker would sweep its own database, not this one's.
    TRASH_QUEUE: `test-${suffix}-trash`,
    WEB_ORIGIN: 'https://vault.test',
    RENDERER_ORIGIN: 'https://render.vault-usercontent.test',
    ...env,
  });
  // A fresh test group starts at the end of the shared topic: reading every earlier run's events
  // first (thousands, one database write each) would outlast a test's wait.
  await startGroupsAtTheEnd(groups.filter((g) => !env[g.key]));
  const logger = testLogger();
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, logger), {
    logger: false,
    bodyParser: false,
  });
  app.useBodyParser('json', { limit: '2.5mb' });
  app.useGlobalFilters(new ErrorFilter(logger));
  await startEventServer(app);
  await app.listen(port, '127.0.0.1');
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    config,
    close: async () => {
      const { getConnectionToken } = await import('@nestjs/mongoose');
      const connection = app.get<{ dropDatabase(): Promise<unknown> }>(getConnectionToken());
      await connection.dropDatabase();
      await app.close();
      await dropSearchIndexes(config);
      await dropTrashQueue(config);
    },
  };
}

/** A test app's search alias and every concrete index behind it (never the shared default). */
export async function dropSearchIndexes(config: ArtifactsConfig): Promise<void> {
  if (!config.SEARCH_INDEX.startsWith('test-')) return;
  const client = new Client({ node: config.OPENSEARCH_URL, requestTimeout: 5_000 });
  try {
    await client.indices.delete({ index: `${config.SEARCH_INDEX}-*`, ignore_unavailable: true });
  } catch {
    // OpenSearch away (the 503 tests point at a closed port): nothing was created.
  } finally {
    await client.close();
  }
}

/** A test app's purge queue and its scheduler (a repeating job would stay in Redis otherwise). */
async function dropTrashQueue(config: ArtifactsConfig): Promise<void> {
  if (!config.TRASH_QUEUE.startsWith('test-')) return;
  const { Queue } = await import('bullmq');
  for (const name of [config.TRASH_QUEUE, `${config.TRASH_QUEUE}-dead`]) {
    const queue = new Queue(name, { connection: { url: config.REDIS_URL } });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
}

/** Puts fresh groups at the end of their topics (created first, so the end exists). */
async function startGroupsAtTheEnd(groups: readonly OwnGroup[]): Promise<void> {
  if (groups.length === 0) return;
  const kafka = new Kafka({
    clientId: 'artifacts-test-admin',
    brokers: testInfra().kafkaBrokers,
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    await ensureTopics(admin, [...new Set(groups.flatMap((g) => g.topics))], 3);
    await startGroupsAtEnd(admin, Object.fromEntries(groups.map((g) => [g.groupId, g.topics])));
  } finally {
    await admin.disconnect();
  }
}

/** An access token as identity would issue it; a Pro trial user unless told otherwise. */
export const tokenFor = devTokenFor;

/**
 * Response bodies as the tests read them: every field some call answers with, typed loosely
 * (present or not, the assertions say which).
 */
export interface TestBody {
  message: string;
  code: string;
  ok: boolean;
  artifact: Artifact;
  artifacts: (Artifact & { score: number })[];
  page: number;
  limit: number;
  total: number;
  hasMore: boolean;
  versions: { version: number; title: string; type: string; size: number; current: boolean }[];
  version: {
    version: number;
    title: string;
    content: string;
    rendered: string | null;
    size: number;
    current: boolean;
  };
  collection: Collection;
  collections: Collection[];
  artifactId: string;
  channel: string;
  shareCount: number;
  url: string;
  embedUrl: string;
  embedCode: string;
}

export interface ApiResponse<T = TestBody> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** A small fetch wrapper: JSON in, JSON (or text) out. */
export function client(baseUrl: string) {
  return async function api<T = TestBody>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  };
}

/** Test data: a valid create body. */
export function artifactInput(over: Record<string, unknown> = {}): Record<string, unknown> {
  return { title: 'Test artifact', type: 'HTML', content: '<p>Hello</p>', ...over };
}

/**
 * Records every event published on these topics from now on, so tests can read them back. The
 * tap's group starts at the topics' end: read from the beginning, a shared local broker's history
 * (a benchmark leaves hundreds of thousands of events) outlasted a test's wait.
 */
export async function kafkaTap(topics: string[]): Promise<{
  events: () => { topic: Topic; envelope: EventEnvelope }[];
  stop: () => Promise<void>;
}> {
  const kafka = new Kafka({
    clientId: 'artifacts-test-tap',
    brokers: testInfra().kafkaBrokers,
    logLevel: logLevel.NOTHING,
  });
  const groupId = `artifacts-test-tap-${uniqueSuffix()}`;
  const consumer: Consumer = kafka.consumer({ groupId });
  const seen: { topic: Topic; envelope: EventEnvelope }[] = [];
  // On a fresh broker the topics may not exist until a service boots; subscribing would fail.
  const admin = kafka.admin();
  await admin.connect();
  try {
    await ensureTopics(admin, topics, 3);
    await startGroupsAtEnd(admin, { [groupId]: topics });
  } finally {
    await admin.disconnect();
  }
  await consumer.connect();
  await consumer.subscribe({ topics, fromBeginning: true });
  await consumer.run({
    eachMessage: ({ topic, message }) => {
      seen.push({ topic: topic as Topic, envelope: JSON.parse(String(message.value)) as EventEnvelope });
      return Promise.resolve();
    },
  });
  return { events: () => seen, stop: () => consumer.disconnect() };
}

/** A raw producer, standing in for analytics. */
export async function kafkaProducer() {
  const kafka = new Kafka({
    clientId: 'artifacts-test-producer',
    brokers: testInfra().kafkaBrokers,
    logLevel: logLevel.NOTHING,
  });
  const producer = kafka.producer();
  await producer.connect();
  return producer;
}

/**
 * One app for a spec file, with its API client and a direct connection to its database (for
 * what the API does not show): started in beforeAll, closed (database dropped) in afterAll.
 */
/**
 * An artifact as stored, without the outbox fields: the relay updates those on its own time
 * (lease, delivered events), so a "nothing changed" comparison must leave them out.
 */
export function storedArtifact(db: Connection, id: string) {
  return db
    .collection('artifacts')
    .findOne({ _id: id as never }, { projection: { _outbox: 0, _outboxPending: 0, _outboxLease: 0 } });
}

export function useArtifactsApp(env: Record<string, string> = {}) {
  const ctx = {} as { t: TestApp; api: ReturnType<typeof client>; db: Connection };
  beforeAll(async () => {
    ctx.t = await startArtifactsApp(env);
    ctx.api = client(ctx.t.url);
    ctx.db = await mongoose
      .createConnection(ctx.t.config.MONGO_URL, { dbName: ctx.t.config.MONGO_DB })
      .asPromise();
  });
  afterAll(async () => {
    await ctx.db?.close();
    await ctx.t?.close();
  });
  return ctx;
}
export { type EngineProxy, engineProxy } from './engine-proxy';
