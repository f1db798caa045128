// MongoDB wire-compatible server. Precedence:
//   1. MONGO_URL in the environment: used as is, nothing is started;
//   2. a real `mongod` on PATH: started with data in .local/mongod;
//   3. INFRA_MONGO_SERVER=ferretdb: FerretDB 1.24 (SQLite in .local/ferretdb)
//      through the Go launcher in tools/infra/ferretdb;
//   4. default: mongo-java-server 1.47 with its H2 MVStore backend, data on disk in
//      .local/mongo/core-vault.mv.db (INFRA_MONGO_STORE=memory keeps it in the heap instead),
//      tools/infra/mongo-java-server.
// Why (3) is not the default: FerretDB 1.24 rejects TTL indexes (mongoose's
// Model.init()/syncIndexes() reject), silently ignores $pull conditions on
// subdocument fields (the outbox relay relies on one), miscounts {$sum: 1}
// next to another accumulator, and lacks $elemMatch on subdocuments, $lookup,
// $facet, positional/arrayFilters updates and most $expr operators.
// docs/reference/infrastructure.md has the measured feature matrix of both
// (`node tools/infra/mongo-check.mjs` reproduces it).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN_DIR, CACHE, INFRA_DIR, LOCAL, RUN_DIR, logFile } from '../lib/config.mjs';
import { goEnv } from '../lib/go.mjs';
import { fetchJars } from '../lib/maven.mjs';
import { InfraError, ensureDir, ourPid, run, spawnService, which } from '../lib/proc.mjs';
import { mongoPing } from '../lib/probe.mjs';

const FERRET_SRC = join(INFRA_DIR, 'ferretdb');
const FERRET_BIN = join(BIN_DIR, 'ferretdb-launcher');
const MJS_SRC = join(INFRA_DIR, 'mongo-java-server');
const MJS_DIR = join(CACHE, 'mongo-java-server');
const log = logFile('mongo-install');

/** Which server `up` uses: 'external' (MONGO_URL), 'mongod', 'ferretdb' or 'mongo-java-server'. */
export function flavor() {
  if (process.env.MONGO_URL) return 'external';
  if (which('mongod')) return 'mongod';
  const wanted = process.env.INFRA_MONGO_SERVER || 'mongo-java-server';
  if (!['ferretdb', 'mongo-java-server'].includes(wanted))
    throw new InfraError(
      'mongo',
      `INFRA_MONGO_SERVER must be ferretdb or mongo-java-server, not "${wanted}"`,
    );
  return wanted;
}

// What the mongo we started runs (env may have changed since): from its pid file's command.
function runningFlavor() {
  if (!ourPid('mongo')) return null;
  const { cmd } = JSON.parse(readFileSync(join(RUN_DIR, 'mongo.pid'), 'utf8'));
  return cmd === 'java' ? 'mongo-java-server' : cmd === FERRET_BIN ? 'ferretdb' : 'mongod';
}

// host:port of the first host in MONGO_URL (mongodb+srv cannot be probed this way).
function target({ mongo }) {
  const url = process.env.MONGO_URL;
  if (!url) return { host: mongo.host, port: mongo.port, url: `mongodb://${mongo.host}:${mongo.port}` };
  const m = /^mongodb:\/\/(?:[^@/]*@)?([^:/,?]+)(?::(\d+))?/.exec(url);
  return { host: m?.[1] ?? null, port: m ? Number(m[2] || 27017) : null, url };
}

// Rebuild only when the sources change: stamp = hash of the files.
function stale(stamp, files) {
  const hash = createHash('sha256')
    .update(files.map((f) => readFileSync(f)).join('\0'))
    .digest('hex');
  const fresh = existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
  return fresh ? null : () => writeFileSync(stamp, hash + '\n');
}

async function buildFerretdb(say) {
  const done = stale(
    `${FERRET_BIN}.sha256`,
    ['go.mod', 'go.sum', 'main.go'].map((f) => join(FERRET_SRC, f)),
  );
  if (!done && existsSync(FERRET_BIN)) return;
  say('mongo: building the FerretDB launcher (first time takes a few minutes)');
  // Postgres backend left out: smaller binary, faster build.
  const args = ['build', '-tags', 'ferretdb_no_postgresql', '-trimpath', '-o', FERRET_BIN, '.'];
  await run('go', args, { cwd: FERRET_SRC, env: goEnv('mongo'), log, service: 'mongo' });
  done?.();
}

async function buildJavaServer(say) {
  const lib = await fetchJars('mongo', join(MJS_SRC, 'pom.xml'), join(MJS_DIR, 'lib'), say);
  const classes = join(MJS_DIR, 'classes');
  const sources = readdirSync(MJS_SRC)
    .filter((f) => f.endsWith('.java'))
    .sort()
    .map((f) => join(MJS_SRC, f));
  const done = stale(join(MJS_DIR, 'classes.sha256'), [join(MJS_SRC, 'pom.xml'), ...sources]);
  if (!done && existsSync(join(classes, 'Main.class'))) return;
  await run('javac', ['-d', classes, '-cp', `${lib}/*`, ...sources], {
    log,
    service: 'mongo',
  });
  done?.();
}

/**
 * The JVM and class path of mongo-java-server, up to its host, port and store arguments (the
 * scale bench starts a private one with exactly these). The heap holds the store's page cache
 * (2.5 GB of it, with room to collect around it) and, for the in-memory store, the data; it
 * starts small, grows only as pages are read, and idle RSS stays small. With 1 GB, one user's
 * 20,000 artifacts (their stored forms included) outgrew the cache and list pages grew 1.5–1.9×
 * from 1,000 to 20,000; with 2.5 GB 1.0–1.3× (tools/bench/scale.mjs, medians of 3, docs/reference/scale.md).
 * A long-running server: full JIT, and G1 so a collection of the big cache does not stop every
 * reader at once.
 */
export function javaServerArgs(xmx = '5g', cacheMb = 2560) {
  return [
    '-Xms64m',
    `-Xmx${xmx}`,
    '-XX:+UseG1GC',
    `-Dcv.cacheMb=${cacheMb}`,
    '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn',
    '-cp',
    `${join(MJS_DIR, 'classes')}:${join(MJS_DIR, 'lib')}/*`,
    'Main',
  ];
}

/** Where mongo-java-server keeps its data: a file under .local/mongo, or 'memory'. */
export function javaServerStore() {
  const store = process.env.INFRA_MONGO_STORE || 'disk';
  if (store === 'memory') return 'memory';
  if (store !== 'disk')
    throw new InfraError('mongo', `INFRA_MONGO_STORE must be disk or memory, not "${store}"`);
  return join(ensureDir(join(LOCAL, 'mongo')), 'core-vault.mv.db');
}

export default {
  name: 'mongo',
  endpoint: (cfg) => ({ ...target(cfg), server: runningFlavor() ?? flavor() }),
  probe(cfg) {
    const { host, port } = target(cfg);
    return host ? mongoPing(host, port) : Promise.resolve(false);
  },
  // Never start anything when MONGO_URL points elsewhere.
  externalOnly: () => flavor() === 'external',
  externalVar: 'MONGO_URL',
  readyTimeoutMs: 30_000,
  stopGraceMs: 10_000,

  async prepare({ log: say }) {
    if (flavor() === 'ferretdb') await buildFerretdb(say);
    if (flavor() === 'mongo-java-server') await buildJavaServer(say);
  },

  start({ cfg: { mongo } }) {
    switch (flavor()) {
      case 'mongod':
        return spawnService('mongo', which('mongod'), [
          '--bind_ip',
          mongo.host,
          '--port',
          String(mongo.port),
          '--dbpath',
          ensureDir(join(LOCAL, 'mongod')),
        ]);
      case 'ferretdb':
        return spawnService('mongo', FERRET_BIN, [
          '-listen-addr',
          `${mongo.host}:${mongo.port}`,
          '-sqlite-dir',
          ensureDir(join(LOCAL, 'ferretdb')),
        ]);
      default:
        return spawnService('mongo', 'java', [
          ...javaServerArgs(),
          mongo.host,
          String(mongo.port),
          javaServerStore(),
        ]);
    }
  },
};
