#!/usr/bin/env node
// Artifacts benchmark (not part of npm test): builds, starts artifacts + gateway + the renderer
// (usercontent) from dist and bare reference servers on free loopback ports, seeds data, measures
// with autocannon, prints a table and writes JSON to .local/bench/.
//  - public read of a 20 KB artifact through the gateway vs a bare server answering the same Redis
//    entry;
//  - the renderer's embed document of that artifact (gzip, as browsers and CDNs ask) vs a bare
//    server returning the very same bytes;
//  each pair measured BENCH_ROUNDS times (3) interleaved (measured side, anchor, measured, ...) so
//  both see the same machine load; medians are compared.
// Usage: node tools/bench/artifacts.mjs [--no-build]
import { execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, log, startService as startServiceIn, waitReady } from './lib/services.mjs';
import { writeBenchReport } from './lib/report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const TARGETS = { readRps: 2000, readP99Ms: 10, readVsBare: 0.9, embedVsBare: 0.85, createP95Ms: 250 };
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10);
const READ_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const CREATE_REQUESTS = Number(process.env.BENCH_CREATE_REQUESTS ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const suffix = Date.now().toString(36);
const children = [];

// BENCH_PROFILE=1 writes the services' CPU profiles to .local/bench/profiles (summarise one with
// node tools/bench/cpu-profile-summary.mjs <file>).
const nodeArgs = process.env.BENCH_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${join(root, '.local/bench/profiles')}`]
  : [];

const startService = (app, port, env) => startServiceIn(children, app, port, env, nodeArgs);

/** Runs autocannon and keeps every response time (its histogram has no p95). */
function run(options) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve({ result, times })));
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
    instance.on('error', reject);
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The median round of each measured figure (throughput, percentiles) over the rounds. */
function medianSummary(rounds) {
  const out = {};
  for (const key of Object.keys(rounds[0])) out[key] = median(rounds.map((r) => r[key]));
  out.eachRoundRps = rounds.map((r) => r.rps);
  return out;
}

/** User + system CPU time of a process so far, in microseconds (Linux /proc; clock ticks of 10 ms). */
function cpuUs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** One autocannon run with the answering process's CPU time per request. */
async function measuredRun(options, pid) {
  const before = cpuUs(pid);
  const result = summary(await run(options));
  return { ...result, cpuUsPerRequest: Math.round((cpuUs(pid) - before) / Math.max(1, result.requests)) };
}

/** One raw GET (no decompression): status, headers and the exact bytes sent. */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

function summary({ result: r, times }) {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (n) => Math.round(n * 10) / 10;
  return {
    requests: r.requests.total,
    rps: Math.round(r.requests.total / (r.duration || 1)),
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    log('building (npx tsc -b tsconfig.build.json)');
    execFileSync('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  }
  const platform = require(join(root, 'libs/platform/dist/index.js'));
  const defaults = platform.localDefaults('bench');
  const keys = platform.localDevKeys();
  const signer = new platform.AccessTokenSigner(keys.privateKey);
  const token = await signer.sign(
    {
      sub: `bench-${suffix}`,
      email: 'bench@x.test',
      sid: `bench-${suffix}`,
      adm: false,
      act: true,
      plan: 'Pro',
      sts: 'TRIAL',
    },
    Date.now(),
    3600,
  );

  const [artifactsPort, gatewayPort, barePort, rendererPort, bareEmbedPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const rendererUrl = `http://127.0.0.1:${rendererPort}`;
  const artifactsUrl = `http://127.0.0.1:${artifactsPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const dbName = `cv_bench_artifacts_${suffix}`;
  log('starting artifacts and gateway from dist');
  const artifacts = startService('artifacts', artifactsPort, {
    MONGO_DB: dbName,
    VIEW_COUNT_CONSUMER_GROUP: `bench-${suffix}`,
  });
  const gateway = startService('gateway', gatewayPort, {
    ARTIFACTS_URL: artifactsUrl,
    RATE_LIMIT_NAMESPACE: `rl:bench:${suffix}`,
  });
  const renderer = startService('usercontent', rendererPort, {
    RENDERER_ORIGIN: `http://localhost:${rendererPort}`,
    WEB_ORIGIN: 'http://127.0.0.1:4200',
    GATEWAY_URL: gatewayUrl,
  });
  await Promise.all([
    waitReady(artifactsUrl, 'artifacts', artifacts),
    waitReady(gatewayUrl, 'gateway', gateway),
    waitReady(rendererUrl, 'usercontent', renderer),
  ]);

  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const section =
    '<section class="card"><h2>Quarterly figures</h2><p style="color:#333">Revenue grew in every region; see the table.</p></section>\n';
  const content20k = `<!doctype html><html><body>${section.repeat(Math.ceil(20_000 / section.length))}`.slice(
    0,
    20_000,
  );
  const created = await fetch(`${gatewayUrl}/api/v1/artifacts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: 'Bench 20 KB', type: 'HTML', content: content20k, isPublic: true }),
  });
  if (created.status !== 201) throw new Error(`seed failed: ${created.status} ${await created.text()}`);
  const { artifact } = await created.json();
  const readPath = `/api/v1/artifacts/${artifact.id}`;
  const warm = await fetch(`${gatewayUrl}${readPath}`);
  const body = await warm.text();
  log(`seeded ${artifact.id}; public read is ${body.length} bytes`);

  const bare = fork(
    join(root, 'tools/bench/bare-server.mjs'),
    [String(barePort), defaults.REDIS_URL, `artifacts:public:${artifact.id}`],
    { stdio: 'inherit' },
  );
  children.push(bare);
  await once(bare, 'message');

  // The embed as a browser asks for it; the bare anchor returns those very bytes and headers.
  const embedPath = `/embed/${artifact.id}`;
  // Embeds are served on the artifact's own origin ({label}.localhost): the renderer's own origin
  // sends them there. Requests go to loopback with that Host, as a browser's would.
  const sentOn = await rawGet(`${rendererUrl}${embedPath}`, { host: `localhost:${rendererPort}` });
  if (sentOn.status !== 302) throw new Error(`the renderer's own origin answered ${sentOn.status}, not 302`);
  const embedHeaders = {
    'accept-encoding': 'gzip, deflate, br',
    host: new URL(String(sentOn.headers.location)).host,
  };
  const embed = await rawGet(`${rendererUrl}${embedPath}`, embedHeaders);
  if (embed.status !== 200) throw new Error(`embed answered ${embed.status}`);
  const embedFile = join(tmpdir(), `bench-embed-${suffix}`);
  writeFileSync(embedFile, embed.body);
  // Every header the renderer sent (security headers included), so both send the same bytes.
  const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const keep = Object.keys(embed.headers).filter((k) => !perConnection.has(k));
  const bareEmbed = fork(
    join(root, 'tools/bench/bare-server.mjs'),
    [
      String(bareEmbedPort),
      '--file',
      embedFile,
      JSON.stringify(
        Object.fromEntries(keep.filter((k) => embed.headers[k]).map((k) => [k, embed.headers[k]])),
      ),
    ],
    { stdio: 'inherit' },
  );
  children.push(bareEmbed);
  await once(bareEmbed, 'message');
  log(
    `embed document: ${embed.body.length} bytes sent (${embed.headers['content-encoding'] ?? 'identity'}), ` +
      `cache-control "${embed.headers['cache-control']}", etag ${embed.headers['etag'] ?? 'none'}`,
  );

  const readOptions = (url, extra = {}) => ({
    url,
    connections: READ_CONNECTIONS,
    duration: READ_SECONDS,
    pipelining: 1,
    ...extra,
  });
  const pairs = {
    read: [readOptions(`${gatewayUrl}${readPath}`), readOptions(`http://127.0.0.1:${barePort}/`)],
    embed: [
      readOptions(`${rendererUrl}${embedPath}`, { headers: embedHeaders }),
      readOptions(`http://127.0.0.1:${bareEmbedPort}/`, { headers: embedHeaders }),
    ],
  };
  // CPU time per request of the answering process (user + system, from /proc): unlike req/s it
  // hardly depends on what else loads the machine, so it compares the two sides on a busy host.
  const pids = { read: [gateway.pid, bare.pid], embed: [renderer.pid, bareEmbed.pid] };
  const rounds = { read: [[], []], embed: [[], []] };
  for (const [name, [measured, anchor]] of Object.entries(pairs)) {
    log(`${name}: ${ROUNDS} rounds of ${READ_SECONDS} s each side, ${READ_CONNECTIONS} connections`);
    // Warm-up: a service fresh from start is still being optimised by the JIT for seconds.
    await run({ ...measured, duration: 5 });
    await run({ ...anchor, duration: 2 });
    for (let round = 0; round < ROUNDS; round++) {
      const a = await measuredRun(measured, pids[name][0]);
      const b = await measuredRun(anchor, pids[name][1]);
      log(
        `  round ${round + 1}: ${a.rps} vs ${b.rps} req/s (${(a.rps / b.rps).toFixed(2)}), p99 ${a.p99Ms} vs ${b.p99Ms} ms, CPU ${a.cpuUsPerRequest} vs ${b.cpuUsPerRequest} µs/request`,
      );
      rounds[name][0].push(a);
      rounds[name][1].push(b);
    }
  }
  const viaGateway = medianSummary(rounds.read[0]);
  const bareRead = medianSummary(rounds.read[1]);
  const viaRenderer = medianSummary(rounds.embed[0]);
  const bareEmbedRead = medianSummary(rounds.embed[1]);
  const ratio = (side) => median(rounds[side][0].map((r, i) => r.rps / rounds[side][1][i].rps));
  const readRatio = Math.round(ratio('read') * 100) / 100;
  const cpuRatio = (side) =>
    Math.round(
      median(rounds[side][1].map((r, i) => r.cpuUsPerRequest / rounds[side][0][i].cpuUsPerRequest)) * 100,
    ) / 100;
  const embedRatio = Math.round(ratio('embed') * 100) / 100;

  // Repeat views: a client (or a CDN) that has the document revalidates and gets a bodiless 304.
  const revalidated = {
    read: (await rawGet(`${gatewayUrl}${readPath}`, { 'if-none-match': warm.headers.get('etag') ?? '' }))
      .status,
    embed: embed.headers['etag']
      ? (
          await rawGet(`${rendererUrl}${embedPath}`, {
            ...embedHeaders,
            'if-none-match': embed.headers['etag'],
          })
        ).status
      : null,
  };
  const caching = {
    read: {
      cacheControl: warm.headers.get('cache-control'),
      etag: warm.headers.get('etag'),
      revalidated: revalidated.read,
    },
    embed: {
      cacheControl: embed.headers['cache-control'],
      etag: embed.headers['etag'] ?? null,
      revalidated: revalidated.embed,
    },
  };

  const content500k =
    `<!doctype html><html><body>${section.repeat(Math.ceil(500_000 / section.length))}`.slice(0, 500_000);
  const createBody = JSON.stringify({
    title: 'Bench 500 K',
    type: 'HTML',
    content: content500k,
    tags: 'bench',
  });
  log(`create of a 500,000-character artifact through the gateway: ${CREATE_REQUESTS} requests`);
  const create = summary(
    await run({
      url: `${gatewayUrl}/api/v1/artifacts`,
      method: 'POST',
      headers,
      body: createBody,
      connections: 1,
      amount: CREATE_REQUESTS,
    }),
  );

  const verdict = {
    readRps: viaGateway.rps >= TARGETS.readRps,
    readP99: viaGateway.p99Ms <= TARGETS.readP99Ms,
    readVsBare: readRatio >= TARGETS.readVsBare,
    embedVsBare: embedRatio >= TARGETS.embedVsBare,
    revalidated304: caching.read.revalidated === 304 && caching.embed.revalidated === 304,
    createP95: create.p95Ms <= TARGETS.createP95Ms,
  };
  const report = {
    at: new Date().toISOString(),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    settings: {
      readSeconds: READ_SECONDS,
      connections: READ_CONNECTIONS,
      rounds: ROUNDS,
      createRequests: CREATE_REQUESTS,
      readBytes: body.length,
      embedBytes: embed.body.length,
    },
    results: {
      publicReadViaGateway: viaGateway,
      publicReadBareServer: bareRead,
      readVsBare: readRatio,
      readCpuEfficiencyVsBare: cpuRatio('read'),
      embedViaRenderer: viaRenderer,
      embedBareServer: bareEmbedRead,
      embedVsBare: embedRatio,
      embedCpuEfficiencyVsBare: cpuRatio('embed'),
      caching,
      create500k: create,
    },
    targets: TARGETS,
    verdict,
  };
  const row = ({ eachRoundRps, ...rest }) => ({ ...rest, rounds: eachRoundRps.join(' ') });
  console.table({
    'public read via gateway': row(viaGateway),
    'public read bare server': row(bareRead),
    'embed document via renderer': row(viaRenderer),
    'embed bytes bare server': row(bareEmbedRead),
    'create 500,000 chars': create,
  });
  console.log(
    `medians of ${ROUNDS} interleaved rounds: gateway/bare ${readRatio} (target >= ${TARGETS.readVsBare}), ` +
      `renderer/bare ${embedRatio} (target >= ${TARGETS.embedVsBare}); CPU per request, bare/measured: ` +
      `gateway ${cpuRatio('read')}, renderer ${cpuRatio('embed')}`,
  );
  console.log(`caching: ${JSON.stringify(caching)}`);
  console.log(
    `targets met: ${Object.entries(verdict)
      .map(([k, v]) => `${k}=${v ? 'yes' : 'NO'}`)
      .join(' ')}`,
  );
  log(`wrote ${writeBenchReport('artifacts', report)}`);

  const { MongoClient } = require('mongodb');
  const mongo = await MongoClient.connect(defaults.MONGO_URL);
  await mongo.db(dbName).dropDatabase();
  await mongo.close();
}

async function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  // A profiled service writes its profile on exit: wait for it.
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
  .finally(() => stopAll());
