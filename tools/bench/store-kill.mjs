#!/usr/bin/env node
// Does the local mongo-java-server keep every acknowledged write through `kill -9`? (#32.6; not
// part of npm test.) Starts a private store as `infra up` does (javaServerArgs; build it first
// with `npm run infra -- up mongo`) on a throwaway file; W writers insert documents (indexed, as
// the outbox's `_outboxPending`) and `$inc` shared counters; at a random Nth acknowledged write
// the store gets SIGKILL from inside that write's callback. After a restart over the same file,
// every acknowledged insert must be there, findable by `_id` and by its index, and every counter
// at least at its acknowledged increments. Repeats for R rounds.
// Usage: node tools/bench/store-kill.mjs [--rounds 10] [--writers 32]   → .local/bench/store-kill.json
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { javaServerArgs } from '../infra/services/mongo.mjs';
import { writeBenchReport } from './lib/report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const { MongoClient } = require('mongodb');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return Number(i > 0 ? process.argv[i + 1] : fallback);
};
const ROUNDS = arg('rounds', 10);
const WRITERS = arg('writers', 32);
const COUNTERS = 8;

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address();
  server.close();
  return port;
}

/** The store, started detached (its own process group, as infra's pid files kill it). */
function startStore(port, file) {
  const child = spawn('java', [...javaServerArgs('1g', 256), '127.0.0.1', String(port), file], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => out.includes('listening') && (clearInterval(timer), resolve(child)), 20);
    child.once('exit', (code) => (clearInterval(timer), reject(new Error(`store exited ${code}: ${out}`))));
  });
}

const exited = (child) =>
  new Promise((r) => (child.exitCode !== null || child.signalCode ? r() : child.once('exit', r)));

const dir = join(root, `.local/bench/store-kill-${Date.now().toString(36)}`);
mkdirSync(dir, { recursive: true });
const rounds = [];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const file = join(dir, `round-${round}.mv.db`);
    const port = await freePort();
    let store = await startStore(port, file);
    const client = new MongoClient(`mongodb://127.0.0.1:${port}`, {
      maxPoolSize: WRITERS + 4,
      serverSelectionTimeoutMS: 3000,
      socketTimeoutMS: 5000,
    });
    await client.connect();
    const docs = client.db('kill').collection('docs');
    const counters = client.db('kill').collection('counters');
    await docs.createIndex({ pending: 1 });
    for (let i = 0; i < COUNTERS; i++) await counters.insertOne({ _id: `c${i}`, n: 0 });
    const acked = [];
    const increments = new Map();
    const killAt = 300 + Math.floor(Math.random() * 1500);
    let acks = 0;
    let killed = false;
    const pad = 'x'.repeat(2000);
    const writer = async (w) => {
      for (let n = 0; !killed; n++) {
        try {
          if (n % 3 === 2) {
            const id = `c${(w + n) % COUNTERS}`;
            await counters.updateOne({ _id: id }, { $inc: { n: 1 } });
            if (killed) return;
            increments.set(id, (increments.get(id) ?? 0) + 1);
          } else {
            const _id = `w${w}-${n}`;
            await docs.insertOne({ _id, pending: 1, pad });
            if (killed) return;
            acked.push(_id);
          }
          if (++acks === killAt) {
            process.kill(-store.pid, 'SIGKILL');
            killed = true;
          }
        } catch {
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    await client.close(true).catch(() => undefined);
    await exited(store);

    store = await startStore(port, file);
    const after = new MongoClient(`mongodb://127.0.0.1:${port}`);
    await after.connect();
    const db = after.db('kill');
    const stored = new Set(
      (
        await db
          .collection('docs')
          .find({}, { projection: { _id: 1 } })
          .toArray()
      ).map((d) => d._id),
    );
    const byId = new Set(
      (
        await db
          .collection('docs')
          .find({ _id: { $in: acked } }, { projection: { _id: 1 } })
          .toArray()
      ).map((d) => d._id),
    );
    const byIndex = new Set(
      (
        await db
          .collection('docs')
          .find({ pending: { $gt: 0 } }, { projection: { _id: 1 } })
          .toArray()
      ).map((d) => d._id),
    );
    let lostIncrements = 0;
    for (const c of await db.collection('counters').find({}).toArray())
      lostIncrements += Math.max(0, (increments.get(c._id) ?? 0) - c.n);
    const result = {
      round,
      killAt,
      acknowledgedInserts: acked.length,
      stored: stored.size,
      lost: acked.filter((id) => !stored.has(id)).length,
      missedById: acked.filter((id) => !byId.has(id)).length,
      missedByIndex: [...stored].filter((id) => !byIndex.has(id)).length,
      lostIncrements,
    };
    rounds.push(result);
    console.log(JSON.stringify(result));
    await after.close();
    process.kill(-store.pid, 'SIGKILL');
    await exited(store);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const bad = rounds.filter((r) => r.lost || r.missedById || r.missedByIndex || r.lostIncrements);
const summary = {
  rounds: rounds.length,
  writers: WRITERS,
  roundsWithLoss: bad.length,
  results: rounds,
  targets: { roundsWithLoss: 0 },
  verdict: { noLoss: bad.length === 0 },
};
writeBenchReport('store-kill', summary);
console.log(`${rounds.length} crashes, ${bad.length} with a lost or unfindable acknowledged write`);
process.exit(bad.length ? 1 : 0);
