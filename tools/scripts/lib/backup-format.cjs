'use strict';
// The on-disk format of `npm run backup` and the decisions `npm run restore` makes from it, kept
// free of database clients so they can be unit-tested (apps/e2e/src/durability/backup-format.spec.ts).
// CommonJS on purpose: the .mjs scripts import it, and Jest (CommonJS, no ESM) can require it too.
//
// A backup is one folder:
//   <name>/manifest.json              what is in it, counts, sizes, sha256 of every other file
//   <name>/mongo/<db>/<coll>.jsonl    one document a line, canonical Extended JSON, sorted by _id
//   <name>/redis.jsonl                one key a line: { db, key | keyBase64, type, pttl, dump (base64) }
// The manifest is written last, into a hidden temporary folder that is renamed to <name> only when
// everything is on disk: a folder with a manifest is complete, anything else is not a backup.
const { createHash } = require('node:crypto');
const { createReadStream, statSync } = require('node:fs');
const { isAbsolute, join } = require('node:path');

const FORMAT = 'core-vault-backup';
const FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';
// The databases a MongoDB server keeps for itself: never backed up, never dropped by a restore.
const SYSTEM_DATABASES = ['admin', 'config', 'local'];
const TEMP_PREFIX = '.partial-';

/**
 * Folder name of a backup taken at `date`: the ISO 8601 UTC timestamp without colons
 * (`2025-03-01T120501.123Z`), so it is a valid file name everywhere and names sort by time.
 */
function backupName(date) {
  return date.toISOString().replace(/:/g, '');
}

const NAME = /^(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})\.(\d{3})Z(?:-(\d+))?$/;

/** The time a backup folder name stands for, or null if it is not one (temp folders, strays). */
function parseBackupName(name) {
  const m = NAME.exec(name);
  if (!m) return null;
  const date = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A name that is not in `taken` yet: the timestamp, then `<timestamp>-2`, `-3`, ... */
function uniqueBackupName(date, taken) {
  const base = backupName(date);
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** The newest complete backup among folder names (those that parse and have a manifest). */
function latestBackup(names, hasManifest) {
  return (
    names
      .filter((n) => parseBackupName(n) && hasManifest(n))
      .sort((a, b) => parseBackupName(a) - parseBackupName(b) || a.localeCompare(b, 'en', { numeric: true }))
      .pop() ?? null
  );
}

/** Temporary folder of an unfinished backup; the pid tells a later run whether it is abandoned. */
const tempName = (name, pid) => `${TEMP_PREFIX}${name}.${pid}`;

/** The pid of a temporary folder's writer, or null if `name` is not a temporary folder. */
function tempOwner(name) {
  if (!name.startsWith(TEMP_PREFIX)) return null;
  const pid = Number(name.slice(name.lastIndexOf('.') + 1));
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

// Database and collection names may hold characters a file name cannot (or should not).
const encodeName = (s) => encodeURIComponent(s).replace(/\*/g, '%2A');

/** Relative path of a collection's file inside the backup folder (always `/`, whatever the OS). */
const collectionFile = (db, coll) => `mongo/${encodeName(db)}/${encodeName(coll)}.jsonl`;

/** A connection string without its password, for manifests and logs. */
function redactUrl(url) {
  return String(url).replace(/^([a-z][a-z0-9+.-]*:\/\/)([^@/]*)@/i, (_, scheme, auth) => {
    const user = auth.split(':')[0];
    return `${scheme}${user ? `${user}:***` : '***'}@`;
  });
}

/**
 * TTL argument for RESTORE from the PTTL recorded at backup time. A restore brings the snapshot
 * back as it was: a key that had 10 minutes left has 10 minutes again (0 = no expiry). Keys that
 * had already expired are never in a backup (DUMP skips them), so a recorded pttl is -1 or > 0.
 */
function restoreTtl(pttl) {
  if (pttl === -1) return 0;
  if (!Number.isInteger(pttl) || pttl <= 0) throw new Error(`invalid pttl ${pttl}`);
  return pttl;
}

/** Redis `databases` of a server; a restore needs every logical database the backup holds keys in. */
function checkRedisDatabases(manifest, targetDatabases) {
  const used = Object.keys(manifest.redis?.keysByDb ?? {}).map(Number);
  const missing = used.filter((db) => db >= targetDatabases);
  return missing.length
    ? [`the backup has keys in Redis database ${missing.join(', ')}, the target has only ${targetDatabases}`]
    : [];
}

/**
 * DUMP payloads carry the RDB version of the server that made them, and a server refuses
 * payloads newer than its own: a restore needs a target at least as new as the source.
 */
function checkRedisVersion(sourceVersion, targetVersion) {
  const parts = (v) =>
    String(v)
      .split('.')
      .map((n) => Number.parseInt(n, 10) || 0);
  const [a, b] = [parts(sourceVersion), parts(targetVersion)];
  for (let i = 0; i < 3; i++) {
    if ((b[i] ?? 0) > (a[i] ?? 0)) return [];
    if ((b[i] ?? 0) < (a[i] ?? 0))
      return [
        `the backup comes from Redis ${sourceVersion}; Redis ${targetVersion} cannot load its DUMP payloads`,
      ];
  }
  return [];
}

/** Relative file paths (`/`-separated) must stay inside the backup folder. */
function safeRelative(p) {
  if (typeof p !== 'string' || p === '' || isAbsolute(p) || /[\\\0]/.test(p)) return false;
  return p.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * Structural check of a parsed manifest: a list of problems, empty when it is usable. Everything a
 * restore will read must be listed in `files` (with size and sha256), and nothing may point
 * outside the folder.
 */
function validateManifest(m) {
  const errors = [];
  if (!m || typeof m !== 'object') return ['manifest.json is not a JSON object'];
  if (m.format !== FORMAT) errors.push(`not a ${FORMAT} manifest (format: ${JSON.stringify(m.format)})`);
  if (m.version !== FORMAT_VERSION)
    errors.push(
      `unsupported format version ${JSON.stringify(m.version)} (this tool reads ${FORMAT_VERSION})`,
    );
  if (!Array.isArray(m.files)) return [...errors, 'manifest has no "files" list'];
  const listed = new Map();
  for (const f of m.files) {
    if (!f || !safeRelative(f.path)) errors.push(`unsafe or missing file path ${JSON.stringify(f?.path)}`);
    else if (listed.has(f.path)) errors.push(`${f.path} is listed twice`);
    else if (!Number.isInteger(f.bytes) || f.bytes < 0 || !/^[0-9a-f]{64}$/.test(String(f.sha256)))
      errors.push(`${f.path}: size or sha256 missing`);
    else listed.set(f.path, f);
  }
  const needs = (path, what) => {
    if (!listed.has(path))
      errors.push(`${what} refers to ${JSON.stringify(path)}, which "files" does not list`);
  };
  if (!m.mongo || !Array.isArray(m.mongo.databases)) errors.push('manifest has no "mongo.databases"');
  else
    for (const db of m.mongo.databases) {
      if (
        !db ||
        typeof db.name !== 'string' ||
        SYSTEM_DATABASES.includes(db.name) ||
        !Array.isArray(db.collections)
      ) {
        errors.push(`invalid database entry ${JSON.stringify(db?.name)}`);
        continue;
      }
      for (const c of db.collections) {
        if (!c || typeof c.name !== 'string') errors.push(`invalid collection entry in ${db.name}`);
        else if (c.type === 'view') continue;
        else if (!Number.isInteger(c.documents) || !Array.isArray(c.indexes))
          errors.push(`${db.name}.${c.name}: documents or indexes missing`);
        else needs(c.file, `${db.name}.${c.name}`);
      }
    }
  if (typeof m.totals?.documents !== 'number' || typeof m.totals?.keys !== 'number')
    errors.push('manifest has no "totals"');
  if (typeof m.source?.redis?.version !== 'string') errors.push('manifest has no "source.redis.version"');
  if (!m.redis || typeof m.redis !== 'object') errors.push('manifest has no "redis" section');
  else {
    if (!Number.isInteger(m.redis.keys)) errors.push('redis.keys missing');
    needs(m.redis.file, 'redis');
  }
  return errors;
}

function sha256File(path) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/**
 * Checks every file the manifest lists against its recorded size and sha256. Returns the problems
 * (empty = intact). Reads the files only; nothing is changed.
 */
async function verifyFiles(dir, manifest) {
  const errors = [];
  for (const f of manifest.files) {
    const path = join(dir, ...f.path.split('/'));
    let size;
    try {
      size = statSync(path).size;
    } catch {
      errors.push(`${f.path} is missing`);
      continue;
    }
    if (size !== f.bytes) {
      errors.push(`${f.path} has ${size} bytes, the manifest says ${f.bytes}`);
      continue;
    }
    const sum = await sha256File(path);
    if (sum !== f.sha256) errors.push(`${f.path} does not match its sha256 (corrupted or changed)`);
  }
  return errors;
}

/**
 * What a restore does to MongoDB, given the backup and the target's current non-system
 * databases and collections (`{ [db]: string[] }`). The backup covers every non-system database of
 * the source, so the target is made equal to it: backed-up collections are replaced, collections
 * and databases the backup does not have are dropped (they were created after the snapshot).
 */
function planMongoRestore(manifest, target) {
  const backedUp = new Map(manifest.mongo.databases.map((d) => [d.name, d]));
  const plan = { replace: [], dropCollections: [], dropDatabases: [] };
  for (const [db, collections] of Object.entries(target)) {
    if (SYSTEM_DATABASES.includes(db)) continue;
    const source = backedUp.get(db);
    if (!source) {
      plan.dropDatabases.push(db);
      continue;
    }
    const keep = new Set(source.collections.map((c) => c.name));
    for (const c of collections)
      if (!keep.has(c) && !c.startsWith('system.')) plan.dropCollections.push({ db, name: c });
  }
  for (const d of manifest.mongo.databases)
    for (const c of d.collections) plan.replace.push({ db: d.name, ...c });
  return plan;
}

/**
 * Whether a restore may go ahead. Replacing data needs consent: --yes, or a "yes" typed at a
 * terminal. Without a terminal, or in CI (CI=true), there is nobody to ask: refuse.
 */
function restoreDecision({ targetHasData, yes, interactive, ci }) {
  if (!targetHasData || yes) return 'proceed';
  if (ci || !interactive) return 'refuse';
  return 'ask';
}

/** Index specs as createIndexes takes them: without the version and namespace the server adds. */
function indexSpecsToCreate(indexes) {
  return indexes.filter((ix) => ix.name !== '_id_').map(({ v: _v, ns: _ns, ...spec }) => spec);
}

/** Splits a stream of (document, bytes) into insert batches of at most `maxDocs` and ~`maxBytes`. */
function batcher({ maxDocs = 1000, maxBytes = 8 * 1024 * 1024 } = {}) {
  let batch = [];
  let bytes = 0;
  return {
    /** Adds a document; returns a full batch to insert now, or null. */
    add(doc, size) {
      if (batch.length && (batch.length >= maxDocs || bytes + size > maxBytes)) {
        const full = batch;
        batch = [doc];
        bytes = size;
        return full;
      }
      batch.push(doc);
      bytes += size;
      return null;
    },
    /** The last, partial batch (or null). */
    flush() {
      const rest = batch.length ? batch : null;
      batch = [];
      bytes = 0;
      return rest;
    },
  };
}

const formatBytes = (n) =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 ** 2).toFixed(1)} MiB`;

module.exports = {
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  SYSTEM_DATABASES,
  backupName,
  parseBackupName,
  uniqueBackupName,
  latestBackup,
  tempName,
  tempOwner,
  encodeName,
  collectionFile,
  redactUrl,
  restoreTtl,
  checkRedisDatabases,
  checkRedisVersion,
  validateManifest,
  sha256File,
  verifyFiles,
  planMongoRestore,
  restoreDecision,
  indexSpecsToCreate,
  batcher,
  formatBytes,
};
