#!/usr/bin/env node
// Analytics benchmark (not part of npm test). Builds, starts analytics + gateway from dist on free
// loopback ports against the local infrastructure, then measures, each beside its anchor:
//  1. ingestion: 200,000 views through the real HTTP track-views path (batches of 100) vs the same
//     events produced by bare kafkajs; target >= 5,000 events/s.
//  2. pipeline: topic -> complete counts in the analytics service vs bare kafkajs consuming the
//     same messages from the same broker; target >= half the bare rate.
// Then checks the counts are exact (every artifact, duplicates included: no loss, no double count).
// Usage: node tools/bench/analytics.mjs [--no-build]   (BENCH_VIEWS, BENCH_ARTIFACTS to resize)
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const { Kafka, logLevel } = require('kafkajs');
const mongoose = require('mongoose');
const { Redis } = require('ioredis');
const { localDefaults } = require(join(root, 'libs/platform/dist/config/local-config.js'));

const VIEWS = Number(process.env.BENCH_VIEWS ?? 200_000);
const ARTIFACTS = Number(process.env.BENCH_ARTIFACTS ?? 200);
const BATCH = 100;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
/** Every 100th event is sent twice (a client retry): counts must not change. */
const DUP_EVERY = 100;
const TIMEOUT_MS = 10 * 60_000;
const TARGETS = { ingestEventsPerSec: 5000, pipelineVsBare: 0.5 };
const TOPIC = 'artifacts.artifact-viewed.v1';
const suffix = Date.now().toString(36);
const infra = localDefaults('analytics');
const children = [];
const log = (msg) => process.stderr.write(`[bench] ${msg}\n`);
const deadline = Date.now() + TIMEOUT_MS;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

function startService(app, port, env) {
  const child = spawn(process.execPath, [join(root, `apps/${app}/dist/main.js`)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', process.env.BENCH_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitReady(url, name, child) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited early (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${name} not ready`);
}

async function offsets(admin) {
  return (await admin.fetchTopicOffsets(TOPIC)).map((o) => ({ partition: o.partition, offset: o.high }));
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    log('building (npx tsc -b tsconfig.build.json)');
    execFileSync('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  }
  const kafka = new Kafka({
    clientId: 'bench',
    brokers: infra.KAFKA_BROKERS.split(','),
    logLevel: logLevel.ERROR,
  });
  const admin = kafka.admin();
  await admin.connect();
  const topics = new Set(await admin.listTopics());
  if (!topics.has(TOPIC))
    await admin.createTopics({ topics: [{ topic: TOPIC, numPartitions: 3 }], waitForLeaders: true });
  const producer = kafka.producer();
  await producer.connect();

  const db = `cv_bench_analytics_${suffix}`;
  const group = `analytics.views.bench-${suffix}`;
  const artsGroup = `analytics.artifacts.bench-${suffix}`;
  const prefix = `an-bench-${suffix}`;
  const owner = `bench-owner-${suffix}`;
  const artifactIds = Array.from({ length: ARTIFACTS }, (_, i) => `bench-${suffix}-${i}`);
  const createdTopic = 'artifacts.artifact-created.v1';

  // The artifacts exist (so views count and view-count events flow), as the artifacts service says.
  for (const t of [createdTopic])
    if (!topics.has(t))
      await admin.createTopics({ topics: [{ topic: t, numPartitions: 3 }], waitForLeaders: true });
  const createdStart = (await admin.fetchTopicOffsets(createdTopic)).map((o) => ({
    partition: o.partition,
    offset: o.high,
  }));
  await admin.setOffsets({ groupId: artsGroup, topic: createdTopic, partitions: createdStart });
  await producer.send({
    topic: createdTopic,
    messages: artifactIds.map((artifactId) => ({
      key: artifactId,
      value: JSON.stringify({
        id: randomUUID(),
        type: 'artifacts.artifact-created',
        version: 1,
        occurredAt: new Date().toISOString(),
        producer: 'bench',
        key: artifactId,
        data: { artifactId, ownerId: owner, title: 'bench', type: 'HTML', isPublic: true, size: 1 },
      }),
    })),
  });

  const analyticsPort = await freePort();
  const gatewayPort = await freePort();
  const analyticsEnv = {
    MONGO_DB: db,
    VIEWS_CONSUMER_GROUP: group,
    ARTIFACTS_CONSUMER_GROUP: artsGroup,
    ANALYTICS_REDIS_PREFIX: prefix,
    // BENCH_LOG=1 shows the analytics service's per-batch timings (debug).
    ...(process.env.BENCH_LOG ? { LOG_LEVEL: 'debug' } : {}),
  };
  const analyticsUrl = `http://127.0.0.1:${analyticsPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const gateway = startService('gateway', gatewayPort, {
    ANALYTICS_URL: analyticsUrl,
    RATE_LIMIT_NAMESPACE: `rl:bench:${suffix}`,
    TRACK_RATE_LIMIT: '100000000',
  });
  await waitReady(gatewayUrl, 'gateway', gateway);

  // The views this run sends: every artifact gets VIEWS / ARTIFACTS views.
  const events = Array.from({ length: VIEWS }, (_, i) => ({
    id: randomUUID(),
    artifactId: artifactIds[i % ARTIFACTS],
    viewedAt: new Date(Date.now() - (i % 3) * 3_600_000).toISOString(),
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    sessionId: `s-${i % 20_000}`,
    ...(i % 5 === 0 ? { embed: true, referrer: `https://site${i % 7}.example/page` } : {}),
  }));
  const sends = [...events, ...events.filter((_, i) => i % DUP_EVERY === 0)];
  const batches = [];
  for (let i = 0; i < sends.length; i += BATCH)
    batches.push(JSON.stringify({ events: sends.slice(i, i + BATCH) }));

  // 1. Ingestion through the gateway. The analytics consumer is not running yet: ingestion alone.
  const start = await offsets(admin);
  await admin.setOffsets({ groupId: group, topic: TOPIC, partitions: start });
  log(`ingesting ${sends.length} views (${VIEWS} + ${sends.length - VIEWS} resent) through ${gatewayUrl}`);
  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < batches.length) {
        const body = batches[next++];
        const res = await fetch(`${gatewayUrl}/api/v1/analytics/track-views`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await res.arrayBuffer();
        if (res.status !== 202) failed++;
      }
    }),
  );
  const ingestSeconds = (performance.now() - t0) / 1000;
  if (failed) throw new Error(`${failed} track-views requests failed`);
  const end = await offsets(admin);
  const messages = end.reduce((n, o, i) => n + Number(o.offset) - Number(start[i].offset), 0);
  if (messages !== sends.length) throw new Error(`topic got ${messages} messages, sent ${sends.length}`);

  // Anchor of 1: the same envelopes produced by bare kafkajs, to a scratch topic, same batch size.
  const scratch = `bench.views-anchor-${suffix}.v1`;
  await admin.createTopics({ topics: [{ topic: scratch, numPartitions: 3 }], waitForLeaders: true });
  const sample = JSON.stringify({
    id: randomUUID(),
    type: 'artifacts.artifact-viewed',
    version: 1,
    occurredAt: new Date().toISOString(),
    producer: 'gateway',
    key: artifactIds[0],
    data: events[0],
  });
  const t1 = performance.now();
  for (let i = 0; i < sends.length; i += BATCH * 10)
    await producer.send({
      topic: scratch,
      acks: -1,
      messages: sends.slice(i, i + BATCH * 10).map((e) => ({ key: e.artifactId, value: sample })),
    });
  const bareProduceSeconds = (performance.now() - t1) / 1000;
  await admin.deleteTopics({ topics: [scratch] }).catch(() => undefined);

  // Anchor of 2: bare kafkajs consuming the same messages from the same broker.
  const bareGroup = `bench-bare-${suffix}`;
  await admin.setOffsets({ groupId: bareGroup, topic: TOPIC, partitions: start });
  const bare = kafka.consumer({ groupId: bareGroup });
  await bare.connect();
  await bare.subscribe({ topics: [TOPIC] });
  let bareCount = 0;
  let bareFirst = 0;
  let bareLast = 0;
  const bareStart = performance.now();
  const stopAt = new Map(end.map((o) => [o.partition, Number(o.offset)]));
  const bareDone = new Promise((resolve) => {
    bare.run({
      partitionsConsumedConcurrently: 3,
      eachBatch: async ({ batch }) => {
        for (const m of batch.messages) {
          if (Number(m.offset) >= stopAt.get(batch.partition)) continue;
          JSON.parse(m.value.toString());
          if (!bareFirst) bareFirst = performance.now();
          if (++bareCount === messages) {
            bareLast = performance.now();
            resolve();
          }
        }
      },
    });
  });
  await bareDone;
  await bare.disconnect();

  // 2. The pipeline: start analytics now; it consumes the backlog into complete counts.
  const conn = await mongoose.createConnection(infra.MONGO_URL, { dbName: db }).asPromise();
  const stats = conn.collection('artifact_stats');
  const counted = async () => {
    const [row] = await stats
      .aggregate([
        { $match: { _id: { $in: artifactIds } } },
        { $group: { _id: null, n: { $sum: '$total' } } },
      ])
      .toArray();
    return row?.n ?? 0;
  };
  const bootStart = performance.now();
  const analytics = startService('analytics', analyticsPort, analyticsEnv);
  let pipeFirst = 0;
  let total = 0;
  while (Date.now() < deadline) {
    if (analytics.exitCode !== null) throw new Error('analytics exited');
    total = await counted();
    if (total > 0 && !pipeFirst) pipeFirst = performance.now();
    if (total >= VIEWS) break;
    await sleep(25);
  }
  const pipeDone = performance.now();
  await sleep(2000); // any late double count would show now
  const docs = await stats.find({ _id: { $in: artifactIds } }, { projection: { total: 1 } }).toArray();
  const perArtifact = VIEWS / ARTIFACTS;
  const wrong = docs.filter((d) => d.total !== perArtifact).length + (ARTIFACTS - docs.length);
  const finalTotal = docs.reduce((n, d) => n + d.total, 0);

  const round = (n) => Math.round(n);
  const report = {
    views: VIEWS,
    resent: sends.length - VIEWS,
    artifacts: ARTIFACTS,
    ingestion: {
      httpEventsPerSec: round(sends.length / ingestSeconds),
      anchorBareKafkajsProducePerSec: round(sends.length / bareProduceSeconds),
      target: TARGETS.ingestEventsPerSec,
      seconds: Math.round(ingestSeconds * 10) / 10,
    },
    pipeline: {
      eventsPerSec: round(messages / ((pipeDone - pipeFirst) / 1000)),
      anchorBareKafkajsConsumePerSec: round(messages / ((bareLast - bareFirst) / 1000)),
      withStartupEventsPerSec: round(messages / ((pipeDone - bootStart) / 1000)),
      anchorWithJoinPerSec: round(messages / ((bareLast - bareStart) / 1000)),
    },
    exact: { expectedTotal: VIEWS, finalTotal, artifactsWithWrongCount: wrong },
  };
  report.pipeline.ratio =
    Math.round((report.pipeline.eventsPerSec / report.pipeline.anchorBareKafkajsConsumePerSec) * 100) / 100;
  report.pass = {
    ingestion: report.ingestion.httpEventsPerSec >= TARGETS.ingestEventsPerSec,
    pipeline: report.pipeline.ratio >= TARGETS.pipelineVsBare,
    exact: finalTotal === VIEWS && wrong === 0,
  };

  console.log('\nAnalytics benchmark (loopback, one machine)');
  console.log(
    `  ingestion  HTTP track-views   ${report.ingestion.httpEventsPerSec} events/s   | anchor: bare kafkajs produce ${report.ingestion.anchorBareKafkajsProducePerSec} events/s | target >= ${TARGETS.ingestEventsPerSec}`,
  );
  console.log(
    `  pipeline   topic -> counts    ${report.pipeline.eventsPerSec} events/s   | anchor: bare kafkajs consume ${report.pipeline.anchorBareKafkajsConsumePerSec} events/s | ratio ${report.pipeline.ratio} (target >= ${TARGETS.pipelineVsBare})`,
  );
  console.log(
    `             incl. start-up     ${report.pipeline.withStartupEventsPerSec} events/s   | anchor incl. group join ${report.pipeline.anchorWithJoinPerSec} events/s`,
  );
  console.log(
    `  exact      ${finalTotal} / ${VIEWS} counted, ${report.resent} resent ids not double counted, ${wrong} artifacts off`,
  );
  console.log(`  pass       ${JSON.stringify(report.pass)}\n`);
  mkdirSync(join(root, '.local/bench'), { recursive: true });
  writeFileSync(join(root, '.local/bench/analytics.json'), JSON.stringify(report, null, 2));

  await conn.dropDatabase();
  await conn.close();
  const redis = new Redis(infra.REDIS_URL);
  for (const pattern of [`${prefix}:*`, `rl:bench:${suffix}:*`]) {
    let cursor = '0';
    do {
      const [c, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = c;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  }
  redis.disconnect();
  await producer.disconnect();
  await admin.disconnect();
  if (!report.pass.exact) process.exitCode = 1;
}

const stopChildren = async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? once(c, 'exit') : null)));
};
main()
  .catch((err) => {
    log(`failed: ${err.stack ?? err}`);
    process.exitCode = 1;
  })
  .finally(stopChildren);
