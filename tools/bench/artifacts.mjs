#!/usr/bin/env node
// Artifacts benchmark (not part of npm test): builds, starts artifacts + gateway from dist and a
// bare reference server on free loopback ports, seeds data, measures with autocannon, prints a
// table and writes JSON to .local/bench/. Usage: node tools/bench/artifacts.mjs [--no-build]
import { execFileSync, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const TARGETS = { readRps: 2000, readP99Ms: 30, readVsBare: 0.5, createP95Ms: 250 };
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10);
const READ_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const CREATE_REQUESTS = Number(process.env.BENCH_CREATE_REQUESTS ?? 40);
const suffix = Date.now().toString(36);
const children = [];

const log = (msg) => process.stderr.write(`[bench] ${msg}\n`);

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

async function waitReady(url, name, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited early (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} not ready in 60 s`);
}

function startService(app, port, env) {
  const child = spawn(process.execPath, [join(root, `apps/${app}/dist/main.js`)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

/** Runs autocannon and keeps every response time (its histogram has no p95). */
function run(options) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve({ result, times })));
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
    instance.on('error', reject);
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

  const [artifactsPort, gatewayPort, barePort] = [await freePort(), await freePort(), await freePort()];
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
  await Promise.all([
    waitReady(artifactsUrl, 'artifacts', artifacts),
    waitReady(gatewayUrl, 'gateway', gateway),
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

  const readOptions = (url) => ({
    url,
    connections: READ_CONNECTIONS,
    duration: READ_SECONDS,
    pipelining: 1,
  });
  log(`public read through the gateway: ${READ_CONNECTIONS} connections, ${READ_SECONDS} s`);
  await run({ ...readOptions(`${gatewayUrl}${readPath}`), duration: 2 }); // warm-up
  const viaGateway = summary(await run(readOptions(`${gatewayUrl}${readPath}`)));
  log('public read on the bare server');
  await run({ ...readOptions(`http://127.0.0.1:${barePort}/`), duration: 2 });
  const bareRead = summary(await run(readOptions(`http://127.0.0.1:${barePort}/`)));

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
    readVsBare: viaGateway.rps >= TARGETS.readVsBare * bareRead.rps,
    createP95: create.p95Ms <= TARGETS.createP95Ms,
  };
  const report = {
    at: new Date().toISOString(),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    settings: {
      readSeconds: READ_SECONDS,
      connections: READ_CONNECTIONS,
      createRequests: CREATE_REQUESTS,
      readBytes: body.length,
    },
    results: { publicReadViaGateway: viaGateway, publicReadBareServer: bareRead, create500k: create },
    targets: TARGETS,
    verdict,
  };
  console.table({
    'public read via gateway': viaGateway,
    'public read bare server': bareRead,
    'create 500,000 chars': create,
  });
  console.log(
    `gateway/bare throughput: ${(viaGateway.rps / bareRead.rps).toFixed(2)}  targets met: ${Object.entries(
      verdict,
    )
      .map(([k, v]) => `${k}=${v ? 'yes' : 'NO'}`)
      .join(' ')}`,
  );
  const dir = join(root, '.local/bench');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `artifacts-${report.at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`wrote ${file}`);

  const { MongoClient } = require('mongodb');
  const mongo = await MongoClient.connect(defaults.MONGO_URL);
  await mongo.db(dbName).dropDatabase();
  await mongo.close();
}

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}

main()
  .then(() => {
    stopAll();
    process.exitCode = 0;
  })
  .catch((err) => {
    console.error(err);
    stopAll();
    process.exitCode = 1;
  });
