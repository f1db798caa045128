#!/usr/bin/env node
// Scale benchmark (#20; not part of npm test): is one user's dashboard flat in the number of
// artifacts they hold? Builds (unless --no-build), starts a private mongo-java-server (the dev
// store, same flags as `infra up`, its own port and data file, so the shared one and the other
// work on this machine are not disturbed) and the artifacts service and gateway from dist on the
// shared Kafka/Redis/OpenSearch, then seeds ONE user through the service's API (POST /api/v1/artifacts/batch,
// 20 per request, 10–30 KB each: HTML, React, Markdown, SVG, TypeScript — tools/bench/scale-content.mjs)
// up to each size in turn and measures through the gateway, sequentially (one request at a time):
//  - list page 1 in each of the five sorts, and a deep page (half-way) through its cursor;
//  - search for a rare word and a common word; get one artifact; the dashboard's counts
//    (GET /api/v1/collections, the list's total comes with page 1);
//  - the full export: time to the headers, to the first line, to the end, and the artifacts
//    process's peak RSS while it runs (sampled from /proc).
// Anchor: a bare Node HTTP server answering the same bytes as list page 1, in the same run.
// Each size is measured --runs times (3); the table shows the medians of the runs' p50 and p95.
// Plans limit features, not artifact counts: a signed dev token with plan Pro (as artifacts.mjs).
// Usage: node tools/bench/scale.mjs [--sizes 100,1000,5000,20000] [--runs 3] [--no-build]
//        [--team 20 --team-each 5000] (the small team: 19 more users seeded first, then measured as one)
//        BENCH_SAMPLES (200 per figure per run), BENCH_OP_SECONDS (10: fewer samples when slower),
//        BENCH_MONGO_XMX (5g, as `infra up`), BENCH_MONGO_CACHE_MB (2560, as `infra up`), BENCH_PROFILE=1 (CPU profiles of the services),
//        BENCH_PROFILE=search (the artifacts service's, while the searches straight to it run).
// Where a search's time goes is measured beside it: the same search straight to the artifacts
// service (no gateway), and the engine alone (the service's own request body, straight to
// OpenSearch, with its `took`), and the service's card read of its hits from the store alone.
import { execFileSync, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { javaServerArgs } from '../infra/services/mongo.mjs';
import { inspectArgs, profiled } from './inspector-profile.mjs';
import { COMMON_WORD, RARE_WORD, benchArtifact } from './scale-content.mjs';
import { writeBenchReport } from './lib/report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const SIZES = arg('sizes', '100,1000,5000,20000')
  .split(',')
  .map((s) => Number(s.replace(/_/g, '')))
  .sort((a, b) => a - b);
const RUNS = Number(arg('runs', '3'));
/** A team (#20's small team: 20 users × 5,000): the measured user plus TEAM − 1 others. */
const TEAM = Number(arg('team', '1'));
const TEAM_EACH = Number(arg('team-each', '5000'));
// 200: a p95 of 20 samples is their second-slowest, one stray pause away from another figure.
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const OP_SECONDS = Number(process.env.BENCH_OP_SECONDS ?? 10);
const MONGO_XMX = process.env.BENCH_MONGO_XMX ?? '5g';
const MONGO_CACHE_MB = Number(process.env.BENCH_MONGO_CACHE_MB ?? 2560);
/** How long the outbox and the search read model may take to catch up with a size's seeding. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_SECONDS ?? 1200) * 1000;
const TARGETS = {
  listP95Ms: 50,
  searchP95Ms: 50,
  growthMax: 1.5,
  atSize: 20_000,
  growthFrom: 1_000,
  searchableMs: 1_000,
};
const SORTS = ['newest', 'oldest', 'title', 'type', 'views'];
/** Create, retitle and delete rounds timed to searchable, per size and run. */
const CONSISTENCY_ROUNDS = Number(process.env.BENCH_CONSISTENCY_ROUNDS ?? 10);
const DEEP_MAX = 2_000;
const deepAt = (size) => Math.min(Math.floor(size / 2), DEEP_MAX);
const suffix = Date.now().toString(36);
const children = [];
const log = (msg) => process.stderr.write(`[scale] ${msg}\n`);

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

async function waitFor(check, what, child, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited early (${child.exitCode})`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} not ready in ${ms / 1000} s`);
}

// BENCH_PROFILE=1: CPU profiles of the artifacts service and the gateway in .local/bench/profiles
// (summarise with node tools/bench/cpu-profile-summary.mjs <file>), from start to stop.
// BENCH_PROFILE=search: the artifacts service's profile while the searches straight to it are
// sampled, and nothing else (.local/bench/profiles/scale-search-<word>-<size>-<run>.cpuprofile).
const PROFILE_SEARCH = process.env.BENCH_PROFILE === 'search';
const nodeArgs =
  process.env.BENCH_PROFILE && !PROFILE_SEARCH
    ? ['--cpu-prof', `--cpu-prof-dir=${join(root, '.local/bench/profiles')}`]
    : [];

function startService(app, port, env, extraArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, ...extraArgs, join(root, `apps/${app}/dist/main.js`)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    // Warnings and errors kept per run, for a run that does not settle or fails.
    stdio: ['ignore', openSync(join(root, `.local/bench/scale-${suffix}-${app}.log`), 'w'), 'inherit'],
  });
  children.push(child);
  return child;
}

/** The dev store as `infra up` starts it (tools/infra/services/mongo.mjs), on its own port and file. */
async function startMongo(dir) {
  const port = await freePort();
  const child = spawn(
    'java',
    [
      // Every collection and its pause, beside the report: the store's pauses are every reader's tail.
      `-Xlog:gc:file=${join(root, `.local/bench/scale-${suffix}-mongo-gc.log`)}`,
      ...javaServerArgs(MONGO_XMX, MONGO_CACHE_MB),
      '127.0.0.1',
      String(port),
      join(dir, 'bench.mv.db'),
    ],
    // Its log (a warning per ignored secondary index, an OutOfMemoryError) beside the report.
    { stdio: ['ignore', 'ignore', openSync(join(root, `.local/bench/scale-mongo-${suffix}.log`), 'w')] },
  );
  children.push(child);
  const { MongoClient } = require('mongodb');
  const url = `mongodb://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      const c = await MongoClient.connect(url, { serverSelectionTimeoutMS: 500 });
      await c.close();
      return true;
    },
    'mongo-java-server',
    child,
  );
  return { url, child };
}

/** Resident set size of a process, in MB (Linux /proc). */
const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : null;
};

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round1 = (n) => Math.round(n * 10) / 10;

/**
 * Times `fn` sequentially: 2 warm-ups, then up to SAMPLES calls or OP_SECONDS, whichever first
 * (at least 3), so a figure that takes seconds per call still finishes. A failed call (say search
 * answering 503 while OpenSearch is away) is counted, not timed; a figure with no success has no
 * times, only its errors and the last message.
 */
async function sample(fn) {
  let errors = 0;
  let lastError = null;
  const attempt = async () => {
    try {
      await fn();
      return true;
    } catch (err) {
      errors++;
      lastError = String(err.message).slice(0, 200);
      return false;
    }
  };
  await attempt();
  await attempt();
  errors = 0;
  const times = [];
  const started = performance.now();
  for (
    let calls = 0;
    calls < SAMPLES && (calls < 3 || performance.now() - started < OP_SECONDS * 1000);
    calls++
  ) {
    const t0 = performance.now();
    if (await attempt()) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  if (!times.length) return { n: 0, errors, lastError, p50: null, p95: null };
  return {
    n: times.length,
    errors,
    ...(errors ? { lastError } : {}),
    p50: round1(percentile(times, 50)),
    p95: round1(percentile(times, 95)),
  };
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    log('building (npx tsc -b tsconfig.build.json)');
    execFileSync('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  }
  const platform = require(join(root, 'libs/platform/dist/index.js'));
  const signer = new platform.AccessTokenSigner(platform.localDevKeys().privateKey);
  const sign = (user) =>
    signer.sign(
      {
        sub: user,
        email: `${user}@x.test`,
        sid: user,
        adm: false,
        act: true,
        plan: 'Pro',
        sts: 'TRIAL',
      },
      Date.now(),
      24 * 3600,
    );
  const token = await sign(`scale-${suffix}`);
  const dataDir = join(root, `.local/bench/scale-mongo-${suffix}`);
  mkdirSync(dataDir, { recursive: true });
  log(
    `starting a private mongo-java-server (-Xmx${MONGO_XMX}, ${MONGO_CACHE_MB} MB page cache, H2 file in ${dataDir})`,
  );
  const mongo = await startMongo(dataDir);
  const [artifactsPort, gatewayPort, barePort] = [await freePort(), await freePort(), await freePort()];
  const inspectPort = PROFILE_SEARCH ? await freePort() : null;
  const artifactsUrl = `http://127.0.0.1:${artifactsPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const artifacts = startService(
    'artifacts',
    artifactsPort,
    {
      MONGO_URL: mongo.url,
      MONGO_DB: 'cv_scale',
      VIEW_COUNT_CONSUMER_GROUP: `scale-${suffix}`,
      SEARCH_INDEX: `scale-${suffix}-artifacts`,
      SEARCH_CONSUMER_GROUP: `scale-${suffix}-search`,
    },
    PROFILE_SEARCH ? inspectArgs(inspectPort) : [],
  );
  const gateway = startService('gateway', gatewayPort, {
    ARTIFACTS_URL: artifactsUrl,
    RATE_LIMIT_NAMESPACE: `rl:scale:${suffix}`,
  });
  const ready = (url) => async () => (await fetch(`${url}/health/ready`)).ok;
  await Promise.all([
    waitFor(ready(artifactsUrl), 'artifacts', artifacts),
    waitFor(ready(gatewayUrl), 'gateway', gateway),
  ]);

  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  /** A GET as the user, through the gateway or (to see the gateway's share) straight to the service. */
  const getFrom = (base) => async (path) => {
    const res = await fetch(`${base}${path}`, { headers });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET ${base}${path}: ${res.status} ${text.slice(0, 200)}`);
    return text;
  };
  const get = getFrom(gatewayUrl);
  const getDirect = getFrom(artifactsUrl);

  // The engine alone: the body the service sends for the same search (page 1, 20 a page).
  const { buildSearchBody } = require(join(root, 'apps/artifacts/dist/search/search-query.js'));
  const searchUrl = process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9200';
  const engineSearch = async (word) => {
    const body = buildSearchBody({ text: word, owners: [`scale-${suffix}`], page: 1, limit: 20 });
    const res = await fetch(`${searchUrl}/scale-${suffix}-artifacts/_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`engine: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
    return { took: json.took, ids: json.hits.hits.map((h) => h._id) };
  };
  // The store alone: the service's card read for a search's hits (same filter and projection).
  const { SUMMARY_PROJECTION } = require(join(root, 'apps/artifacts/dist/artifacts/card-projection.js'));
  const { MongoClient } = require('mongodb');
  const store = await MongoClient.connect(mongo.url);
  const cardsOf = (ids) =>
    store
      .db('cv_scale')
      .collection('artifacts')
      .find({ _id: { $in: ids } }, { projection: SUMMARY_PROJECTION })
      .toArray();

  /**
   * A batch create; a connection the server closed under us (seen under heavy load) is tried
   * again on a fresh one. Should the lost one have been stored after all, the size check after
   * seeding says so.
   */
  async function postBatch(batch, asUser = headers, attempt = 1) {
    try {
      // Straight to the service: the gateway gives up after 15 s, and on the embedded store a
      // write can wait longer behind a scan (the outbox relay's poll is one) once the data is large.
      return await fetch(`${artifactsUrl}/api/v1/artifacts/batch`, {
        method: 'POST',
        headers: { ...asUser, connection: 'close' },
        body: JSON.stringify({ artifacts: batch }),
      });
    } catch (err) {
      if (attempt >= 3) throw err;
      log(`seed: ${err.cause?.code ?? err.message}; trying the batch again`);
      return postBatch(batch, asUser, attempt + 1);
    }
  }

  /**
   * The rest of a team (--team N): N − 1 other users with TEAM_EACH artifacts each, seeded before
   * the measured user, so every figure is read from a store holding the whole team's data.
   */
  async function seedTeam() {
    const started = performance.now();
    for (let u = 1; u < TEAM; u++) {
      const asUser = { ...headers, authorization: `Bearer ${await sign(`scale-${suffix}-team-${u}`)}` };
      const batches = [];
      for (let i = 0; i < TEAM_EACH; i += 20)
        batches.push(
          Array.from({ length: Math.min(20, TEAM_EACH - i) }, (_, n) => benchArtifact(u * 1_000_000 + i + n)),
        );
      let next = 0;
      const worker = async () => {
        while (next < batches.length) {
          const res = await postBatch(batches[next++], asUser);
          const text = await res.text();
          if (res.status !== 201) throw new Error(`team seed: ${res.status} ${text.slice(0, 300)}`);
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
      log(
        `team: user ${u + 1} of ${TEAM} seeded (${TEAM_EACH}), ${((performance.now() - started) / 1000).toFixed(0)} s, mongo RSS ${rssMb(mongo.child.pid)} MB`,
      );
    }
    return round1((performance.now() - started) / 1000);
  }

  let seeded = 0;
  const firstIds = [];
  async function seedTo(size) {
    const started = performance.now();
    const batches = [];
    for (let i = seeded; i < size; i += 20)
      batches.push(Array.from({ length: Math.min(20, size - i) }, (_, n) => benchArtifact(i + n)));
    // Four batches in flight: the store serialises writes anyway.
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const batch = batches[next++];
        const res = await postBatch(batch);
        const text = await res.text();
        if (res.status !== 201) throw new Error(`seed: ${res.status} ${text.slice(0, 300)}`);
        if (firstIds.length < 20) firstIds.push(...JSON.parse(text).artifacts.map((a) => a.id));
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    const seconds = (performance.now() - started) / 1000;
    log(`seeded ${seeded} → ${size} in ${seconds.toFixed(1)} s (mongo RSS ${rssMb(mongo.child.pid)} MB)`);
    const { total } = JSON.parse(await get('/api/v1/artifacts?limit=1'));
    if (total !== size) throw new Error(`seeded ${total} artifacts, expected ${size}`);
    seeded = size;
    await settle(size);
    return round1(seconds);
  }

  /**
   * Measure a resting system: the outbox relay has published every create and the search read
   * model holds them (the common word's hits reach every third artifact and stop moving), so
   * no sample competes with the tail of the seeding.
   */
  async function settle(size) {
    const started = performance.now();
    const backlog = async () => {
      const text = await (await fetch(`${artifactsUrl}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith('outbox_backlog_events'));
      return line ? Number(line.split(' ').at(-1)) : 0;
    };
    await waitFor(async () => (await backlog()) === 0, 'the outbox to drain', artifacts, SETTLE_MS);
    const expected = Math.ceil(size / 3);
    const hits = async () => JSON.parse(await get(`/api/v1/artifacts/search?q=${COMMON_WORD}&limit=1`)).total;
    // Unchanged for 2 s: the consumer works in batches, and a pause between two is not the end.
    let last = -1;
    let since = Date.now();
    await waitFor(
      async () => {
        const now = await hits();
        if (now !== last) [last, since] = [now, Date.now()];
        return now >= expected && Date.now() - since >= 2_000;
      },
      'search to hold every artifact',
      artifacts,
      SETTLE_MS,
    );
    log(`settled in ${((performance.now() - started) / 1000).toFixed(1)} s (search: ${last} hits)`);
  }

  // The anchor answers exactly the bytes of list page 1 (refreshed per size).
  const pageFile = join(dataDir, 'page1.json');
  let bare = null;
  async function restartAnchor(body) {
    writeFileSync(pageFile, body);
    if (bare) {
      bare.kill('SIGTERM');
      await once(bare, 'exit');
    }
    bare = fork(
      join(root, 'tools/bench/bare-server.mjs'),
      [
        String(barePort),
        '--file',
        pageFile,
        JSON.stringify({ 'content-type': 'application/json; charset=utf-8' }),
      ],
      { stdio: 'inherit' },
    );
    children.push(bare);
    await once(bare, 'message');
  }

  /**
   * The cursor of a page deep in the newest list: half-way down, at most DEEP_MAX (walked once per
   * size, 100 at a time; on the embedded store each step is a full scan, so 20,000 would take long).
   */
  async function deepCursor(size) {
    let cursor = null;
    for (let walked = 0; walked < deepAt(size); walked += 100) {
      const page = JSON.parse(
        await get(`/api/v1/artifacts?sort=newest&limit=100${cursor ? `&cursor=${cursor}` : ''}`),
      );
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    return cursor;
  }

  /** The full export through the gateway: headers, first line, end; peak RSS of the artifacts process. */
  function exportOnce() {
    return new Promise((resolve, reject) => {
      const base = rssMb(artifacts.pid);
      let peak = base;
      const timer = setInterval(() => (peak = Math.max(peak, rssMb(artifacts.pid) ?? 0)), 50);
      const t0 = performance.now();
      httpRequest(`${gatewayUrl}/api/v1/artifacts/export`, { headers }, (res) => {
        const headersMs = performance.now() - t0;
        let firstByteMs = null;
        let bytes = 0;
        res.on('data', (c) => {
          firstByteMs ??= performance.now() - t0;
          bytes += c.length;
        });
        res.on('end', () => {
          clearInterval(timer);
          resolve({
            status: res.statusCode,
            total: Number(res.headers['x-export-total'] ?? NaN),
            headersMs: round1(headersMs),
            firstByteMs: round1(firstByteMs ?? NaN),
            totalMs: round1(performance.now() - t0),
            megabytes: round1(bytes / 1e6),
            rssBeforeMb: base,
            rssPeakMb: peak,
          });
        });
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
  }

  /** The first search for `word` whose total is `total`, polled every 10 ms; its time from `since`. */
  async function searchableAfter(since, word, total) {
    for (;;) {
      const found = JSON.parse(await get(`/api/v1/artifacts/search?q=${word}&limit=1`));
      if (found.total === total) return performance.now() - since;
      if (performance.now() - since > 10_000) throw new Error(`"${word}" not at ${total} after 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /**
   * Write → searchable through the gateway, as the owner sees it (docs/reference/search.md promises a
   * second): a create, a retitle and a delete per round, each timed from the write's answer to
   * the first search that shows it. The store ends as it began (the delete), so the export's
   * count still holds.
   */
  async function consistency(rounds) {
    const times = { create: [], edit: [], delete: [] };
    const send = async (method, path, body) => {
      const res = await fetch(`${gatewayUrl}${path}`, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
      return text ? JSON.parse(text) : {};
    };
    for (let r = 0; r < rounds; r++) {
      const word = `zq${suffix}x${r}`;
      const renamed = `${word}y`;
      const created = await send('POST', '/api/v1/artifacts', {
        ...benchArtifact(r),
        title: `${word} ledger`,
      });
      const id = created.artifact?.id ?? created.id;
      times.create.push(await searchableAfter(performance.now(), word, 1));
      await send('PATCH', `/api/v1/artifacts/${id}`, { title: `${renamed} ledger` });
      times.edit.push(await searchableAfter(performance.now(), renamed, 1));
      await send('DELETE', `/api/v1/artifacts/${id}`);
      times.delete.push(await searchableAfter(performance.now(), renamed, 0));
    }
    return Object.fromEntries(
      Object.entries(times).map(([kind, ms]) => {
        const sorted = ms.sort((a, b) => a - b);
        return [
          `write → searchable: ${kind}`,
          {
            n: sorted.length,
            errors: 0,
            p50: round1(percentile(sorted, 50)),
            p95: round1(percentile(sorted, 95)),
            max: round1(sorted.at(-1)),
          },
        ];
      }),
    );
  }

  /** Prometheus samples of a service's /metrics whose names start with one of `prefixes`. */
  async function scrape(base, prefixes) {
    const text = await (await fetch(`${base}/metrics`)).text();
    const values = {};
    for (const line of text.split('\n')) {
      if (!prefixes.some((p) => line.startsWith(p))) continue;
      const [name, value] = line.split(/ (?=[^ ]+$)/);
      values[name] = Number(value);
    }
    return values;
  }
  const PROCESS_METRICS = [
    'nodejs_gc_duration_seconds_sum',
    'nodejs_gc_duration_seconds_count',
    'nodejs_eventloop_lag_',
    'nodejs_heap_size_used_bytes',
  ];
  /**
   * What a service's process did while a run was measured: its garbage collections by kind (time
   * and count, from the counters' growth) and its event loop's delay (prom-client keeps it since
   * the previous scrape, which is the run's start): where a reader's tail comes from.
   */
  async function processDuring(base, run) {
    const before = await scrape(base, PROCESS_METRICS);
    await run();
    const after = await scrape(base, PROCESS_METRICS);
    const stats = {};
    for (const [name, value] of Object.entries(after)) {
      const kind = /kind="(\w+)"/.exec(name)?.[1];
      if (name.startsWith('nodejs_gc_duration_seconds_sum') && kind)
        stats[`gc ${kind} ms`] = round1((value - (before[name] ?? 0)) * 1000);
      else if (name.startsWith('nodejs_gc_duration_seconds_count') && kind)
        stats[`gc ${kind} count`] = value - (before[name] ?? 0);
      // Default labels (service) follow every name.
      else if (/^nodejs_eventloop_lag_(max|p99)_seconds\{/.test(name))
        stats[`event loop delay ${/_(max|p99)_/.exec(name)?.[1]} ms`] = round1(value * 1000);
      else if (name.startsWith('nodejs_heap_size_used_bytes{'))
        stats['heap used MB'] = Math.round(value / 1048576);
    }
    return stats;
  }

  async function measure(size, cursor, oneId, run) {
    const out = {};
    for (const sort of SORTS)
      out[`list ${sort}`] = await sample(() => get(`/api/v1/artifacts?sort=${sort}&limit=20`));
    out['list deep (cursor)'] = cursor
      ? await sample(() => get(`/api/v1/artifacts?sort=newest&limit=20&cursor=${cursor}`))
      : null;
    out['search rare'] = await sample(() => get(`/api/v1/artifacts/search?q=${RARE_WORD}`));
    out['search common'] = await sample(() => get(`/api/v1/artifacts/search?q=${COMMON_WORD}`));
    for (const [name, word] of [
      ['rare', RARE_WORD],
      ['common', COMMON_WORD],
    ]) {
      const direct = () => sample(() => getDirect(`/api/v1/artifacts/search?q=${word}`));
      out[`search ${name}: service alone`] = PROFILE_SEARCH
        ? await profiled(
            inspectPort,
            join(root, `.local/bench/profiles/scale-search-${name}-${size}-${run + 1}.cpuprofile`),
            direct,
          )
        : await direct();
      const took = [];
      out[`search ${name}: engine alone`] = await sample(async () =>
        took.push((await engineSearch(word)).took),
      );
      // The first two are sample()'s warm-ups.
      out[`search ${name}: engine alone`].tookP50 = median(took.slice(2));
      const { ids } = await engineSearch(word);
      out[`search ${name}: cards alone (store)`] = await sample(async () => {
        const cards = await cardsOf(ids);
        if (cards.length !== ids.length)
          throw new Error(`store: ${cards.length} cards for ${ids.length} hits`);
      });
    }
    out['get one'] = await sample(() => get(`/api/v1/artifacts/${oneId}`));
    out['dashboard counts'] = await sample(() => get('/api/v1/collections'));
    out['anchor (bare, page-1 bytes)'] = await sample(async () => {
      const res = await fetch(`http://127.0.0.1:${barePort}/`);
      await res.text();
    });
    Object.assign(out, await consistency(CONSISTENCY_ROUNDS));
    out.export = await exportOnce();
    if (out.export.total !== size) throw new Error(`export total ${out.export.total}, expected ${size}`);
    return out;
  }

  const results = {};
  const teamSeedSeconds = TEAM > 1 ? await seedTeam() : 0;
  for (const size of SIZES) {
    const seedSeconds = await seedTo(size);
    const page1 = await get('/api/v1/artifacts?sort=newest&limit=20');
    await restartAnchor(page1);
    const cursor = await deepCursor(size);
    const runs = [];
    const processes = [];
    for (let run = 0; run < RUNS; run++) {
      log(`size ${size}: run ${run + 1} of ${RUNS}`);
      let figures;
      const gatewayDuring = processDuring(gatewayUrl, async () => {
        figures = await measure(size, cursor, firstIds[0], run);
      });
      // The gateway's window holds the service's: both around the same measurement.
      const artifactsDuring = await processDuring(artifactsUrl, () => gatewayDuring);
      processes.push({ artifacts: artifactsDuring, gateway: await gatewayDuring });
      runs.push(figures);
    }
    log(`size ${size}: processes while measured ${JSON.stringify(processes)}`);
    const figures = {};
    for (const op of Object.keys(runs[0])) {
      if (op === 'export') {
        figures.export = Object.fromEntries(
          Object.keys(runs[0].export).map((k) => [k, median(runs.map((r) => r.export[k]))]),
        );
      } else if (runs[0][op]) {
        const ok = runs.filter((r) => r[op].p50 !== null);
        figures[op] = ok.length
          ? {
              p50: median(ok.map((r) => r[op].p50)),
              p95: median(ok.map((r) => r[op].p95)),
              ...(runs[0][op].tookP50 !== undefined ? { tookP50: median(ok.map((r) => r[op].tookP50)) } : {}),
              ...(runs[0][op].max !== undefined ? { max: Math.max(...ok.map((r) => r[op].max)) } : {}),
            }
          : null;
        const errors = runs.reduce((n, r) => n + r[op].errors, 0);
        if (errors) (figures[op] ??= {}).errors = errors;
      }
    }
    results[size] = {
      seedSeconds,
      deepPageAt: deepAt(size),
      page1Bytes: Buffer.byteLength(page1),
      mongoRssMb: rssMb(mongo.child.pid),
      figures,
      processes,
      runs,
    };
    log(`size ${size}: ${JSON.stringify(figures)}`);
  }
  await store.close();

  // ---- the table, the growth and the verdict ----
  const ops = Object.keys(results[SIZES[0]].figures).filter((op) => op !== 'export');
  const table = {};
  for (const op of ops)
    table[op] = Object.fromEntries(
      SIZES.map((s) => {
        const f = results[s].figures[op];
        const errors = f?.errors ? ` (${f.errors} failed)` : '';
        const took = f?.tookP50 != null ? ` (took ${f.tookP50})` : f?.max != null ? ` (max ${f.max})` : '';
        return [`${s} p50/p95 ms`, f?.p50 != null ? `${f.p50} / ${f.p95}${took}${errors}` : `–${errors}`];
      }),
    );
  for (const key of ['headersMs', 'firstByteMs', 'totalMs', 'rssPeakMb'])
    table[`export ${key}`] = Object.fromEntries(
      SIZES.map((s) => [`${s} p50/p95 ms`, String(results[s].figures.export[key])]),
    );
  console.table(table);

  const largest = SIZES.at(-1);
  const from = SIZES.includes(TARGETS.growthFrom) ? TARGETS.growthFrom : SIZES[0];
  const growth = {};
  // The targets are on what a user gets (through the gateway); the breakdown rows only explain it.
  for (const op of ops.filter((o) => /^(list|search|get)/.test(o) && !o.includes(':'))) {
    const a = results[from].figures[op];
    const b = results[largest].figures[op];
    if (a?.p95 != null && b?.p95 != null) growth[op] = Math.round((b.p95 / Math.max(a.p95, 0.1)) * 100) / 100;
  }
  console.log(`p95 growth ${from} → ${largest} (target ≤ ${TARGETS.growthMax}× from 1,000 to 20,000):`);
  console.table(Object.fromEntries(Object.entries(growth).map(([op, g]) => [op, { growth: `${g}×` }])));
  const at = results[largest].figures;
  const listWorst = Math.max(...ops.filter((o) => o.startsWith('list')).map((o) => at[o]?.p95 ?? 0));
  const searchWorst = Math.max(at['search rare']?.p95 ?? Infinity, at['search common']?.p95 ?? Infinity);
  const verdict = {
    measuredAt: largest,
    listP95: listWorst <= TARGETS.listP95Ms,
    searchP95: searchWorst <= TARGETS.searchP95Ms,
    growth: Object.values(growth).every((g) => g <= TARGETS.growthMax),
    exportStartsAtOnce: at.export.headersMs <= 1000,
    // Every write searchable within the second, at the largest size: the slowest of all runs.
    searchableWithinASecond: Object.entries(at)
      .filter(([op]) => op.startsWith('write → searchable'))
      .every(([, f]) => f?.max != null && f.max <= TARGETS.searchableMs),
  };
  console.log(
    `at ${largest}: worst list p95 ${listWorst} ms (target ≤ ${TARGETS.listP95Ms}), worst search p95 ${searchWorst} ms ` +
      `(target ≤ ${TARGETS.searchP95Ms}); anchor p95 ${at['anchor (bare, page-1 bytes)'].p95} ms`,
  );
  console.log(
    `targets met: ${Object.entries(verdict)
      .filter(([k]) => k !== 'measuredAt')
      .map(([k, v]) => `${k}=${v ? 'yes' : 'NO'}`)
      .join(' ')}` +
      (largest < TARGETS.atSize
        ? ` (largest size measured ${largest}, the targets are set at ${TARGETS.atSize})`
        : ''),
  );

  const report = {
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version },
    settings: {
      sizes: SIZES,
      runs: RUNS,
      samples: SAMPLES,
      opSeconds: OP_SECONDS,
      mongoXmx: MONGO_XMX,
      mongoCacheMb: MONGO_CACHE_MB,
      team: TEAM,
      teamEach: TEAM_EACH,
      teamSeedSeconds,
      store: 'mongo-java-server (H2 file)',
    },
    targets: TARGETS,
    results,
    growth,
    verdict,
  };
  log(`wrote ${writeBenchReport('scale', report)}`);
}

async function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? once(c, 'exit') : null)));
}

main()
  .then(() => {
    process.exitCode = 0;
  })
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await stopAll();
    // The run's search index (alias and concrete index) goes with its store.
    const search = process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9200';
    await fetch(`${search}/scale-${suffix}-artifacts*`, { method: 'DELETE' }).catch(() => undefined);
    for (const d of [`.local/bench/scale-mongo-${suffix}`])
      rmSync(join(root, d), { recursive: true, force: true });
  });
