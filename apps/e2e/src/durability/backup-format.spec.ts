/**
 * The decisions of `npm run backup` / `npm run restore` that need no database
 * (tools/scripts/lib/backup-format.cjs): folder names, manifest and checksum verification, what a
 * restore replaces and drops, when it may go ahead, Redis compatibility, TTLs, insert batches.
 * The round trip against real servers is backup.int-spec.ts.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workspaceRoot } from '@core-vault/platform/testing';

interface FileEntry {
  path: string;
  bytes: number;
  sha256: string;
}
interface Manifest {
  format: string;
  version: number;
  mongo: {
    databases: {
      name: string;
      collections: { name: string; type: string; documents?: number; indexes?: unknown[]; file?: string }[];
    }[];
  };
  redis: { file: string; keys: number; keysByDb?: Record<string, number> };
  totals: { documents: number; keys: number };
  source: { redis: { version: string } };
  files: FileEntry[];
}
interface Plan {
  replace: { db: string; name: string }[];
  dropCollections: { db: string; name: string }[];
  dropDatabases: string[];
}
interface BackupFormat {
  backupName(date: Date): string;
  parseBackupName(name: string): Date | null;
  uniqueBackupName(date: Date, taken: Set<string>): string;
  latestBackup(names: string[], hasManifest: (name: string) => boolean): string | null;
  tempName(name: string, pid: number): string;
  tempOwner(name: string): number | null;
  collectionFile(db: string, coll: string): string;
  redactUrl(url: string): string;
  restoreTtl(pttl: number): number;
  checkRedisVersion(source: string, target: string): string[];
  checkRedisDatabases(manifest: Manifest, databases: number): string[];
  validateManifest(manifest: unknown): string[];
  verifyFiles(dir: string, manifest: Manifest): Promise<string[]>;
  planMongoRestore(manifest: Manifest, target: Record<string, string[]>): Plan;
  restoreDecision(input: { targetHasData: boolean; yes: boolean; interactive: boolean; ci: boolean }): string;
  indexSpecsToCreate(indexes: Record<string, unknown>[]): Record<string, unknown>[];
  batcher(limits: { maxDocs: number; maxBytes: number }): {
    add(doc: unknown, size: number): unknown[] | null;
    flush(): unknown[] | null;
  };
}

// CommonJS so that both the .mjs scripts and Jest load it as it is.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fmt = require(join(workspaceRoot, 'tools/scripts/lib/backup-format.cjs')) as BackupFormat;

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

function manifestWith(files: Record<string, string>, extra: Partial<Manifest> = {}): Manifest {
  return {
    format: 'core-vault-backup',
    version: 1,
    mongo: {
      databases: [
        {
          name: 'core_vault_identity',
          collections: [
            {
              name: 'users',
              type: 'collection',
              documents: 2,
              indexes: [],
              file: 'mongo/core_vault_identity/users.jsonl',
            },
            { name: 'active', type: 'view' },
          ],
        },
      ],
    },
    redis: { file: 'redis.jsonl', keys: 1, keysByDb: { 0: 1 } },
    totals: { documents: 2, keys: 1 },
    source: { redis: { version: '7.0.15' } },
    files: Object.entries(files).map(([path, text]) => ({
      path,
      bytes: Buffer.byteLength(text),
      sha256: sha(text),
    })),
    ...extra,
  };
}

describe('backup folder names', () => {
  it('are the ISO timestamp without colons, and parse back to the same instant', () => {
    const at = new Date('2025-03-01T12:05:01.123Z');
    expect(fmt.backupName(at)).toBe('2025-03-01T120501.123Z');
    expect(fmt.parseBackupName('2025-03-01T120501.123Z')?.toISOString()).toBe(at.toISOString());
    expect(fmt.parseBackupName('2025-03-01T120501.123Z-2')?.toISOString()).toBe(at.toISOString());
  });

  it('are not confused with temporary folders or strays', () => {
    expect(fmt.parseBackupName('.partial-2025-03-01T120501.123Z.42')).toBeNull();
    expect(fmt.parseBackupName('notes')).toBeNull();
    expect(fmt.parseBackupName('2025-13-45T250000.000Z')).toBeNull();
  });

  it('get a suffix when two backups start in the same millisecond', () => {
    const at = new Date('2025-03-01T12:05:01.123Z');
    expect(fmt.uniqueBackupName(at, new Set())).toBe('2025-03-01T120501.123Z');
    expect(fmt.uniqueBackupName(at, new Set(['2025-03-01T120501.123Z']))).toBe('2025-03-01T120501.123Z-2');
    expect(fmt.uniqueBackupName(at, new Set(['2025-03-01T120501.123Z', '2025-03-01T120501.123Z-2']))).toBe(
      '2025-03-01T120501.123Z-3',
    );
  });

  it('latest is the newest complete backup', () => {
    const names = [
      '2025-03-01T120501.123Z',
      '2025-03-02T080000.000Z',
      '2025-03-02T080000.000Z-2',
      '2025-03-03T000000.000Z', // no manifest: unfinished copy
      '.partial-2025-03-04T000000.000Z.77',
      'readme.txt',
    ];
    expect(fmt.latestBackup(names, (n) => n !== '2025-03-03T000000.000Z')).toBe('2025-03-02T080000.000Z-2');
    expect(fmt.latestBackup(['x'], () => true)).toBeNull();
  });

  it('temporary folders name their writer', () => {
    const t = fmt.tempName('2025-03-01T120501.123Z', 4242);
    expect(t.startsWith('.')).toBe(true); // hidden, and never parsed as a backup
    expect(fmt.tempOwner(t)).toBe(4242);
    expect(fmt.tempOwner('2025-03-01T120501.123Z')).toBeNull();
  });

  it('collection files escape what a file name cannot hold', () => {
    expect(fmt.collectionFile('core_vault_artifacts', 'artifacts')).toBe(
      'mongo/core_vault_artifacts/artifacts.jsonl',
    );
    expect(fmt.collectionFile('db', 'a/b c*')).toBe('mongo/db/a%2Fb%20c%2A.jsonl');
  });
});

describe('manifest verification', () => {
  let dir: string;
  const files = {
    'mongo/core_vault_identity/users.jsonl': '{"a":1}\n{"a":2}\n',
    'redis.jsonl': '{"db":0}\n',
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'backup-format-'));
    mkdirSync(join(dir, 'mongo/core_vault_identity'), { recursive: true });
    for (const [p, text] of Object.entries(files)) writeFileSync(join(dir, p), text);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('accepts an intact backup', async () => {
    const m = manifestWith(files);
    expect(fmt.validateManifest(m)).toEqual([]);
    expect(await fmt.verifyFiles(dir, m)).toEqual([]);
  });

  it('names a changed, a truncated and a missing file', async () => {
    const m = manifestWith(files);
    writeFileSync(join(dir, 'redis.jsonl'), '{"db":1}\n'); // same size, other bytes
    writeFileSync(join(dir, 'mongo/core_vault_identity/users.jsonl'), '{"a":1}\n');
    expect(await fmt.verifyFiles(dir, m)).toEqual([
      'mongo/core_vault_identity/users.jsonl has 8 bytes, the manifest says 16',
      'redis.jsonl does not match its sha256 (corrupted or changed)',
    ]);
    rmSync(join(dir, 'redis.jsonl'));
    expect(await fmt.verifyFiles(dir, m)).toContain('redis.jsonl is missing');
  });

  it('refuses manifests of another format or version, or without their sections', () => {
    expect(fmt.validateManifest(null)).toEqual(['manifest.json is not a JSON object']);
    expect(fmt.validateManifest({ ...manifestWith(files), format: 'other' })[0]).toMatch(
      /not a core-vault-backup/,
    );
    expect(fmt.validateManifest({ ...manifestWith(files), version: 2 })[0]).toMatch(
      /unsupported format version 2/,
    );
    const { files: _f, ...noFiles } = manifestWith(files);
    expect(fmt.validateManifest(noFiles)).toContain('manifest has no "files" list');
    const { totals: _t, source: _s, ...noTotals } = manifestWith(files);
    expect(fmt.validateManifest(noTotals)).toEqual([
      'manifest has no "totals"',
      'manifest has no "source.redis.version"',
    ]);
  });

  it('refuses data files that the checksum list leaves out', () => {
    const m = manifestWith({ 'redis.jsonl': files['redis.jsonl'] });
    expect(fmt.validateManifest(m)).toEqual([
      'core_vault_identity.users refers to "mongo/core_vault_identity/users.jsonl", which "files" does not list',
    ]);
  });

  it('refuses paths that leave the backup folder', () => {
    for (const path of ['../etc/passwd', '/etc/passwd', 'mongo/../../x', 'a//b', 'a\\b', './redis.jsonl']) {
      const m = manifestWith(files);
      m.files.push({ path, bytes: 0, sha256: sha('') });
      expect(fmt.validateManifest(m)).toEqual([`unsafe or missing file path ${JSON.stringify(path)}`]);
    }
  });

  it('refuses a system database in a backup', () => {
    const m = manifestWith(files);
    m.mongo.databases.push({ name: 'admin', collections: [] });
    expect(fmt.validateManifest(m)).toEqual(['invalid database entry "admin"']);
  });
});

describe('restore decisions', () => {
  const manifest = manifestWith({});

  it('replaces backed-up collections and drops what came after the snapshot', () => {
    const plan = fmt.planMongoRestore(manifest, {
      core_vault_identity: ['users', 'later', 'system.views'],
      core_vault_extra: ['x'],
      admin: ['system.users'],
    });
    expect(plan.replace.map((c) => `${c.db}.${c.name}`)).toEqual([
      'core_vault_identity.users',
      'core_vault_identity.active',
    ]);
    expect(plan.dropCollections).toEqual([{ db: 'core_vault_identity', name: 'later' }]);
    expect(plan.dropDatabases).toEqual(['core_vault_extra']);
  });

  it('asks before replacing data, and refuses when nobody can answer', () => {
    const d = (targetHasData: boolean, yes: boolean, interactive: boolean, ci: boolean) =>
      fmt.restoreDecision({ targetHasData, yes, interactive, ci });
    expect(d(false, false, false, true)).toBe('proceed'); // empty target: nothing to lose
    expect(d(true, true, false, true)).toBe('proceed'); // --yes
    expect(d(true, false, true, false)).toBe('ask'); // a terminal
    expect(d(true, false, false, false)).toBe('refuse'); // no terminal
    expect(d(true, false, true, true)).toBe('refuse'); // CI=true, even with a terminal
  });

  it('needs a Redis at least as new as the source, with the logical databases the backup uses', () => {
    expect(fmt.checkRedisVersion('7.0.15', '7.0.15')).toEqual([]);
    expect(fmt.checkRedisVersion('7.0.15', '7.2.4')).toEqual([]);
    expect(fmt.checkRedisVersion('7.2.4', '7.0.15')).toEqual([
      'the backup comes from Redis 7.2.4; Redis 7.0.15 cannot load its DUMP payloads',
    ]);
    expect(
      fmt.checkRedisDatabases({ ...manifest, redis: { file: 'r', keys: 2, keysByDb: { 0: 1, 15: 1 } } }, 16),
    ).toEqual([]);
    expect(
      fmt.checkRedisDatabases({ ...manifest, redis: { file: 'r', keys: 2, keysByDb: { 0: 1, 15: 1 } } }, 8),
    ).toEqual(['the backup has keys in Redis database 15, the target has only 8']);
  });

  it('restores a key with the TTL it had left, or none', () => {
    expect(fmt.restoreTtl(-1)).toBe(0);
    expect(fmt.restoreTtl(1234)).toBe(1234);
    expect(() => fmt.restoreTtl(-2)).toThrow(/invalid pttl/);
  });

  it('recreates indexes without _id_ and without the server-added version', () => {
    expect(
      fmt.indexSpecsToCreate([
        { v: 2, key: { _id: 1 }, name: '_id_' },
        { v: 2, key: { at: 1 }, name: 'at_1', expireAfterSeconds: 60, ns: 'db.c' },
      ]),
    ).toEqual([{ key: { at: 1 }, name: 'at_1', expireAfterSeconds: 60 }]);
  });

  it('inserts in batches bounded by count and size', () => {
    const b = fmt.batcher({ maxDocs: 3, maxBytes: 100 });
    const full: unknown[][] = [];
    for (let i = 0; i < 7; i++) {
      const out = b.add(i, 10);
      if (out) full.push(out);
    }
    expect(full).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    expect(b.flush()).toEqual([6]);
    expect(b.flush()).toBeNull();
    // One document larger than the byte limit still goes, alone.
    expect(b.add('big', 500)).toBeNull();
    expect(b.add('next', 10)).toEqual(['big']);
  });

  it('keeps passwords out of manifests and logs', () => {
    expect(fmt.redactUrl('mongodb://app:s3cret@db.example.net:27017/x')).toBe(
      'mongodb://app:***@db.example.net:27017/x',
    );
    expect(fmt.redactUrl('redis://:s3cret@cache:6379')).toBe('redis://***@cache:6379');
    expect(fmt.redactUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});
