#!/usr/bin/env node
// `npm run backup`: a consistent snapshot of the local MongoDB and Redis into
// .local/backups/<ISO timestamp without colons>/ (docs/guides/operations.md, "Backup and restore").
//
//   node tools/scripts/backup.mjs [--out DIR] [--pause-ms N] [--attempts N] [--json]
//
// Works against whatever tools/infra points at (config/local.json, or INFRA_CONFIG; the folder
// follows INFRA_LOCAL) and MONGO_URL / REDIS_URL when set: mongo-java-server, a real mongod or an
// external server alike, because the backup is logical — documents as canonical Extended JSON
// (every BSON type round-trips exactly), collection options and index definitions, and every
// Redis key as its DUMP payload with its remaining TTL. A file-level copy (the H2 store, mongod's
// dbpath, Redis' AOF) would tie a backup to one server kind and version and would need the
// server stopped.
//
// Consistency — what "consistent" means here:
//   The backup equals the contents of all MongoDB databases and all Redis databases at one
//   instant (manifest.consistency.instant). The local MongoDB server has no snapshot reads,
//   fsyncLock, oplog or change streams, and nothing can make the apps stop writing it, so the
//   backup does not stop MongoDB: it proves that MongoDB held still instead.
//   1. MongoDB, first read: every collection once, in _id order, into its file (with its options
//      and index definitions).
//   2. Redis: `CLIENT PAUSE <pause-ms> WRITE`. From its reply on, no client can change a key
//      (expiry is suspended too) until the UNPAUSE, so Redis holds still; its keys are read in
//      that window (SCAN, DUMP, PTTL: reads, which are not paused). The instant of the backup is
//      the moment the pause took effect.
//   3. MongoDB, second read (hashing only, no files). When every collection (documents, options,
//      indexes) reads the same both times, it did not change from its first read to its second,
//      and the instant lies between the two: MongoDB held at that instant exactly what the files
//      hold, and Redis, paused, exactly what redis.jsonl holds. If anything differs the attempt is
//      thrown away and taken again (--attempts, default 3); then the backup fails, naming what
//      kept changing. So apps' Redis writes wait only while the keys are read (well under a
//      second for development data), however large MongoDB is.
//   Limits: a change undone before its collection's second read (insert then delete, set then
//   reset) is not seen; the backup then holds the state without it, which also existed. Documents
//   are atomic one by one, which is what the services rely on (their outbox lives in the same
//   document as the change; there are no multi-document transactions locally). Kafka is not part
//   of the backup (docs/guides/operations.md). If reading Redis takes longer than --pause-ms (default
//   10 s) the pause may have lapsed, so the backup fails rather than claim consistency.
//
// Atomicity: everything is written into .local/backups/.partial-<name>.<pid>/, each file fsynced,
// manifest.json last, then the folder is renamed to <name>. A folder with a manifest is a complete
// backup; an interrupted one stays a .partial-* folder (removed by the next backup) that restore
// refuses. Ctrl+C unpauses Redis and removes the partial folder; if this process dies anyway,
// Redis ends the pause by itself after --pause-ms.
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOCAL, rel } from '../infra/lib/config.mjs';
import fmt from './lib/backup-format.cjs';
import {
  connectMongo,
  connectRedis,
  mongoServerInfo,
  readMongo,
  readRedis,
  redisServerInfo,
  storeUrls,
} from './lib/backup-stores.mjs';

const USAGE = 'usage: node tools/scripts/backup.mjs [--out DIR] [--pause-ms N] [--attempts N] [--json]';

function parseArgs(argv) {
  const opts = { out: join(LOCAL, 'backups'), pauseMs: 10_000, attempts: 3, json: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    const count = (name, min) => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < min) throw new UsageError(`${name} needs a whole number ≥ ${min}`);
      return n;
    };
    if (flag === '--out') opts.out = resolve(value());
    else if (flag === '--pause-ms') opts.pauseMs = count('--pause-ms', 100);
    else if (flag === '--attempts') opts.attempts = count('--attempts', 1);
    else if (flag === '--json') opts.json = true;
    else if (flag === '--help' || flag === '-h') throw new UsageError('');
    else throw new UsageError(`unknown argument ${argv[i]}`);
  }
  return opts;
}

class UsageError extends Error {}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};

/** Removes .partial-* folders whose writer is gone (a backup that crashed or was killed). */
function removeAbandoned(out) {
  for (const name of readdirSync(out)) {
    const pid = fmt.tempOwner(name);
    if (pid && pid !== process.pid && !isAlive(pid))
      rmSync(join(out, name), { recursive: true, force: true });
  }
}

// Pass 1 and pass 2 are compared collection by collection (contents, options, indexes).
function differences(first, second) {
  const flat = (dbs) =>
    new Map(
      dbs.flatMap((d) =>
        d.collections.map((c) => [
          `${d.name}.${c.name}`,
          JSON.stringify([c.type, c.options, c.indexes ?? null, c.documents ?? null, c.sha256 ?? null]),
        ]),
      ),
    );
  const [a, b] = [flat(first), flat(second)];
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((n) => a.get(n) !== b.get(n)).sort();
}

/**
 * One attempt at a snapshot into `dir`: { ok: true, ... }, or { ok: false, changed } when MongoDB
 * changed between its two reads, or { ok: false, window } when Redis was not read within the pause.
 */
async function snapshot({ mongo, redis, dir, pauseMs, say }) {
  mkdirSync(dir, { recursive: true });
  const tFirst = performance.now();
  const databases = await readMongo(mongo, { dir });
  const firstPassMs = performance.now() - tFirst;

  const tPause = performance.now(); // before the command: the window is measured conservatively
  await redis.call('CLIENT', 'PAUSE', String(pauseMs), 'WRITE');
  const instant = new Date();
  let redisPart;
  let redisRead;
  try {
    redisPart = await readRedis(redis, dir);
    redisRead = performance.now() - tPause;
  } finally {
    await redis.call('CLIENT', 'UNPAUSE').catch(() => {}); // lapses by itself after pauseMs anyway
  }
  const pausedMs = performance.now() - tPause;
  say(`redis: ${redisPart.keys} keys read while writes were paused (${Math.round(pausedMs)} ms)`);
  // A margin for the PAUSE round trip and clock granularity.
  if (redisRead > pauseMs - 50) return { ok: false, window: Math.round(redisRead) };

  const tVerify = performance.now();
  const changed = differences(databases, await readMongo(mongo, {}));
  if (changed.length) return { ok: false, changed };
  return {
    ok: true,
    redis: redisPart,
    databases,
    instant,
    pausedMs: Math.round(pausedMs),
    firstPassMs: Math.round(firstPassMs),
    verifyMs: Math.round(performance.now() - tVerify),
  };
}

function fsyncDir(path) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

async function main(argv) {
  const opts = parseArgs(argv);
  const say = opts.json ? (l) => console.error(`backup: ${l}`) : (l) => console.log(l);
  const startedAt = new Date();
  const t0 = performance.now();
  const { mongoUrl, redisUrl } = storeUrls();

  mkdirSync(opts.out, { recursive: true });
  removeAbandoned(opts.out);
  const name = fmt.uniqueBackupName(startedAt, new Set(readdirSync(opts.out)));
  const tmp = join(opts.out, fmt.tempName(name, process.pid));
  const final = join(opts.out, name);

  let mongo;
  let redis;
  const cleanup = async () => {
    rmSync(tmp, { recursive: true, force: true });
    await mongo?.close().catch(() => {});
    redis?.disconnect();
  };
  // Ctrl+C or a kill: lift the pause now (on a connection of its own) and leave nothing behind.
  const onSignal = (sig) => {
    void (async () => {
      const r = await connectRedis(redisUrl).catch(() => null);
      await r?.call('CLIENT', 'UNPAUSE').catch(() => {});
      r?.disconnect();
      await cleanup();
      console.error(`backup: interrupted (${sig}); nothing was kept`);
      process.exit(130);
    })();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    [mongo, redis] = await Promise.all([connectMongo(mongoUrl), connectRedis(redisUrl)]);
    const [mongoInfo, redisInfo] = await Promise.all([mongoServerInfo(mongo), redisServerInfo(redis)]);
    const [major, minor] = redisInfo.version.split('.').map(Number);
    if (major < 6 || (major === 6 && minor < 2))
      throw new Error(`Redis ${redisInfo.version} has no CLIENT PAUSE ... WRITE (6.2+ needed)`);
    say(
      `backing up MongoDB (${mongoInfo.server} ${mongoInfo.version}, ${fmt.redactUrl(mongoUrl)}) and Redis ` +
        `(${redisInfo.version}, ${fmt.redactUrl(redisUrl)}) into ${rel(final)}`,
    );

    let result;
    for (let attempt = 1; attempt <= opts.attempts; attempt++) {
      rmSync(tmp, { recursive: true, force: true });
      result = await snapshot({ mongo, redis, dir: tmp, pauseMs: opts.pauseMs, say });
      if (result.ok) {
        result.attempts = attempt;
        break;
      }
      if (result.window)
        throw new Error(
          `reading Redis took ${result.window} ms, longer than its writes may stay paused ` +
            `(--pause-ms ${opts.pauseMs}); run again with a larger --pause-ms`,
        );
      say(`attempt ${attempt}: changed while it was read: ${result.changed.join(', ')}`);
      if (attempt < opts.attempts) await sleep(250 * attempt);
    }
    if (!result.ok)
      throw new Error(
        `MongoDB kept changing during ${opts.attempts} attempt(s) (${result.changed.join(', ')}), so no ` +
          `consistent snapshot was possible; stop what writes to it (the apps, a test run) and run again`,
      );

    const collections = result.databases.flatMap((d) => d.collections.filter((c) => c.type === 'collection'));
    const files = [
      ...collections.map((c) => ({ path: c.file, bytes: c.bytes, sha256: c.sha256 })),
      { path: result.redis.file, bytes: result.redis.bytes, sha256: result.redis.sha256 },
    ];
    const documents = collections.reduce((n, c) => n + c.documents, 0);
    const bytes = files.reduce((n, f) => n + f.bytes, 0);
    const finishedAt = new Date();
    const manifest = {
      format: fmt.FORMAT,
      version: fmt.FORMAT_VERSION,
      name,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: Math.round(performance.now() - t0),
      consistency: {
        pointInTime: true,
        instant: result.instant.toISOString(),
        method:
          'MongoDB read, then Redis read while its writes were paused (CLIENT PAUSE WRITE), then MongoDB ' +
          'read again and found unchanged: both as at the moment the pause took effect (tools/scripts/backup.mjs)',
        redisWritesPausedMs: result.pausedMs,
        firstPassMs: result.firstPassMs,
        verifyMs: result.verifyMs,
        attempts: result.attempts,
      },
      source: {
        mongo: { url: fmt.redactUrl(mongoUrl), ...mongoInfo },
        redis: { url: fmt.redactUrl(redisUrl), ...redisInfo },
        node: process.version,
      },
      totals: {
        databases: result.databases.length,
        collections: collections.length,
        documents,
        keys: result.redis.keys,
        bytes,
      },
      mongo: { databases: result.databases },
      redis: result.redis,
      files,
    };
    writeFileSync(join(tmp, fmt.MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { flush: true });
    fsyncDir(tmp);
    renameSync(tmp, final);
    fsyncDir(opts.out);

    if (opts.json) {
      console.log(JSON.stringify({ path: final, manifest }, null, 2));
    } else {
      for (const d of result.databases)
        say(
          `  ${d.name}: ${d.collections
            .map((c) => (c.type === 'view' ? `${c.name} (view)` : `${c.name} ${c.documents}`))
            .join(', ')}`,
        );
      say(`  redis: ${result.redis.keys} keys ${JSON.stringify(result.redis.keysByDb)}`);
      say(
        `backup ${rel(final)}: ${documents} documents in ${collections.length} collections, ` +
          `${result.redis.keys} Redis keys, ${fmt.formatBytes(bytes)} in ${(manifest.durationMs / 1000).toFixed(1)} s ` +
          `(Redis writes paused ${result.pausedMs} ms; consistent as of ${manifest.consistency.instant})`,
      );
      say(`restore with: npm run restore -- ${rel(final)}`);
    }
  } finally {
    await cleanup();
  }
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof UsageError) {
    if (err.message) console.error(`backup: ${err.message}`);
    console.error(USAGE);
    process.exit(err.message ? 2 : 0);
  }
  console.error(`backup failed: ${err.message}`);
  process.exit(1);
});
