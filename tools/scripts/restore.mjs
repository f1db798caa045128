#!/usr/bin/env node
// `npm run restore -- <backup folder | latest>`: puts a backup made by `npm run backup` back
// into the local MongoDB and Redis (docs/guides/operations.md, "Backup and restore").
//
//   node tools/scripts/restore.mjs <path|latest> [--yes] [--json]
//
// Order of work, so that a bad backup never costs data:
//   1. manifest.json is checked and every file it lists is checked against its size and sha256;
//      then the target servers are checked (Redis new enough for the DUMP payloads, enough
//      logical databases). Any problem: refuse with exit code 2, nothing touched.
//   2. If the target holds any data, consent: --yes, or "yes" typed at a terminal. In CI
//      (CI=true) or without a terminal there is nobody to ask: refuse with exit code 3.
//   3. MongoDB: every backed-up collection is dropped, re-created with its options, filled in
//      batches and given its indexes back (after the data: faster, same result). Collections and
//      non-system databases the backup does not have are dropped: a backup covers every
//      non-system database, so anything else was created after the snapshot.
//   4. Redis: every logical database is flushed and every key restored with its payload and the
//      TTL it had left at the snapshot (RESTORE key ttl payload REPLACE). Keys written after the
//      snapshot (sessions, rate-limit counters, BullMQ jobs) go: the state is the snapshot's.
//   5. Counts are checked against the manifest and what was restored is printed.
// Stop the apps first (Ctrl+C on `npm start`): anything they write during a restore mixes with it.
// A restore that fails half-way leaves a mixed state; running it again finishes it (every step
// replaces, so it can be repeated).
import { createReadStream, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createInterface as createPromptInterface } from 'node:readline/promises';
import { BSON } from 'mongodb';
import { LOCAL, rel } from '../infra/lib/config.mjs';
import fmt from './lib/backup-format.cjs';
import {
  connectMongo,
  connectRedis,
  keyBuffer,
  mongoLayout,
  mongoServerInfo,
  redisKeyspace,
  redisServerInfo,
  storeUrls,
} from './lib/backup-stores.mjs';

const { EJSON } = BSON;
const USAGE = 'usage: node tools/scripts/restore.mjs <backup folder | latest> [--yes] [--json]';

class Refusal extends Error {
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

function parseArgs(argv) {
  const opts = { path: null, yes: false, json: false };
  for (const a of argv) {
    if (a === '--yes' || a === '-y') opts.yes = true;
    else if (a === '--json') opts.json = true;
    else if (a === '--help' || a === '-h') throw new Refusal(USAGE, 0);
    else if (a.startsWith('-')) throw new Refusal(`unknown option ${a}\n${USAGE}`, 2);
    else if (opts.path) throw new Refusal(`one backup at a time\n${USAGE}`, 2);
    else opts.path = a;
  }
  if (!opts.path)
    throw new Refusal(
      `which backup? (a folder under ${rel(join(LOCAL, 'backups'))}, or latest)\n${USAGE}`,
      2,
    );
  return opts;
}

/** The folder: a path, a bare backup name in .local/backups, or `latest`. */
function backupDir(arg) {
  const store = join(LOCAL, 'backups');
  if (arg === 'latest') {
    const names = existsSync(store) ? readdirSync(store) : [];
    const name = fmt.latestBackup(names, (n) => existsSync(join(store, n, fmt.MANIFEST)));
    if (!name) throw new Refusal(`no complete backup in ${rel(store)}`, 2);
    return join(store, name);
  }
  if (!existsSync(arg) && fmt.parseBackupName(arg) && existsSync(join(store, arg))) return join(store, arg);
  return resolve(arg);
}

async function readManifest(dir) {
  if (!existsSync(dir)) throw new Refusal(`${dir} does not exist`, 2);
  const file = join(dir, fmt.MANIFEST);
  if (!existsSync(file))
    throw new Refusal(
      `${rel(dir)} is not a complete backup: it has no ${fmt.MANIFEST} (an interrupted backup leaves ` +
        `a .partial-* folder, which cannot be restored). Nothing was changed.`,
      2,
    );
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Refusal(`${rel(file)} is not valid JSON (${err.message}). Nothing was changed.`, 2);
  }
  const problems = fmt.validateManifest(manifest);
  if (!problems.length) problems.push(...(await fmt.verifyFiles(dir, manifest)));
  if (problems.length)
    throw new Refusal(
      `refusing to restore ${rel(dir)}: the backup is damaged or incomplete:\n` +
        `${problems.map((p) => `  - ${p}`).join('\n')}\nNothing was changed.`,
      2,
    );
  return manifest;
}

async function lines(path, onLine) {
  const rl = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of rl) if (line) await onLine(line);
}

async function ask(question) {
  const rl = createPromptInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question(question)).trim().toLowerCase() === 'yes';
  } finally {
    rl.close();
  }
}

const isNamespaceNotFound = (err) =>
  err?.code === 26 || /ns not found|does not exist/i.test(err?.message ?? '');

async function dropCollection(db, name) {
  await db.dropCollection(name).catch((err) => {
    if (!isNamespaceNotFound(err)) throw err;
  });
}

async function restoreCollection(client, dir, c) {
  const db = client.db(c.db);
  await dropCollection(db, c.name);
  const options = EJSON.deserialize(c.options ?? {}, { relaxed: true });
  if (c.type === 'view') return 0; // created after every collection (a view may read any of them)
  await db.createCollection(c.name, options);
  const coll = db.collection(c.name);
  const batches = fmt.batcher({ maxDocs: 1000, maxBytes: 8 * 1024 * 1024 });
  let n = 0;
  const insert = async (docs) => {
    await coll.insertMany(docs, { ordered: true, bypassDocumentValidation: true });
    n += docs.length;
  };
  await lines(join(dir, ...c.file.split('/')), async (line) => {
    // relaxed: false keeps Int32 / Double / Long / Decimal128 as the types they were.
    const full = batches.add(EJSON.parse(line, { relaxed: false }), line.length);
    if (full) await insert(full);
  });
  const rest = batches.flush();
  if (rest) await insert(rest);
  const specs = fmt.indexSpecsToCreate(EJSON.deserialize(c.indexes, { relaxed: true }));
  if (specs.length) await db.command({ createIndexes: c.name, indexes: specs });
  return n;
}

async function restoreRedis(redis, dir, manifest, targetSpaces) {
  for (const db of Object.keys(targetSpaces).map(Number)) {
    await redis.select(db);
    await redis.flushdb();
  }
  let current = -1;
  let pipe = redis.pipeline();
  let queued = 0;
  const restored = {};
  const run = async () => {
    if (!queued) return;
    const replies = await pipe.exec();
    const failed = replies.find(([err]) => err);
    if (failed) throw new Error(`Redis RESTORE failed: ${failed[0].message}`);
    pipe = redis.pipeline();
    queued = 0;
    current = -1; // the next pipeline selects again: never assume what the connection has selected
  };
  await lines(join(dir, manifest.redis.file), async (text) => {
    const k = JSON.parse(text);
    if (k.db !== current) {
      pipe.select(k.db);
      current = k.db;
    }
    pipe.restore(keyBuffer(k), fmt.restoreTtl(k.pttl), Buffer.from(k.dump, 'base64'), 'REPLACE');
    restored[k.db] = (restored[k.db] ?? 0) + 1;
    if (++queued >= 500) await run();
  });
  await run();
  await redis.select(0);
  return restored;
}

async function main(argv) {
  const t0 = performance.now();
  const opts = parseArgs(argv);
  const say = opts.json ? (l) => console.error(`restore: ${l}`) : (l) => console.log(l);
  const dir = backupDir(opts.path);
  const manifest = await readManifest(dir);
  say(
    `backup ${rel(dir)} (consistent as of ${manifest.consistency?.instant ?? manifest.startedAt}): ` +
      `${manifest.totals.documents} documents in ${manifest.totals.collections} collections, ` +
      `${manifest.totals.keys} Redis keys; checksums of ${manifest.files.length} files verified`,
  );

  const { mongoUrl, redisUrl } = storeUrls();
  const mongo = await connectMongo(mongoUrl);
  const redis = await connectRedis(redisUrl).catch(async (err) => {
    await mongo.close();
    throw err;
  });
  try {
    const [mongoInfo, redisInfo, layout, spaces] = await Promise.all([
      mongoServerInfo(mongo),
      redisServerInfo(redis),
      mongoLayout(mongo),
      redisKeyspace(redis),
    ]);
    const problems = [
      ...fmt.checkRedisVersion(manifest.source.redis.version, redisInfo.version),
      ...fmt.checkRedisDatabases(manifest, redisInfo.databases),
    ];
    if (problems.length)
      throw new Refusal(`refusing to restore: ${problems.join('; ')}. Nothing was changed.`, 2);

    const plan = fmt.planMongoRestore(
      manifest,
      Object.fromEntries(Object.entries(layout).map(([db, colls]) => [db, colls.map((c) => c.name)])),
    );
    const targetCollections = Object.values(layout).reduce((n, c) => n + c.length, 0);
    const targetKeys = Object.values(spaces).reduce((n, k) => n + k, 0);
    const targetHasData = targetCollections > 0 || targetKeys > 0;
    const target = `MongoDB ${fmt.redactUrl(mongoUrl)} (${mongoInfo.server} ${mongoInfo.version}) and Redis ${fmt.redactUrl(redisUrl)}`;
    if (targetHasData) {
      const others = (await redis.client('LIST')).split('\n').filter(Boolean).length - 1;
      say(
        [
          `${target} hold data; restoring replaces it:`,
          `  MongoDB: ${targetCollections} collections in ${Object.keys(layout).length} databases now; ` +
            `${plan.replace.length} will be replaced from the backup` +
            (plan.dropCollections.length
              ? `, ${plan.dropCollections.length} dropped (${plan.dropCollections.map((c) => `${c.db}.${c.name}`).join(', ')})`
              : '') +
            (plan.dropDatabases.length ? `, databases dropped: ${plan.dropDatabases.join(', ')}` : ''),
          `  Redis: ${targetKeys} keys now, all flushed; ${manifest.totals.keys} restored`,
          ...(others > 0
            ? [`  note: ${others} other client(s) are connected to Redis — stop the apps before restoring`]
            : []),
        ].join('\n'),
      );
    }
    const decision = fmt.restoreDecision({
      targetHasData,
      yes: opts.yes,
      interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
      ci: process.env.CI === 'true' || process.env.CI === '1',
    });
    if (decision === 'refuse')
      throw new Refusal(
        'refusing to restore over existing data without --yes (no terminal to ask, or CI=true). ' +
          'Run again with --yes to replace it. Nothing was changed.',
        3,
      );
    if (decision === 'ask' && !(await ask('Type "yes" to replace it: ')))
      throw new Refusal('not confirmed. Nothing was changed.', 3);

    // MongoDB first, then Redis: Redis holds sessions and queued jobs that point at documents.
    const tMongo = performance.now();
    for (const db of plan.dropDatabases) await mongo.db(db).dropDatabase();
    for (const c of plan.dropCollections) await dropCollection(mongo.db(c.db), c.name);
    const restored = [];
    for (const c of plan.replace) restored.push({ ...c, restored: await restoreCollection(mongo, dir, c) });
    for (const v of plan.replace.filter((c) => c.type === 'view'))
      await mongo.db(v.db).createCollection(v.name, EJSON.deserialize(v.options, { relaxed: true }));
    const mongoMs = performance.now() - tMongo;

    const tRedis = performance.now();
    const keysByDb = await restoreRedis(redis, dir, manifest, spaces);
    const redisMs = performance.now() - tRedis;

    // Every count must match the manifest (a key with a short TTL may have lapsed since: reported, not fatal).
    const wrong = [];
    for (const c of restored.filter((r) => r.type !== 'view')) {
      const now = await mongo.db(c.db).collection(c.name).countDocuments();
      if (c.restored !== c.documents || now !== c.documents)
        wrong.push(`${c.db}.${c.name}: ${now} documents, the backup has ${c.documents}`);
    }
    const restoredKeys = Object.values(keysByDb).reduce((n, k) => n + k, 0);
    if (restoredKeys !== manifest.redis.keys)
      wrong.push(`Redis: ${restoredKeys} keys restored, the backup has ${manifest.redis.keys}`);
    if (wrong.length) throw new Error(`restored data does not match the backup:\n  ${wrong.join('\n  ')}`);
    const lapsed = restoredKeys - Object.values(await redisKeyspace(redis)).reduce((n, k) => n + k, 0);

    const summary = {
      path: dir,
      name: manifest.name,
      instant: manifest.consistency?.instant ?? null,
      databases: manifest.mongo.databases.map((d) => ({
        name: d.name,
        collections: d.collections.map((c) => ({ name: c.name, type: c.type, documents: c.documents ?? 0 })),
      })),
      dropped: { databases: plan.dropDatabases, collections: plan.dropCollections },
      documents: manifest.totals.documents,
      keys: restoredKeys,
      keysByDb,
      keysLapsedSinceRestore: lapsed,
      mongoMs: Math.round(mongoMs),
      redisMs: Math.round(redisMs),
      durationMs: Math.round(performance.now() - t0),
    };
    if (opts.json) console.log(JSON.stringify(summary, null, 2));
    else {
      for (const d of summary.databases)
        say(
          `  ${d.name}: ${d.collections.map((c) => `${c.name} ${c.type === 'view' ? '(view)' : c.documents}`).join(', ')}`,
        );
      say(
        `  redis: ${restoredKeys} keys ${JSON.stringify(keysByDb)}${lapsed > 0 ? ` (${lapsed} expired since)` : ''}`,
      );
      say(
        `restored ${manifest.totals.documents} documents and ${restoredKeys} keys into ${target} ` +
          `in ${(summary.durationMs / 1000).toFixed(1)} s (MongoDB ${(mongoMs / 1000).toFixed(1)} s, Redis ${(redisMs / 1000).toFixed(1)} s)`,
      );
    }
  } finally {
    await mongo.close().catch(() => {});
    redis.disconnect();
  }
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof Refusal) {
    (err.code === 0 ? console.log : console.error)(err.code === 0 ? err.message : `restore: ${err.message}`);
    process.exit(err.code);
  }
  console.error(`restore failed: ${err.message}`);
  process.exit(1);
});
