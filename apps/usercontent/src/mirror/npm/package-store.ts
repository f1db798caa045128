/**
 * The mirror's npm cache: packages fetched from the registry on first use and kept on disk.
 *
 *   {dir}/v1/packages/{name}/{version}/meta.json    name, version, integrity, file list, the
 *                                                    package.json fields the mirror reads
 *   {dir}/v1/packages/{name}/{version}/files/…       the files the mirror serves (+ lazy .gz)
 *   {dir}/v1/esm/{name}/{version}/{key}.js|.json     ES module builds and their export names
 *   {dir}/v1/tmp/                                     staging (same disk, so rename is atomic)
 *
 * One fetch per package version however many requests want it at once: in this process the
 * first request's promise is shared (single flight); across processes each extracts into its own
 * staging folder and renames it into place, and the first rename wins (a second finds the folder
 * there and uses it). A version on disk is complete by construction: meta.json is written into
 * the staging folder before the rename. No install script ever runs: packages are only unpacked.
 *
 * Limits: a deny list (names, or name@range), packed and unpacked size caps, a timeout on every
 * registry request, at most four downloads at once, and failures remembered for a while so a page
 * that asks for a missing package on every view does not ask the registry every time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import semver from 'semver';
import { rewriteCssImports } from '../rewrite';
import { servedType, validPackageName } from '../npm-paths';
import { type PackageJson, PACKAGE_FIELDS } from './package-entry';
import { MirrorError, type Packument, Registry, resolveVersion } from './registry';
import { TarError, extractTarball } from './tar';

const gzipAsync = promisify(gzip);
const FORMAT = 'v1';

/**
 * Package versions known to have shipped malicious code, refused whatever the configuration says
 * (the registry unpublishes most, but mirrors and proxies may still hold them).
 */
export const DEFAULT_DENY = [
  'event-stream@3.3.6',
  'flatmap-stream',
  'ua-parser-js@0.7.29 || 0.8.0 || 1.0.0',
  'coa@2.0.3 || 2.0.4 || 2.1.1 || 2.1.3 || 3.0.1 || 3.1.3',
  'rc@1.2.9 || 1.3.9 || 2.3.9',
  'eslint-scope@3.7.2',
  'node-ipc@10.1.1 || 10.1.2 || 10.1.3',
  'colors@1.4.1 || 1.4.2 || 1.4.44-liberty-2',
  'faker@6.6.6',
];

export interface NpmStoreOptions {
  /** Cache folder (a volume in production). */
  dir: string;
  registryUrl: string;
  registryToken?: string;
  /** false: serve what is on disk, never ask the registry. */
  fetch: boolean;
  fetchFn?: typeof fetch;
  timeoutMs: number;
  maxTarballBytes: number;
  maxUnpackedBytes: number;
  /** Extra deny entries: "name" or "name@range". */
  deny?: readonly string[];
  /** How long a packument (for ranges and tags) is trusted. */
  packumentTtlMs?: number;
  /** Free space the cache's disk keeps: no package is fetched that would leave less. */
  minFreeBytes?: number;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

export interface StoredPackage {
  name: string;
  version: string;
  /** Folder holding the served files. */
  root: string;
  files: Map<string, number>;
  pkg: PackageJson;
  etags: Map<string, string>;
}

interface Meta {
  format: string;
  name: string;
  version: string;
  integrity: string;
  fetchedAt: string;
  files: Record<string, number>;
  pkg: PackageJson;
}

export interface EsmOutput {
  file: string;
  size: number;
  etag: string;
  exports: string[];
}

/** In-process single flight: concurrent callers of one key share one promise. */
class Flights {
  private readonly running = new Map<string, Promise<unknown>>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const current = this.running.get(key) as Promise<T> | undefined;
    if (current) return current;
    const p = fn().finally(() => this.running.delete(key));
    this.running.set(key, p);
    return p;
  }
}

/** At most `n` at once; the rest wait in order. */
class Gate {
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private readonly n: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.n) await new Promise<void>((r) => this.queue.push(r));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.queue.shift()?.();
    }
  }
}

class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: V): void {
    this.map.delete(key);
    this.map.set(key, v);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
}

const COMPRESSIBLE = /\.(m?js|cjs|css|json|svg|ttf|otf|eot)$/;
const safeVersion = (v: string) => /^[\w.+-]+$/.test(v) && !/^\.+$/.test(v) && v.length <= 64;

/** What is kept of a package: the files the mirror serves, and package.json files (read, never served). */
const keepFile = (path: string) => servedType(path) !== null || /(^|\/)package\.json$/.test(path);

export class NpmPackageStore {
  readonly registry: Registry;
  private readonly flights = new Flights();
  private readonly downloads = new Gate(4);
  private readonly packages = new Lru<StoredPackage>(512);
  private readonly packuments = new Map<string, { p: Packument; at: number }>();
  private readonly failures = new Map<string, { error: MirrorError; until: number }>();
  /** Gzip sizes of files already compressed (0: not worth it). */
  private readonly gzipped = new Lru<number>(20_000);
  private readonly deny: Array<{ name: string; range: string | null }>;
  private readonly base: string;
  private readonly ttl: number;

  constructor(private readonly o: NpmStoreOptions) {
    this.registry = new Registry({
      url: o.registryUrl,
      ...(o.registryToken ? { token: o.registryToken } : {}),
      ...(o.fetchFn ? { fetchFn: o.fetchFn } : {}),
      timeoutMs: o.timeoutMs,
      maxTarballBytes: o.maxTarballBytes,
    });
    this.base = join(o.dir, FORMAT);
    this.ttl = o.packumentTtlMs ?? 5 * 60_000;
    this.deny = [...DEFAULT_DENY, ...(o.deny ?? [])]
      .map((e) => e.trim())
      .filter(Boolean)
      .map((e) => {
        const at = e.indexOf('@', e.startsWith('@') ? 1 : 0);
        return at < 0 ? { name: e, range: null } : { name: e.slice(0, at), range: e.slice(at + 1) };
      });
  }

  private log(msg: string, fields?: Record<string, unknown>) {
    this.o.log?.(msg, fields);
  }

  /** Refuses a denied package (any version: range null) or version. */
  checkAllowed(name: string, version?: string): void {
    if (!validPackageName(name)) throw new MirrorError(`${name} is not a package name`, 'not-found');
    for (const d of this.deny) {
      if (d.name !== name) continue;
      if (d.range === null || (version && semver.satisfies(version, d.range, { loose: true })))
        throw new MirrorError(
          `${version ? `${name}@${version}` : name} is on the mirror's deny list`,
          'denied',
        );
    }
  }

  /** A failure remembered for this key, rethrown until it expires. */
  private remembered(key: string): void {
    const f = this.failures.get(key);
    if (f && f.until > Date.now()) throw f.error;
    if (f) this.failures.delete(key);
  }

  private remember(key: string, err: unknown): never {
    const error =
      err instanceof MirrorError ? err : new MirrorError(String((err as Error)?.message ?? err), 'upstream');
    const ms =
      error.reason === 'upstream' || error.reason === 'unavailable' || error.reason === 'offline'
        ? 30_000
        : error.reason === 'not-found'
          ? 5 * 60_000
          : 15 * 60_000;
    this.failures.set(key, { error, until: Date.now() + ms });
    this.log('mirror request refused', { key, reason: error.reason, message: error.message });
    if (this.failures.size > 10_000) this.failures.delete(this.failures.keys().next().value as string);
    throw error;
  }

  private packageDir(name: string, version: string) {
    return join(this.base, 'packages', ...name.split('/'), version);
  }

  /** Versions of `name` already on disk. */
  private async localVersions(name: string): Promise<string[]> {
    try {
      const dir = join(this.base, 'packages', ...name.split('/'));
      const entries = await readdir(dir);
      return entries.filter((v) => semver.valid(v) && existsSync(join(dir, v, 'meta.json')));
    } catch {
      return [];
    }
  }

  /** The packument, from memory while fresh (one request at a time per name). */
  async packument(name: string): Promise<Packument> {
    const cached = this.packuments.get(name);
    if (cached && Date.now() - cached.at < this.ttl) return cached.p;
    if (!this.o.fetch) throw new MirrorError(`${name} is not in the mirror and fetching is off`, 'offline');
    const key = `packument:${name}`;
    this.remembered(key);
    return this.flights.run(key, async () => {
      try {
        const p = await this.registry.packument(name);
        this.packuments.set(name, { p, at: Date.now() });
        if (this.packuments.size > 2_000)
          this.packuments.delete(this.packuments.keys().next().value as string);
        return p;
      } catch (err) {
        if (cached) return cached.p; // stale beats nothing while the registry is away
        return this.remember(key, err);
      }
    });
  }

  /**
   * The exact version `spec` names. An exact version on disk needs no registry; a range or tag
   * is resolved from the packument (from versions on disk when the registry cannot be reached).
   */
  async resolve(name: string, spec: string): Promise<string> {
    this.checkAllowed(name);
    const exact = semver.valid(spec) === spec ? spec : null;
    if (exact && this.packages.get(`${name}@${exact}`)) return exact;
    if (exact && existsSync(join(this.packageDir(name, exact), 'meta.json'))) return exact;
    let p: Packument;
    try {
      p = await this.packument(name);
    } catch (err) {
      const local = await this.localVersions(name);
      const range = semver.validRange(spec, { loose: true });
      const found = range ? semver.maxSatisfying(local, range, { loose: true }) : null;
      if (found && err instanceof MirrorError && err.reason !== 'not-found') return found;
      throw err;
    }
    const version = resolveVersion(p, spec);
    if (!version) throw new MirrorError(`no version of ${name} matches "${spec}"`, 'not-found');
    return version;
  }

  /** A package version on disk: fetched, checked and unpacked on first use. */
  async package(name: string, version: string): Promise<StoredPackage> {
    const key = `${name}@${version}`;
    const known = this.packages.get(key);
    if (known) return known;
    this.checkAllowed(name, version);
    if (!safeVersion(version)) throw new MirrorError(`${key} is not a version`, 'not-found');
    return this.flights.run(`package:${key}`, async () => {
      const dir = this.packageDir(name, version);
      const loaded = (await this.load(dir)) ?? (await this.fetchPackage(name, version, dir));
      this.packages.set(key, loaded);
      return loaded;
    });
  }

  private async load(dir: string): Promise<StoredPackage | null> {
    let meta: Meta;
    try {
      meta = JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8')) as Meta;
    } catch {
      return null;
    }
    if (meta.format !== FORMAT) return null;
    return {
      name: meta.name,
      version: meta.version,
      root: join(dir, 'files'),
      files: new Map(Object.entries(meta.files)),
      pkg: meta.pkg,
      etags: new Map(),
    };
  }

  private async fetchPackage(name: string, version: string, dir: string): Promise<StoredPackage> {
    const key = `tarball:${name}@${version}`;
    this.remembered(key);
    if (!this.o.fetch)
      throw new MirrorError(`${name}@${version} is not in the mirror and fetching is off`, 'offline');
    try {
      const p = await this.packument(name);
      const v = p.versions[version];
      if (!v) throw new MirrorError(`${name}@${version} is not in the registry`, 'not-found');
      const unpacked = v.dist.unpackedSize;
      if (typeof unpacked === 'number' && unpacked > this.o.maxUnpackedBytes)
        throw new MirrorError(
          `${name}@${version} unpacks to ${unpacked} bytes, over the mirror's ${this.o.maxUnpackedBytes}`,
          'too-large',
        );
      return await this.downloads.run(async () => {
        // Another process may have finished it while this one waited.
        const there = await this.load(dir);
        if (there) return there;
        await this.checkSpace(unpacked ?? this.o.maxTarballBytes);
        const started = Date.now();
        const tgz = await this.registry.tarball(name, v);
        const stored = await this.unpack(name, version, v.dist.integrity ?? v.dist.shasum ?? '', tgz, dir);
        this.log('mirror package fetched', {
          package: `${name}@${version}`,
          packed: tgz.length,
          files: stored.files.size,
          ms: Date.now() - started,
        });
        return stored;
      });
    } catch (err) {
      return this.remember(key, err);
    }
  }

  /** Refuses a fetch that would leave the cache's disk with less than its reserve. */
  private async checkSpace(bytes: number): Promise<void> {
    await mkdir(this.base, { recursive: true });
    const fs = await statfs(this.base);
    const free = fs.bavail * fs.bsize;
    const reserve = this.o.minFreeBytes ?? 256 * 1024 * 1024;
    if (free - bytes < reserve)
      throw new MirrorError(
        `the mirror's cache disk is full (${Math.round(free / 1e6)} MB free)`,
        'unavailable',
      );
  }

  private async staging(): Promise<string> {
    const tmp = join(this.base, 'tmp', `${process.pid}-${randomBytes(6).toString('hex')}`);
    await mkdir(tmp, { recursive: true });
    return tmp;
  }

  private async unpack(
    name: string,
    version: string,
    integrity: string,
    tgz: Buffer,
    dir: string,
  ): Promise<StoredPackage> {
    const tmp = await this.staging();
    try {
      const filesDir = join(tmp, 'files');
      await mkdir(filesDir);
      let extracted;
      try {
        extracted = await extractTarball(
          tgz,
          filesDir,
          {
            maxBytes: this.o.maxUnpackedBytes,
            maxEntries: 50_000,
            maxFileBytes: Math.min(this.o.maxUnpackedBytes, 128 * 1024 * 1024),
          },
          keepFile,
        );
      } catch (err) {
        if (err instanceof TarError)
          throw new MirrorError(
            `${name}@${version}: ${err.message}`,
            err.kind === 'too-large' ? 'too-large' : 'integrity',
          );
        throw err;
      }
      const files = extracted.files;
      let pkg: PackageJson = {};
      if (files.has('package.json')) {
        try {
          const raw = JSON.parse(await readFile(join(filesDir, 'package.json'), 'utf8')) as Record<
            string,
            unknown
          >;
          pkg = Object.fromEntries(PACKAGE_FIELDS.filter((f) => f in raw).map((f) => [f, raw[f]]));
        } catch {
          /* a package without a readable package.json: served by path only */
        }
      }
      // Stylesheets importing CDN stylesheets (or Google Fonts) import the mirror's copies.
      for (const [path] of files)
        if (path.endsWith('.css')) {
          const file = join(filesDir, path);
          const css = await readFile(file, 'utf8');
          const rewritten = rewriteCssImports(css);
          if (rewritten !== css) {
            await writeFile(file, rewritten);
            files.set(path, Buffer.byteLength(rewritten));
          }
        }
      const meta: Meta = {
        format: FORMAT,
        name,
        version,
        integrity,
        fetchedAt: new Date().toISOString(),
        files: Object.fromEntries([...files].filter(([p]) => servedType(p) !== null || p === 'package.json')),
        pkg,
      };
      await writeFile(join(tmp, 'meta.json'), JSON.stringify(meta));
      await mkdir(join(dir, '..'), { recursive: true });
      try {
        await rename(tmp, dir);
      } catch (err) {
        // Another process renamed its copy first: the same bytes (same integrity). Use it.
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
        await rm(tmp, { recursive: true, force: true });
      }
      const stored = await this.load(dir);
      if (!stored) throw new MirrorError(`${name}@${version} could not be stored`, 'upstream');
      return stored;
    } catch (err) {
      await rm(tmp, { recursive: true, force: true });
      throw err;
    }
  }

  /** A file's strong ETag (the version's bytes never change). */
  etag(p: StoredPackage, path: string): string {
    let tag = p.etags.get(path);
    if (!tag) {
      const h = createHash('sha1').update(`${p.name}@${p.version}/${path}`).digest('base64url');
      tag = `"${h.slice(0, 16)}-${(p.files.get(path) ?? 0).toString(36)}"`;
      p.etags.set(path, tag);
    }
    return tag;
  }

  /** The gzip of a package's file (see gzipFile). */
  gzipOf(p: StoredPackage, path: string): Promise<{ file: string; size: number } | null> {
    return this.gzipFile(join(p.root, path), p.files.get(path) ?? 0);
  }

  /**
   * The gzip of a cached file, made once on first ask and kept beside it (`.gz`, written
   * atomically), or null when it is small, not text, or does not shrink.
   */
  async gzipFile(file: string, size: number): Promise<{ file: string; size: number } | null> {
    if (size <= 1024 || !COMPRESSIBLE.test(file)) return null;
    const gz = `${file}.gz`;
    const known = this.gzipped.get(file);
    if (known !== undefined) return known > 0 ? { file: gz, size: known } : null;
    return this.flights.run(`gz:${file}`, async () => {
      let gzSize: number;
      try {
        gzSize = (await stat(gz)).size;
      } catch {
        const body = await gzipAsync(await readFile(file), { level: 6 });
        gzSize = body.length < size * 0.9 ? body.length : 0;
        if (gzSize > 0) {
          const tmp = `${gz}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
          await writeFile(tmp, body);
          await rename(tmp, gz);
        }
      }
      this.gzipped.set(file, gzSize);
      return gzSize > 0 ? { file: gz, size: gzSize } : null;
    });
  }

  /** An ES module build of a package (entry or subpath), made once and kept on disk. */
  async esm(
    p: StoredPackage,
    subpath: string,
    build: () => Promise<{ code: string; exports: string[] }>,
  ): Promise<EsmOutput> {
    const key = subpath ? createHash('sha1').update(subpath).digest('hex').slice(0, 20) : 'index';
    const dir = join(this.base, 'esm', ...p.name.split('/'), p.version);
    const file = join(dir, `${key}.js`);
    const read = async (): Promise<EsmOutput | null> => {
      try {
        const info = JSON.parse(await readFile(join(dir, `${key}.json`), 'utf8')) as Omit<EsmOutput, 'file'>;
        return { ...info, file };
      } catch {
        return null;
      }
    };
    const flightKey = `esm:${p.name}@${p.version}/${subpath}`;
    this.remembered(flightKey);
    return (
      (await read()) ??
      this.flights.run(flightKey, async () => {
        const again = await read();
        if (again) return again;
        let built: { code: string; exports: string[] };
        try {
          built = await build();
        } catch (err) {
          const e =
            err instanceof MirrorError
              ? err
              : new MirrorError(
                  `${p.name}@${p.version}${subpath ? `/${subpath}` : ''} could not be built as an ES module: ${String((err as Error).message ?? err).slice(0, 300)}`,
                  'not-found',
                );
          return this.remember(flightKey, e);
        }
        const body = Buffer.from(built.code);
        const info = {
          size: body.length,
          etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
          exports: built.exports,
        };
        await mkdir(dir, { recursive: true });
        const suffix = `${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
        await writeFile(`${file}.${suffix}`, body);
        await rename(`${file}.${suffix}`, file);
        await writeFile(join(dir, `${key}.json.${suffix}`), JSON.stringify(info));
        await rename(join(dir, `${key}.json.${suffix}`), join(dir, `${key}.json`));
        return { ...info, file };
      })
    );
  }
}
