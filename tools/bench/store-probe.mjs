#!/usr/bin/env node
// The embedded store alone (#20; not part of npm test): what each of the artifacts service's
// recurring queries costs the local mongo-java-server at N artifacts, with no service, gateway or
// engine in the way. Starts a private store exactly as `infra up` does (javaServerArgs) on a
// throwaway file, inserts N artifacts of the scale bench's content (10–30 KB) for one owner with
// the list index and the outbox index the services declare, then times each query sequentially
// for a few seconds: p50/p95/max and the store's CPU per query (from /proc).
// Usage: node tools/bench/store-probe.mjs [--n 20000] [--seconds 5]   → .local/bench/store-probe.json
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { javaServerArgs } from '../infra/services/mongo.mjs';
import { benchArtifact } from './scale-content.mjs';
import { writeBenchReport } from './lib/report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const { MongoClient } = require('mongodb');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return Number(i > 0 ? process.argv[i + 1] : fallback);
};
const N = arg('n', 20_000);
const SECONDS = arg('seconds', 5);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const r1 = (n) => Math.round(n * 10) / 10;

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address();
  server.close();
  return port;
}

const dir = join(root, `.local/bench/store-probe-${Date.now().toString(36)}`);
mkdirSync(dir, { recursive: true });
const port = await freePort();
const store = spawn('java', [...javaServerArgs(), '127.0.0.1', String(port), join(dir, 'probe.mv.db')], {
  stdio: 'ignore',
});
/** The store's CPU time so far, in ms (utime + stime, in clock ticks of 10 ms). */
const cpuMs = () =>
  readFileSync(`/proc/${store.pid}/stat`, 'utf8')
    .split(' ')
    .slice(13, 15)
    .reduce((a, b) => a + Number(b) * 10, 0);

let client;
try {
  for (let tries = 0; !client; tries++) {
    try {
      client = await MongoClient.connect(`mongodb://127.0.0.1:${port}`, { serverSelectionTimeoutMS: 500 });
    } catch (err) {
      if (tries > 120) throw err;
      await sleep(250);
    }
  }
  const db = client.db('probe');
  const artifacts = db.collection('artifacts');
  // As artifact.schema.ts and the outbox schema declare them.
  await artifacts.createIndex({ owner: 1, deletedAt: 1, createdAt: -1, _id: -1 }, { name: 'list_created' });
  await artifacts.createIndex({ _outboxPending: 1 });
  const t0 = performance.now();
  const base = Date.now();
  for (let i = 0; i < N; i += 20) {
    const docs = Array.from({ length: Math.min(20, N - i) }, (_, j) => {
      const a = benchArtifact(i + j);
      return {
        _id: `a${String(i + j).padStart(7, '0')}`,
        owner: 'probe',
        deletedAt: null,
        createdAt: new Date(base + i + j),
        _outboxPending: 0,
        ...a,
      };
    });
    await artifacts.insertMany(docs);
  }
  const seedSeconds = r1((performance.now() - t0) / 1000);
  process.stderr.write(`[store-probe] ${N} artifacts in ${seedSeconds} s\n`);

  const someIds = Array.from({ length: 20 }, (_, k) => `a${String((k * 997) % N).padStart(7, '0')}`);
  const queries = {
    // OutboxRelayService.claim, every 250 ms while idle.
    'outbox relay claim': () =>
      artifacts
        .find(
          {
            _outboxPending: { $gt: 0 },
            $or: [{ _outboxLease: null }, { '_outboxLease.until': { $lt: new Date() } }],
          },
          { projection: { _id: 1 }, limit: 100 },
        )
        .toArray(),
    'list page (Newest, 21 cards)': () =>
      artifacts
        .find(
          { owner: 'probe', deletedAt: null },
          { projection: { content: 0 }, sort: { createdAt: -1, _id: -1 }, limit: 21 },
        )
        .toArray(),
    "list's total (count)": () =>
      db.command({ count: 'artifacts', query: { owner: 'probe', deletedAt: null } }),
    'cards by _id (20, a search page)': () =>
      artifacts.find({ _id: { $in: someIds } }, { projection: { content: 0 } }).toArray(),
  };
  const results = {};
  for (const [name, run] of Object.entries(queries)) {
    const before = cpuMs();
    const times = [];
    const until = performance.now() + SECONDS * 1000;
    while (performance.now() < until) {
      const s = performance.now();
      await run();
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    results[name] = {
      n: times.length,
      p50: r1(pct(times, 50)),
      p95: r1(pct(times, 95)),
      max: r1(times.at(-1)),
      storeCpuMsPerQuery: Math.round(((cpuMs() - before) / times.length) * 100) / 100,
    };
  }
  console.table(results);
  const report = { at: new Date().toISOString(), artifacts: N, seedSeconds, results };
  writeBenchReport('store-probe', report);
} finally {
  await client?.close();
  store.kill('SIGKILL');
  await new Promise((r) => store.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
