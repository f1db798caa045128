// What `npm run backup` and `npm run restore` share: where the stores are, connecting to them, and
// reading MongoDB's and Redis' contents in the backup's format. The format itself and the pure
// decisions live in backup-format.cjs.
import { createHash } from 'node:crypto';
import { mkdir, open } from 'node:fs/promises';
import { BSON, MongoClient } from 'mongodb';
import { Redis } from 'ioredis';
import { readInfraConfig } from '../../infra/lib/config.mjs';
import fmt from './backup-format.cjs';

const { EJSON } = BSON;

/**
 * The stores `infra up` runs (config/local.json, or INFRA_CONFIG), unless MONGO_URL / REDIS_URL
 * point elsewhere — the same precedence the apps and tools/infra use.
 */
export function storeUrls() {
  const { mongo, redis } = readInfraConfig();
  return {
    mongoUrl: process.env.MONGO_URL || `mongodb://${mongo.host}:${mongo.port}`,
    redisUrl: process.env.REDIS_URL || `redis://${redis.host}:${redis.port}`,
  };
}

export async function connectMongo(url) {
  try {
    return await MongoClient.connect(url, { serverSelectionTimeoutMS: 5000, appName: 'core-vault-backup' });
  } catch (err) {
    throw new Error(
      `MongoDB at ${fmt.redactUrl(url)} does not answer (${err.message}); is it up? (npm run infra -- up)`,
    );
  }
}

export async function connectRedis(url) {
  // No reconnects and no offline queue: a backup or restore that loses its connection must fail,
  // not wait or replay half a pipeline.
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 5000,
  });
  redis.on('error', () => {}); // surfaced by the command that failed
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(
      `Redis at ${fmt.redactUrl(url)} does not answer (${err.message}); is it up? (npm run infra -- up)`,
    );
  }
  return redis;
}

export async function mongoServerInfo(client) {
  const admin = client.db('admin');
  const build = await admin.command({ buildInfo: 1 }).catch(() => ({}));
  const status = await admin.command({ serverStatus: 1 }).catch(() => ({}));
  // mongo-java-server answers as MongoDB 5.0.0 from a "java" process.
  const server = status.process === 'java' ? 'mongo-java-server' : (status.process ?? 'unknown');
  return { server, version: build.version ?? 'unknown' };
}

export async function redisServerInfo(redis) {
  const info = await redis.info('server');
  const version = /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown';
  // CONFIG may be disabled on managed servers; 16 is Redis' default.
  const databases = await redis
    .config('GET', 'databases')
    .then((r) => Number(r[1]) || 16)
    .catch(() => 16);
  return { version, databases };
}

/** `{ [db]: keyCount }` of the logical databases that hold keys (INFO keyspace). */
export async function redisKeyspace(redis) {
  const out = {};
  for (const m of (await redis.info('keyspace')).matchAll(/^db(\d+):keys=(\d+)/gm)) out[m[1]] = Number(m[2]);
  return out;
}

/** Non-system databases and their collections (views included), sorted: `{ [db]: [{ name, type, options }] }`. */
export async function mongoLayout(client) {
  const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
  const layout = {};
  for (const name of databases.map((d) => d.name).sort()) {
    if (fmt.SYSTEM_DATABASES.includes(name)) continue;
    const colls = await client.db(name).listCollections({}, { nameOnly: false }).toArray();
    layout[name] = colls
      .filter((c) => !c.name.startsWith('system.'))
      .map((c) => ({ name: c.name, type: c.type ?? 'collection', options: c.options ?? {} }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  return layout;
}

// Documents are read with every BSON type kept as its own class (Int32 vs Double vs Long,
// Binary subtypes, Decimal128, regex flags), so canonical Extended JSON writes them exactly.
const EXACT = { promoteValues: false, promoteLongs: false, promoteBuffers: false, bsonRegExp: true };

/**
 * Appends lines to a file through a 1 MiB buffer (awaiting the disk, so memory stays flat however
 * large a collection is), hashing what it writes; without a path it only hashes (the
 * verification pass).
 */
export class LineSink {
  static async open(path) {
    const sink = new LineSink();
    if (path) sink.fh = await open(path, 'wx');
    return sink;
  }

  fh = null;
  hash = createHash('sha256');
  bytes = 0;
  lines = 0;
  pending = [];
  pendingBytes = 0;

  async write(line) {
    const buf = Buffer.from(`${line}\n`);
    this.hash.update(buf);
    this.bytes += buf.length;
    this.lines++;
    if (!this.fh) return;
    this.pending.push(buf);
    this.pendingBytes += buf.length;
    if (this.pendingBytes >= 1 << 20) await this.flush();
  }

  async flush() {
    if (!this.pendingBytes) return;
    const buf = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    for (let off = 0; off < buf.length;) off += (await this.fh.write(buf, off)).bytesWritten;
  }

  /** Flushes, fsyncs and closes; `{ bytes, sha256, lines }`. */
  async close() {
    if (this.fh) {
      await this.flush();
      await this.fh.sync();
      await this.fh.close();
    }
    return { bytes: this.bytes, sha256: this.hash.digest('hex'), lines: this.lines };
  }
}

/**
 * Reads every non-system database: collection options and index definitions, and every document
 * in _id order as canonical Extended JSON (one a line). With `dir`, writes each collection to
 * `<dir>/<collectionFile>`; without, only hashes — the second, verifying read. `onCollection`
 * sees each finished entry (progress). Returns the manifest's `mongo.databases`.
 */
export async function readMongo(client, { dir, onCollection = () => {} } = {}) {
  const layout = await mongoLayout(client);
  const databases = [];
  for (const [dbName, colls] of Object.entries(layout)) {
    const db = client.db(dbName);
    const entries = [];
    for (const c of colls) {
      const options = EJSON.serialize(c.options, { relaxed: true });
      if (c.type === 'view') {
        entries.push({ name: c.name, type: 'view', options });
        continue;
      }
      if (c.type !== 'collection') {
        process.emitWarning(`${dbName}.${c.name} is a ${c.type}; backups hold collections and views only`);
        continue;
      }
      const coll = db.collection(c.name);
      const indexes = EJSON.serialize(await coll.listIndexes().toArray(), { relaxed: true }).sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
      );
      const file = fmt.collectionFile(dbName, c.name);
      if (dir) await mkdir(`${dir}/${file.slice(0, file.lastIndexOf('/'))}`, { recursive: true });
      const sink = await LineSink.open(dir && `${dir}/${file}`);
      // _id order makes the two reads comparable; batchSize bounds what is in flight.
      const cursor = coll.find({}, { sort: { _id: 1 }, batchSize: 500, ...EXACT });
      try {
        for await (const doc of cursor) await sink.write(EJSON.stringify(doc, { relaxed: false }));
      } finally {
        await cursor.close();
      }
      const { bytes, sha256, lines } = await sink.close();
      const entry = {
        name: c.name,
        type: 'collection',
        options,
        indexes,
        documents: lines,
        file,
        bytes,
        sha256,
      };
      entries.push(entry);
      onCollection(dbName, entry);
    }
    databases.push({ name: dbName, collections: entries });
  }
  return databases;
}

/** A key as readable text when it is valid UTF-8, else as base64 (Redis keys are binary). */
function keyField(buf) {
  const text = buf.toString('utf8');
  return Buffer.from(text, 'utf8').equals(buf) ? { key: text } : { keyBase64: buf.toString('base64') };
}

export const keyBuffer = (line) =>
  line.keyBase64 !== undefined ? Buffer.from(line.keyBase64, 'base64') : Buffer.from(line.key, 'utf8');

/**
 * Every key of every logical database: its DUMP payload (type, encoding and content, exactly as
 * Redis stores it), TYPE and remaining PTTL. Only read commands, so it runs while writes are
 * paused. Writes `<dir>/redis.jsonl`; returns the manifest's `redis` section.
 */
export async function readRedis(redis, dir) {
  const sink = await LineSink.open(`${dir}/redis.jsonl`);
  const keysByDb = {};
  const types = {};
  const spaces = Object.keys(await redisKeyspace(redis))
    .map(Number)
    .sort((a, b) => a - b);
  for (const db of spaces) {
    await redis.select(db);
    // SCAN may return a key twice (a rehash between calls), never misses one present throughout.
    const seen = new Set();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scanBuffer(cursor, 'COUNT', 1000);
      cursor = String(next);
      const fresh = keys.filter((k) => {
        const id = k.toString('latin1');
        return seen.has(id) ? false : (seen.add(id), true);
      });
      if (!fresh.length) continue;
      const pipe = redis.pipeline();
      for (const k of fresh) pipe.dumpBuffer(k).pttl(k).type(k);
      const replies = await pipe.exec();
      for (let i = 0; i < fresh.length; i++) {
        const [[e1, dump], [e2, pttl], [e3, type]] = replies.slice(i * 3, i * 3 + 3);
        if (e1 || e2 || e3) throw e1 || e2 || e3;
        if (dump === null) continue; // expired between SCAN and DUMP: not part of the snapshot
        await sink.write(
          JSON.stringify({ db, ...keyField(fresh[i]), type, pttl, dump: dump.toString('base64') }),
        );
        keysByDb[db] = (keysByDb[db] ?? 0) + 1;
        types[type] = (types[type] ?? 0) + 1;
      }
    } while (cursor !== '0');
  }
  await redis.select(0);
  const { bytes, sha256, lines } = await sink.close();
  return { file: 'redis.jsonl', keys: lines, keysByDb, types, bytes, sha256 };
}
