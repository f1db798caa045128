/**
 * Backup and restore round trip (issue 14): `tools/scripts/backup.mjs` and `restore.mjs` as
 * subprocesses against a PRIVATE MongoDB-compatible server and Redis (INFRA_CONFIG/INFRA_LOCAL),
 * seeded directly through the drivers with what the services store: several databases, every
 * BSON type that matters (ObjectId, Date, Binary, Long, Decimal128, Int32 vs Double, -0, nested
 * arrays), unique, compound, partial and TTL indexes, an empty collection, a ~500 KB document;
 * Redis strings, hashes, sets, sorted sets, lists and a stream with a consumer group, with and
 * without TTL, in two logical databases, a binary key, and a BullMQ delayed job.
 *
 * 1. Round trip: back up, change and delete data (documents, a collection, an index, a new
 *    database; keys, TTLs, a whole Redis database), restore: everything reads back exactly as at
 *    the snapshot (TTLs within the time that passed).
 * 2. A damaged backup (one flipped byte, a missing file, an unfinished .partial folder) is
 *    refused and nothing changes; so is a restore over data without --yes in CI.
 * 3. Writes that never stop while the backup reads MongoDB: no backup is kept (no consistent
 *    snapshot existed), and nothing half-written is left behind.
 *
 * The measured figures are printed as one `backup: {json}` line (docs/guides/operations.md).
 * Rerun: JEST_KIND=int npx jest apps/e2e/src/durability/backup --runInBand
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Binary, BSON, Decimal128, Double, Int32, Long, MongoClient, ObjectId } from 'mongodb';
import { Teardown, workspaceRoot } from '@core-vault/platform/testing';
import { type PrivateInfra, startPrivateInfra } from '../support/private-infra';

const { EJSON } = BSON;
const BACKUP = join(workspaceRoot, 'tools/scripts/backup.mjs');
const RESTORE = join(workspaceRoot, 'tools/scripts/restore.mjs');
const DAY = 86_400_000;

const teardown = new Teardown();
let priv: PrivateInfra | undefined;
let mongo: MongoClient | undefined;
let redis: Redis | undefined;
const figures: Record<string, unknown> = {};
let checkinUser = '';
const redisPort = () => Number(new URL(priv?.urls.redisUrl ?? 'redis://x:0').port);

// ---- the scripts, as an operator runs them ----

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function env(): NodeJS.ProcessEnv {
  if (!priv) throw new Error('private infrastructure is not running');
  // The shared stores' URLs (if the runner set any) must not leak in: the infra config decides.
  const { MONGO_URL: _m, REDIS_URL: _r, CI: _ci, ...inherited } = process.env;
  return { ...inherited, INFRA_CONFIG: join(priv.dir, 'config.json'), INFRA_LOCAL: priv.dir };
}

function run(script: string, args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: workspaceRoot,
      env: { ...env(), ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'], // no terminal: restore cannot ask
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000); // a hanging script is a failure, not a hang
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function backup(args: string[] = []): Promise<{ path: string; manifest: Manifest }> {
  const r = await run(BACKUP, ['--json', ...args]);
  if (r.code !== 0) throw new Error(`backup exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as { path: string; manifest: Manifest };
}

interface Manifest {
  name: string;
  durationMs: number;
  consistency: { instant: string; redisWritesPausedMs: number; attempts: number };
  totals: { databases: number; collections: number; documents: number; keys: number; bytes: number };
  files: { path: string; bytes: number; sha256: string }[];
}

// ---- the whole state of both stores, comparable ----

interface KeyState {
  type: string;
  encoding: string;
  pttl: number;
  value: unknown;
}
interface State {
  takenAt: number;
  mongo: Record<string, Record<string, { options: string; indexes: string[]; docs: string[] }>>;
  redis: Record<string, Record<string, KeyState>>;
}

// Every BSON type kept as its class, so "equal" means the same types, not just the same numbers.
const EXACT = { promoteValues: false, promoteLongs: false, promoteBuffers: false, bsonRegExp: true } as const;
const canonical = (v: unknown) => EJSON.stringify(v, { relaxed: false });
// Long documents compare by hash, so a failure prints a readable diff rather than 500 KB.
const brief = (text: string) =>
  text.length <= 2000
    ? text
    : `${text.slice(0, 200)}… (${text.length} chars, sha256 ${createHash('sha256').update(text).digest('hex')})`;
// Index and collection options: the same attributes in any order (a server lists them as it likes).
const sortedKeys = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));

async function mongoState(client: MongoClient): Promise<State['mongo']> {
  const out: State['mongo'] = {};
  const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
  for (const { name } of databases) {
    if (['admin', 'config', 'local'].includes(name)) continue;
    const db = client.db(name);
    out[name] = {};
    for (const c of await db.listCollections().toArray()) {
      const coll = db.collection(c.name);
      const indexes = (await coll.listIndexes().toArray())
        .map(({ v: _v, ns: _ns, ...spec }: Record<string, unknown>) => canonical(sortedKeys(spec)))
        .sort();
      const docs = (await coll.find({}, { sort: { _id: 1 }, ...EXACT }).toArray()).map((d) =>
        brief(canonical(d)),
      );
      out[name][c.name] = {
        options: canonical(sortedKeys(('options' in c && c.options) || {})),
        indexes,
        docs,
      };
    }
  }
  return out;
}

async function keyValue(r: Redis, key: Buffer, type: string): Promise<unknown> {
  const text = (bufs: Buffer[]) => bufs.map((b) => b.toString('base64'));
  switch (type) {
    case 'string': {
      const value = (await r.getBuffer(key))?.toString('base64') ?? '';
      return value.length > 2000 ? createHash('sha256').update(value).digest('hex') : value;
    }
    case 'hash':
      return text(
        await r
          .hgetallBuffer(key)
          .then((h) => Object.entries(h).map(([f, v]) => Buffer.from(`${f}=${v.toString('base64')}`))),
      ).sort();
    case 'list':
      return text(await r.lrangeBuffer(key, 0, -1));
    case 'set':
      return text(await r.smembersBuffer(key)).sort();
    case 'zset':
      return await r.zrange(key, 0, -1, 'WITHSCORES');
    case 'stream':
      return {
        entries: await r.xrange(key, '-', '+'),
        // Consumer groups with their position and pending counts: what a restarted consumer resumes from.
        groups: await r.xinfo('GROUPS', key),
        info: await (r.xinfo('STREAM', key) as Promise<unknown[]>).then((info) => {
          const fields = new Map<unknown, unknown>();
          for (let i = 0; i < info.length; i += 2) fields.set(info[i], info[i + 1]);
          return ['length', 'last-generated-id', 'max-deleted-entry-id', 'entries-added'].map((f) =>
            fields.get(f),
          );
        }),
      };
    default:
      throw new Error(`unexpected Redis type ${type}`);
  }
}

async function redisState(r: Redis): Promise<State['redis']> {
  const out: State['redis'] = {};
  const keyspace = await r.info('keyspace');
  for (const m of keyspace.matchAll(/^db(\d+):keys=/gm)) {
    const db = Number(m[1]);
    await r.select(db);
    const keys: Buffer[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await r.scanBuffer(cursor, 'COUNT', 1000);
      cursor = String(next);
      keys.push(...batch);
    } while (cursor !== '0');
    const entries: Record<string, KeyState> = {};
    for (const key of keys) {
      const id = key.toString('base64');
      if (entries[id]) continue;
      const type = await r.type(key);
      entries[id] = {
        type,
        encoding: String(await r.object('ENCODING', key)),
        pttl: await r.pttl(key),
        value: await keyValue(r, key, type),
      };
    }
    out[db] = entries;
  }
  await r.select(0);
  return out;
}

async function state(): Promise<State> {
  if (!mongo || !redis) throw new Error('not connected');
  const takenAt = Date.now();
  return { takenAt, mongo: await mongoState(mongo), redis: await redisState(redis) };
}

/** `actual` equals `expected` exactly, except that TTLs ran down by at most the time in between. */
function expectSameState(actual: State, expected: State): void {
  expect(actual.mongo).toEqual(expected.mongo);
  const strip = (s: State['redis']) =>
    Object.fromEntries(
      Object.entries(s).map(([db, keys]) => [
        db,
        Object.fromEntries(
          Object.entries(keys).map(([k, v]) => [k, { ...v, pttl: v.pttl === -1 ? -1 : 'ttl' }]),
        ),
      ]),
    );
  expect(strip(actual.redis)).toEqual(strip(expected.redis));
  const ranDown = actual.takenAt - expected.takenAt + 1000;
  for (const [db, keys] of Object.entries(expected.redis))
    for (const [k, v] of Object.entries(keys)) {
      if (v.pttl === -1) continue;
      const now = actual.redis[db]?.[k]?.pttl ?? NaN;
      expect({
        key: Buffer.from(k, 'base64').toString(),
        ttlWithinTolerance: now <= v.pttl + 50 && now >= v.pttl - ranDown,
      }).toEqual({
        key: Buffer.from(k, 'base64').toString(),
        ttlWithinTolerance: true,
      });
    }
}

// ---- seed: what the services keep, written directly ----

/** Seeds both stores; returns the user of the delayed check-in job. */
async function seed(client: MongoClient, r: Redis, redisPort: number): Promise<string> {
  const now = Date.now();
  const identity = client.db('core_vault_identity');
  const userIds = Array.from({ length: 300 }, () => new ObjectId());
  await identity.collection('users').insertMany(
    userIds.map((_id, i) => ({
      _id,
      email: `user${i}@example.com`,
      passwordHash: new Binary(Buffer.from(`scrypt$${i}$`.padEnd(64, '*')), 0),
      externalId: new Binary(Buffer.alloc(16, i % 256), 4), // a UUID
      roles: i % 10 === 0 ? ['admin', 'user'] : ['user'],
      loginCount: Long.fromNumber(i * 1000),
      createdAt: new Date(now - i * 3_600_000),
      profile: {
        name: `User ${i}`,
        locale: 'en-GB',
        prefs: [
          ['theme', 'dark'],
          ['digest', i % 2 === 0],
        ],
      },
    })),
  );
  await identity.collection('users').createIndex({ email: 1 }, { unique: true });
  await identity.collection<{ _id: string }>('sessions').insertMany(
    userIds.slice(0, 200).map((userId, i) => ({
      _id: `sess-${i}`,
      userId,
      expiresAt: new Date(now + 30 * DAY), // far enough that the TTL monitor leaves them alone
    })),
  );
  await identity.collection('sessions').createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
  await identity.collection('sessions').createIndex({ userId: 1, expiresAt: -1 });

  const artifacts = client.db('core_vault_artifacts');
  await artifacts.collection('artifacts').insertMany([
    ...userIds.slice(0, 50).map((ownerId, i) => ({
      _id: new ObjectId(),
      ownerId,
      slug: `artifact-${i}`,
      title: `Artifact ${i}`,
      tags: ['ai', `t${i % 5}`],
      versions: [
        { n: new Int32(1), at: new Date(now - DAY) },
        { n: new Int32(2), at: new Date(now) },
      ],
      ratio: new Double(2), // a double that is a whole number must stay a double
      score: new Int32(i),
      negZero: new Double(-0),
      notANumber: new Double(NaN),
      price: Decimal128.fromString('19.990'),
      bigCounter: Long.fromString('9007199254740993'), // beyond 2^53
      _outbox: [{ topic: 'artifacts.created', envelope: { id: String(i), at: new Date(now) } }],
      _outboxPending: new Int32(1),
    })),
    {
      _id: new ObjectId(),
      ownerId: userIds[0],
      slug: 'large',
      title: 'A large artifact',
      content: 'x'.repeat(500 * 1024),
      blob: new Binary(Buffer.alloc(20_000, 7)),
    },
  ]);
  await artifacts.collection('artifacts').createIndex({ ownerId: 1, score: -1 }, { name: 'owner_score' });
  await artifacts.collection('artifacts').createIndex({ slug: 1 }, { unique: true, sparse: true });
  await artifacts
    .collection('artifacts')
    .createIndex({ _outboxPending: 1 }, { partialFilterExpression: { _outboxPending: { $gt: 0 } } });
  // _ids of mixed types: the backup's _id order must not care.
  await artifacts.collection('versions').insertMany([
    { _id: 3 as unknown as ObjectId, body: 'three' },
    { _id: 'a' as unknown as ObjectId, body: 'letter' },
    { _id: new ObjectId(), body: 'oid' },
  ]);
  // An empty collection still has its indexes.
  await client
    .db('core_vault_onboarding')
    .collection('checkins')
    .createIndex({ userId: 1 }, { unique: true });

  const analytics = client.db('core_vault_analytics');
  const events = Array.from({ length: 3000 }, (_, i) => ({
    _id: new ObjectId(),
    artifactId: `a${i % 40}`,
    visitor: new Binary(Buffer.from(`visitor-${i % 700}`)),
    at: new Date(now - (i % 1000) * 60_000),
    n: new Int32(1),
  }));
  await analytics.collection('views').insertMany(events);
  await analytics.collection('views').createIndex({ at: 1 }, { expireAfterSeconds: 90 * 86_400 });
  await analytics.collection('views').createIndex({ artifactId: 1, at: -1 });

  // Redis: sessions, rate limits, caches — and a second logical database.
  await r.set('cache:plain', 'no ttl');
  await r.set('rl:sign-in:ip:127.0.0.1', '3', 'PX', 600_000);
  await r.set('cache:big', 'y'.repeat(100_000));
  await r.set(Buffer.from([0xff, 0x00, 0x41, 0x80]), Buffer.from([0, 1, 2, 255]));
  await r.hset('sess:abc', { userId: String(userIds[0]), createdAt: String(now), mfa: 'no' });
  await r.pexpire('sess:abc', 3_600_000);
  const bigHash: Record<string, string> = {};
  for (let i = 0; i < 300; i++) bigHash[`field${i}`] = `value-${i}`; // beyond listpack: a real hashtable
  await r.hset('hash:big', bigHash);
  await r.zadd('leaderboard', 1, 'a', 2.5, 'b', -3, 'c', 1e10, 'd');
  await r.sadd('set:tags', 'ai', 'ml', 'nlp');
  await r.rpush('list:recent', 'one', 'two', 'three');
  await r.xadd('stream:events', '1700000000000-0', 'type', 'created', 'id', '1');
  await r.xadd('stream:events', '1700000000001-0', 'type', 'updated', 'id', '1');
  await r.xgroup('CREATE', 'stream:events', 'relay', '0');
  await r.xreadgroup('GROUP', 'relay', 'worker-1', 'COUNT', 1, 'STREAMS', 'stream:events', '>');
  await r.select(2);
  await r.set('db2:flag', 'on', 'EX', 7200);
  await r.lpush('db2:queue', 'x', 'y');
  await r.select(0);

  // A delayed onboarding check-in, as the onboarding service schedules it.
  const queue = new Queue('onboarding-checkins', { connection: { host: '127.0.0.1', port: redisPort } });
  const userId = String(userIds[1]);
  try {
    await queue.add('check-in', { userId, day: 3 }, { jobId: 'checkin-1', delay: 3 * DAY });
  } finally {
    await queue.close();
  }
  return userId;
}

// ---- the suite ----

beforeAll(async () => {
  await teardown.guard(async () => {
    priv = await startPrivateInfra(['mongo', 'redis']);
    const p = priv;
    teardown.add(() => p.destroy());
    expect(existsSync(join(p.dir, 'config.json'))).toBe(true);
    mongo = await MongoClient.connect(p.urls.mongoUrl, { serverSelectionTimeoutMS: 10_000 });
    const m = mongo;
    teardown.add(() => m.close());
    redis = new Redis(p.urls.redisUrl, { maxRetriesPerRequest: 1 });
    const r = redis;
    teardown.add(() => r.disconnect());
    checkinUser = await seed(m, r, redisPort());
  });
}, 120_000);

afterAll(async () => {
  // The measured figures, for docs/guides/operations.md.
  if (Object.keys(figures).length) console.log(`backup: ${JSON.stringify(figures)}`);
  await teardown.run();
}, 60_000);

let snapshot: { path: string; manifest: Manifest } | undefined;
let atSnapshot: State | undefined;

it('restores exactly the state the backup took, after changes and deletions', async () => {
  if (!mongo || !redis || !priv) throw new Error('setup failed');
  atSnapshot = await state();
  const t0 = Date.now();
  snapshot = await backup();
  figures['backupMs'] = Date.now() - t0;
  const { path, manifest } = snapshot;
  figures['backupInternalMs'] = manifest.durationMs;
  figures['redisWritesPausedMs'] = manifest.consistency.redisWritesPausedMs;
  figures['bytes'] = manifest.totals.bytes;
  figures['documents'] = manifest.totals.documents;
  figures['keys'] = manifest.totals.keys;

  expect(path.startsWith(join(priv.dir, 'backups') + '/')).toBe(true);
  expect(manifest.name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z$/);
  expect(readdirSync(join(priv.dir, 'backups'))).toEqual([manifest.name]); // nothing partial beside it
  expect(manifest.totals).toMatchObject({
    databases: 4,
    collections: 6,
    documents: 300 + 200 + 51 + 3 + 3000,
  });
  expect(manifest.totals.keys).toBeGreaterThanOrEqual(13); // 13 of ours plus BullMQ's own
  expect(manifest.consistency.attempts).toBe(1);

  // Change everything the restore must undo.
  const identity = mongo.db('core_vault_identity');
  await identity
    .collection('users')
    .updateOne({ email: 'user1@example.com' }, { $set: { roles: ['banned'] } });
  await identity.collection('users').deleteMany({ email: /^user2/ });
  await identity.collection('sessions').dropIndex('userId_1_expiresAt_-1');
  await identity.collection('sessions').createIndex({ userId: 1 }, { name: 'added_later' });
  await mongo.db('core_vault_artifacts').collection('versions').drop();
  await mongo
    .db('core_vault_artifacts')
    .collection('artifacts')
    .updateOne({ slug: 'large' }, { $set: { content: 'gone' } });
  await mongo.db('core_vault_analytics').collection('views').deleteMany({});
  await mongo.db('core_vault_analytics').collection('later').insertOne({ made: 'after the snapshot' });
  await mongo.db('core_vault_extra').collection('new').insertOne({ a: 1 });
  await mongo.db('core_vault_onboarding').collection('checkins').insertOne({ userId: 'u1' });
  await redis.del('cache:plain', 'leaderboard');
  await redis.set('rl:sign-in:ip:127.0.0.1', '99'); // no TTL any more
  await redis.persist('sess:abc');
  await redis.hset('hash:big', 'field0', 'changed');
  await redis.xack('stream:events', 'relay', '1700000000000-0');
  await redis.xadd('stream:events', '*', 'type', 'deleted');
  await redis.set('sess:new', 'after the snapshot');
  await redis.select(2);
  await redis.flushdb();
  await redis.select(5);
  await redis.set('db5:new', 'after the snapshot');
  await redis.select(0);
  const queue = new Queue('onboarding-checkins', { connection: { host: '127.0.0.1', port: redisPort() } });
  try {
    await (await queue.getJob('checkin-1'))?.remove();
    await queue.add('check-in', { userId: 'later' }, { jobId: 'checkin-2', delay: DAY });
  } finally {
    await queue.close();
  }
  expect(await state()).not.toEqual(atSnapshot);

  const t1 = Date.now();
  const r = await run(RESTORE, [path, '--yes', '--json']);
  figures['restoreMs'] = Date.now() - t1;
  expect(r).toMatchObject({ code: 0 });
  const summary = JSON.parse(r.stdout) as {
    documents: number;
    keys: number;
    dropped: { databases: string[] };
  };
  expect(summary.documents).toBe(manifest.totals.documents);
  expect(summary.keys).toBe(manifest.totals.keys);
  expect(summary.dropped.databases).toEqual(['core_vault_extra']);

  expectSameState(await state(), atSnapshot);

  // The delayed job is back, still delayed, with its data.
  const after = new Queue('onboarding-checkins', { connection: { host: '127.0.0.1', port: redisPort() } });
  try {
    const job = await after.getJob('checkin-1');
    expect(job?.data).toEqual({ userId: checkinUser, day: 3 });
    expect(await job?.getState()).toBe('delayed');
    expect(await after.getJob('checkin-2')).toBeUndefined();
  } finally {
    await after.close();
  }
});

it('refuses a damaged or unfinished backup and a restore over data without --yes, changing nothing', async () => {
  if (!mongo || !redis || !priv || !snapshot) throw new Error('the round trip did not produce a backup');
  const { path, manifest } = snapshot;
  // Something that differs from the backup, which a restore would undo.
  await mongo.db('core_vault_identity').collection('users').insertOne({ email: 'late@example.com' });
  await redis.set('late', 'still here');
  const before = await state();

  const store = join(priv.dir, 'backups');
  const flipped = join(store, 'flipped');
  cpSync(path, flipped, { recursive: true });
  const victim = manifest.files.find((f) => f.path.endsWith('users.jsonl'));
  if (!victim) throw new Error('no users file in the backup');
  const file = join(flipped, ...victim.path.split('/'));
  const bytes = readFileSync(file);
  const at = Math.floor(bytes.length / 2);
  bytes[at] = (bytes[at] ?? 0) ^ 0x01; // same size, one bit different
  writeFileSync(file, bytes);

  const missing = join(store, 'missing');
  cpSync(path, missing, { recursive: true });
  rmSync(join(missing, 'redis.jsonl'));

  const partial = join(store, `.partial-${manifest.name}.999999`);
  cpSync(path, partial, { recursive: true });
  rmSync(join(partial, 'manifest.json'));

  const refusals = await Promise.all([
    run(RESTORE, [flipped, '--yes']),
    run(RESTORE, [missing, '--yes']),
    run(RESTORE, [partial, '--yes']),
    run(RESTORE, [path], { CI: 'true' }),
  ]);
  expect(refusals.map((r) => r.code)).toEqual([2, 2, 2, 3]);
  expect(refusals[0]?.stderr).toContain(`${victim.path} does not match its sha256`);
  expect(refusals[1]?.stderr).toContain('redis.jsonl is missing');
  expect(refusals[2]?.stderr).toContain('not a complete backup');
  expect(refusals[3]?.stderr).toContain('--yes');
  for (const r of refusals) expect(r.stderr).toContain('Nothing was changed');

  expectSameState(await state(), before);
  for (const dir of [flipped, missing, partial]) rmSync(dir, { recursive: true, force: true });
});

it('holds one instant of Redis while a client keeps writing it, which waits only for the key dump', async () => {
  if (!redis || !priv) throw new Error('setup failed');
  // Each step writes a new key and the counter of keys in one transaction: any instant of Redis
  // has exactly `w:last` keys w:1..w:last. A dump that is not one instant gets them out of step.
  const writer = new Redis(priv.urls.redisUrl, { maxRetriesPerRequest: 1 });
  let writing = true;
  let steps = 0;
  let slowest = 0;
  const loop = (async () => {
    while (writing) {
      const t = Date.now();
      steps++;
      await writer.multi().set(`w:${steps}`, String(steps)).set('w:last', String(steps)).exec();
      slowest = Math.max(slowest, Date.now() - t);
    }
  })();
  let taken: Awaited<ReturnType<typeof backup>>;
  try {
    await new Promise((r) => setTimeout(r, 100));
    taken = await backup();
  } finally {
    writing = false;
    await loop;
    writer.disconnect();
  }
  figures['writerStalledMaxMs'] = slowest;
  expect(steps).toBeGreaterThan(10);
  expect(slowest).toBeLessThan(5000);

  const r = await run(RESTORE, [taken.path, '--yes']);
  expect(r.code).toBe(0);
  const last = Number(await redis.get('w:last'));
  expect(last).toBeGreaterThan(0);
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', 'w:*', 'COUNT', 1000);
    cursor = next;
    keys.push(...batch.filter((k) => k !== 'w:last'));
  } while (cursor !== '0');
  expect(new Set(keys).size).toBe(last);
  expect(await redis.exists(`w:${last + 1}`)).toBe(0);
});

it('keeps no backup when MongoDB never stops changing while it is read', async () => {
  if (!mongo || !priv) throw new Error('setup failed');
  const store = join(priv.dir, 'backups');
  const before = readdirSync(store).sort();
  const coll = mongo.db('core_vault_analytics').collection('busy');
  let writing = true;
  let writes = 0;
  const writer = (async () => {
    while (writing) {
      await coll.insertOne({ n: writes++, at: new Date() });
    }
  })();
  try {
    await new Promise((r) => setTimeout(r, 100));
    const r = await run(BACKUP, ['--attempts', '2']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('kept changing');
    expect(r.stderr).toContain('core_vault_analytics.busy');
  } finally {
    writing = false;
    await writer;
  }
  expect(writes).toBeGreaterThan(10);
  expect(readdirSync(store).sort()).toEqual(before); // no complete-looking folder, no partial one
});
