/**
 * The thumbnailer against the real broker, database, Redis (BullMQ), the real renderer and real
 * Chromium: created events become pictures of the artifacts, a network-off artifact's outside
 * image is never fetched (a network-on one's is: the check can fail), a render that fails
 * every attempt ends in the dead-letter queue with its version marked failed, and an artifact no
 * event asked a picture of gets one through the backfill.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { type Admin, type Producer } from 'kafkajs';
import mongoose from 'mongoose';
import { type Browser, chromium } from 'playwright-core';
import {
  ARTIFACT_COLLECTIONS,
  type ArtifactThumbnailDoc,
  artifactThumbnailId,
} from '@core-vault/artifact-store';
import { Topic, productEventCatalog } from '@core-vault/contracts';
import {
  ErrorFilter,
  EventFactory,
  createKafka,
  ensureTopics,
  loadConfig,
  startEventServer,
  toKafkaMessage,
} from '@core-vault/platform';
import {
  SERVICE_BOOT_TIMEOUT_MS,
  Teardown,
  answersOk,
  freePort,
  spawnTs,
  startGroupsAtEnd,
  stopProcesses,
  testInfra,
  testLogger,
  uniqueSuffix,
  waitFor,
  workspaceRoot,
} from '@core-vault/platform/testing';
import { run } from '../testing';
import { AppModule } from '../app.module';
import { thumbnailerConfigSchema } from '../config';
import { type DeadThumbnailJobData, type ThumbnailJobData, thumbnailJobId } from './thumbnail-jobs';

const s = uniqueSuffix();
const TOPICS = [Topic.ArtifactCreated, Topic.ArtifactUpdated, Topic.ArtifactDeleted, Topic.UserDeleted];
const events = new EventFactory(productEventCatalog, 'test');
const teardown = new Teardown();
const owner = `owner-${s}`;
let app: INestApplication;
let db: mongoose.Connection;
let producer: Producer;
let admin: Admin;
let browser: Browser;
let dead: Queue<DeadThumbnailJobData>;
let work: Queue<ThumbnailJobData>;
let outsideOrigin: string;
const outsideRequests: string[] = [];

const id = (name: string) => `${name}${s}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 24);
const picture = (color: string, extra = '') =>
  `<!doctype html><html><body style="margin:0;background:${color}"><h1 style="font:48px sans-serif;color:#fff;padding:40px">Quarterly revenue</h1><div style="width:300px;height:200px;background:#ffd400;margin:40px"></div>${extra}</body></html>`;

async function seed(artifactId: string, fields: { type: string; content: string; allowNetwork?: boolean }) {
  await db.collection<{ _id: string } & Record<string, unknown>>('artifacts').insertOne({
    _id: artifactId,
    owner,
    title: artifactId,
    type: fields.type,
    content: fields.content,
    rendered: fields.type === 'HTML' ? fields.content : null,
    renderError: null,
    securityWarning: null,
    allowNetwork: fields.allowNetwork ?? false,
    isPublic: false,
    version: 1,
    deletedAt: null,
  });
  const created = events.create(
    Topic.ArtifactCreated,
    { artifactId, ownerId: owner, title: artifactId, type: fields.type as 'HTML', isPublic: false, size: 1 },
    { key: artifactId },
  );
  await producer.send({
    topic: Topic.ArtifactCreated,
    acks: -1,
    messages: [toKafkaMessage(created.envelope)],
  });
}

const thumbnail = (artifactId: string) =>
  db
    .collection<ArtifactThumbnailDoc>(ARTIFACT_COLLECTIONS.thumbnails)
    .findOne({ _id: artifactThumbnailId(artifactId, 1) });

/** Decodes an image in Chromium: its size and how many distinct colours it has (blank: 1). */
async function inspect(
  bytes: Buffer,
  type: string,
): Promise<{ width: number; height: number; colours: number }> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      `(async () => {
        const blob = await (await fetch('data:${type};base64,${bytes.toString('base64')}')).blob();
        const bitmap = await createImageBitmap(blob);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d');
        ctx.drawImage(bitmap, 0, 0);
        const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
        const seen = new Set();
        for (let i = 0; i < data.length; i += 4 * 97) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
        return { width: bitmap.width, height: bitmap.height, colours: seen.size };
      })()`,
    );
  } finally {
    await page.close();
  }
}

beforeAll(async () => {
  const infra = testInfra();
  const [rendererPort, port] = [await freePort(), await freePort()];
  const rendererOrigin = `http://localhost:${rendererPort}`;
  const origin = `http://127.0.0.1:${port}`;

  const outside = createServer((req, res) => {
    outsideRequests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/svg+xml', 'access-control-allow-origin': '*' });
    res.end('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
  }).listen(0, '127.0.0.2');
  teardown.add(() => void outside.close());
  await once(outside, 'listening');
  outsideOrigin = `http://127.0.0.2:${(outside.address() as { port: number }).port}`;

  const kafka = createKafka({
    clientId: 'thumbnailer-test',
    brokers: infra.kafkaBrokers,
    logger: testLogger(),
  });
  admin = kafka.admin();
  await admin.connect();
  teardown.add(() => admin.disconnect());
  producer = kafka.producer();
  await producer.connect();
  teardown.add(() => producer.disconnect());
  const group = `test-${s}.thumbnailer.versions`;
  await ensureTopics(admin, TOPICS, 3);
  await startGroupsAtEnd(admin, { [group]: TOPICS });

  // The renderer, its browser assets built first (cached until the lockfile changes).
  await run(process.execPath, ['apps/usercontent/scripts/build-assets.mjs']);
  const usercontent = spawnTs(join(workspaceRoot, 'apps/usercontent/src/main.ts'), {
    NODE_ENV: 'test',
    PORT: String(rendererPort),
    HOST: '127.0.0.1',
    RENDERER_ORIGIN: rendererOrigin,
    WEB_ORIGIN: 'http://127.0.0.1:9',
    FRAME_PARENT_ORIGINS: origin,
    GATEWAY_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: 'warn',
  });
  teardown.add(() => stopProcesses([usercontent], 5_000));
  await waitFor(() => answersOk(`http://127.0.0.1:${rendererPort}/health/ready`), Boolean, {
    what: () => `usercontent ready (${usercontent.stderr().slice(-500)})`,
    // A loaded host boots it slowly (the suites share one bound for every service boot).
    timeoutMs: SERVICE_BOOT_TIMEOUT_MS,
    intervalMs: 100,
  });

  const config = loadConfig('thumbnailer', thumbnailerConfigSchema, {
    NODE_ENV: 'test',
    PORT: String(port),
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: `cv_test_thumbnailer_${s}`,
    REDIS_URL: infra.redisUrl,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    RENDERER_ORIGIN: rendererOrigin,
    THUMBNAILER_ORIGIN: origin,
    THUMBNAIL_QUEUE: `test-${s}-thumbnails`,
    THUMBNAIL_CONSUMER_GROUP: group,
    THUMBNAIL_ATTEMPTS: '2',
    THUMBNAIL_BACKOFF_MS: '50',
    THUMBNAIL_RENDER_TIMEOUT_MS: '15000',
    CHROMIUM_PATH: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    // Often, so the backfill case need not wait an hour; the event cases' artifacts are outside
    // its reach (no updatedAt, as if just written), so those pictures still come from events.
    THUMBNAIL_BACKFILL_EVERY_MS: '300',
  });
  const logger = testLogger();
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.register(config, logger)],
  }).compile();
  app = moduleRef.createNestApplication({ logger: false });
  app.useGlobalFilters(new ErrorFilter(logger));
  await startEventServer(app);
  await app.listen(port, '127.0.0.1');
  teardown.add(() => app.close());

  db = await mongoose.createConnection(infra.mongoUrl, { dbName: config.MONGO_DB }).asPromise();
  teardown.add(async () => {
    await db.dropDatabase();
    await db.close();
  });
  const redis = new Redis(infra.redisUrl, { maxRetriesPerRequest: null });
  dead = new Queue<DeadThumbnailJobData>(`${config.THUMBNAIL_QUEUE}-dead`, { connection: redis });
  work = new Queue<ThumbnailJobData>(config.THUMBNAIL_QUEUE, { connection: redis });
  teardown.add(async () => {
    for (const q of [dead, work]) {
      await q.obliterate({ force: true });
      await q.close();
    }
    redis.disconnect();
  });
  browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  teardown.add(() => browser.close());
}, SERVICE_BOOT_TIMEOUT_MS + 60_000);

afterAll(() => teardown.run(), 30_000);

const ready = (artifactId: string) =>
  waitFor(
    () => thumbnail(artifactId),
    (t) => t?.status === 'ready',
    {
      what: `the picture of ${artifactId}`,
      timeoutMs: 40_000,
      intervalMs: 200,
    },
  );

describe('thumbnails of artifact versions', () => {
  const plain = id('plain');
  const offline = id('offline');
  const broken = id('broken');

  beforeAll(async () => {
    const img = (name: string) => `<img src="${outsideOrigin}/${name}.svg" width="10" height="10">`;
    await seed(plain, { type: 'HTML', content: picture('#1d4ed8') });
    await seed(offline, { type: 'HTML', content: picture('#047857', img('offline')) });
    // A component that throws: the renderer reports a Render Error, every attempt.
    await seed(broken, {
      type: 'REACT',
      content: "export default function App() { throw new Error('broken on purpose'); }",
    });
  });

  it('renders a picture of the artifact at both sizes, not a blank page', async () => {
    const doc = (await ready(plain))!;
    const og = await inspect(Buffer.from(doc.og!.buffer), 'image/png');
    const card = await inspect(Buffer.from(doc.card!.buffer), 'image/webp');
    expect(og).toMatchObject({ width: 1200, height: 630 });
    expect(card).toMatchObject({ width: 600, height: 315 });
    // The blue page, the white heading and the yellow block: several colours, not one.
    expect(og.colours).toBeGreaterThan(2);
    expect(card.colours).toBeGreaterThan(2);
  }, 60_000);

  it('never fetches the outside image of a network-off artifact', async () => {
    const doc = (await ready(offline))!;
    expect((await inspect(Buffer.from(doc.og!.buffer), 'image/png')).colours).toBeGreaterThan(2);
    expect(outsideRequests).not.toContain('/offline.svg');
    // The control: Chromium on this machine does reach that server with the same <img>.
    const page = await browser.newPage();
    await page.setContent(`<img src="${outsideOrigin}/control.svg">`, { waitUntil: 'load' });
    await page.close();
    expect(outsideRequests).toContain('/control.svg');
  }, 60_000);

  it('retries a failing render, then dead-letters it and marks the version failed', async () => {
    const job = await waitFor(() => dead.getJob(thumbnailJobId(broken, 1)), Boolean, {
      what: 'the dead-lettered job',
      timeoutMs: 40_000,
      intervalMs: 200,
    });
    expect(job!.data).toMatchObject({ artifactId: broken, version: 1, attempts: 2 });
    expect(job!.data.failedReason).toContain('broken on purpose');
    expect(await thumbnail(broken)).toMatchObject({ status: 'failed' });
  }, 60_000);

  it('renders an artifact no event asked for through the backfill, leaving a trashed one alone', async () => {
    const old = id('backfilled');
    const trashed = id('trashed');
    const longAgo = new Date(Date.now() - 400 * 86_400_000);
    const stored = (artifactId: string, changed: Date, deletedAt: Date | null) => ({
      _id: artifactId,
      owner,
      title: artifactId,
      type: 'HTML',
      content: picture('#7c3aed'),
      rendered: picture('#7c3aed'),
      renderError: null,
      securityWarning: null,
      allowNetwork: false,
      isPublic: false,
      version: 1,
      deletedAt,
      createdAt: changed,
      updatedAt: changed,
    });
    // Saved before the thumbnailer existed: straight into the database, no event on any topic.
    // The trashed one is older still, so the pass that finds the live one walks past it.
    await db
      .collection<{ _id: string } & Record<string, unknown>>(ARTIFACT_COLLECTIONS.artifacts)
      .insertMany([
        stored(trashed, new Date(longAgo.getTime() - 60_000), longAgo),
        stored(old, longAgo, null),
      ]);
    const doc = (await ready(old))!;
    expect((await inspect(Buffer.from(doc.og!.buffer), 'image/png')).colours).toBeGreaterThan(2);
    // Queued under the event path's job id and data: a version both ask for renders once.
    expect((await work.getJob(thumbnailJobId(old, 1)))?.data).toEqual({
      artifactId: old,
      ownerId: owner,
      version: 1,
    });
    expect(await work.getJob(thumbnailJobId(trashed, 1))).toBeUndefined();
    expect(await thumbnail(trashed)).toBeNull();
  }, 60_000);
});
