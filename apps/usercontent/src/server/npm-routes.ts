/**
 * The library mirror's answers for any npm package (the pinned set is MirrorFiles' own): the
 * paths of ../mirror/npm-paths.ts, served from the npm cache (../mirror/npm/package-store.ts).
 *
 *   exact version, file          the file: immutable for a year, ETag, gzip, CORS *
 *   range or tag, file/entry     302 to the exact version's URL, cached 10 minutes
 *   entry (no file)              302 to the package's browser entry (its stylesheet for CSS)
 *   +cdnjs/{file}                302 to the file of that name in the package's layout
 *   +esm (exact)                 the ES module build; (range) a re-export of the exact build,
 *                                so every import of the package shares one module instance
 *   refused                      404 unknown, 403 deny list, 413 over the size caps, 502 the
 *                                registry failed or the integrity did not match, 503 fetching off
 *
 * A refused load reaches the page as a failed script or stylesheet, which the frame's note names
 * ("This artifact loads x.js from cdn.example, which the vault does not serve.").
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import semver from 'semver';
import { type MirrorCacheSettings } from '../config';
import { cdnjsRootOf } from '../mirror/cdnjs-names';
import { type FontsIndex } from '../mirror/google-fonts';
import { libraryByNpmName } from '../mirror/manifest';
import { type NpmTarget, npmMirrorUrl, servedType } from '../mirror/npm-paths';
import { resolveBareSpecifier } from '../mirror/resolve';
import { convertToEsm, splitBare } from '../mirror/npm/esm-convert';
import { browserEntry, esmEntry, findCdnjsFile, unminifiedOf } from '../mirror/npm/package-entry';
import { type StoredPackage, NpmPackageStore } from '../mirror/npm/package-store';
import { MirrorError } from '../mirror/npm/registry';
import { COMMON_HEADERS, STATIC_CSP } from './security-headers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const RANGE = 'public, max-age=600';
const JS = 'text/javascript; charset=utf-8';

/** The default cache folder: .cache/usercontent-mirror/npm at the repository root. */
export const defaultMirrorCacheDir = () => join(__dirname, '../../../../.cache/usercontent-mirror/npm');

const isExact = (spec: string) => semver.valid(spec) === spec;

/** A dependency's range from package.json, with npm aliases ("npm:other@^1") followed. */
function dependencyRange(p: StoredPackage, name: string): { name: string; range: string } {
  const declared =
    p.pkg.dependencies?.[name] ?? p.pkg.peerDependencies?.[name] ?? p.pkg.optionalDependencies?.[name];
  if (!declared) return { name, range: 'latest' };
  const alias = /^npm:((?:@[^/@]+\/)?[^@]+)(?:@(.+))?$/.exec(declared);
  if (alias) return { name: alias[1] ?? name, range: alias[2] ?? 'latest' };
  return { name, range: semver.validRange(declared, { loose: true }) ? declared : 'latest' };
}

/** A served body: a file on disk, and its bytes once read (small files, within a memory budget). */
interface Served {
  file: string;
  size: number;
  headers: Record<string, string>;
  bytes?: Buffer | undefined;
}

/** A cached file of an exact version, with its response headers made once. */
interface HotFile {
  plain: Served;
  /** Its gzip (null: not worth it), once known. */
  gz?: Served | null;
  etag: string;
  notModified: Record<string, string>;
}

const HOT_MAX = 5_000;
/** Files up to this size are kept in memory once asked for twice... */
const IN_MEMORY_FILE = 256 * 1024;
/** ...within this many bytes for all of them (oldest dropped first). */
const IN_MEMORY_TOTAL = 64 * 1024 * 1024;

function send(req: IncomingMessage, res: ServerResponse, body: Served): true {
  res.writeHead(200, body.headers);
  if (req.method === 'HEAD') res.end();
  else if (body.bytes) res.end(body.bytes);
  else
    createReadStream(body.file)
      .on('error', () => res.destroy())
      .pipe(res);
  return true;
}

export class NpmRoutes {
  /**
   * Exact-version file URLs already answered once → what to send: a repeat request costs no
   * parsing, resolution or header building (tools/bench/mirror-cache.mjs: warm hits vs a bare
   * static server).
   */
  private readonly hot = new Map<string, HotFile>();

  /** Bodies held in memory, oldest first, and their total size. */
  private readonly inMemory = new Set<Served>();
  private inMemoryBytes = 0;

  constructor(readonly store: NpmPackageStore) {}

  /** Answers a repeat request for an exact-version file from memory; false when it is not one. */
  serveHot(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    const hot = this.hot.get(pathname);
    if (!hot) return false;
    if (req.headers['if-none-match'] === hot.etag) {
      res.writeHead(304, hot.notModified);
      res.end();
      return true;
    }
    const accepts = req.headers['accept-encoding'];
    let body = hot.plain;
    if (accepts !== undefined && /\bgzip\b/.test(accepts)) {
      if (hot.gz === undefined) return false; // its gzip is not made yet: the full path makes it
      if (hot.gz) body = hot.gz;
    }
    if (!body.bytes && body.size <= IN_MEMORY_FILE) this.keepInMemory(body);
    return send(req, res, body);
  }

  /** Reads a small body into memory for the next requests (this one streams it from disk). */
  private keepInMemory(body: Served): void {
    if (this.inMemory.has(body)) return;
    this.inMemory.add(body);
    readFile(body.file).then(
      (bytes) => {
        if (!this.inMemory.has(body)) return;
        body.bytes = bytes;
        this.inMemoryBytes += bytes.length;
        for (const old of this.inMemory) {
          if (this.inMemoryBytes <= IN_MEMORY_TOTAL) break;
          this.inMemory.delete(old);
          this.inMemoryBytes -= old.bytes?.length ?? 0;
          old.bytes = undefined;
        }
      },
      () => this.inMemory.delete(body),
    );
  }

  private remember(pathname: string, hot: HotFile): void {
    if (this.hot.size >= HOT_MAX) this.hot.delete(this.hot.keys().next().value as string);
    this.hot.set(pathname, hot);
  }

  static fromSettings(
    settings: MirrorCacheSettings,
    options: { fetchFn?: typeof fetch; log?: (msg: string, fields?: Record<string, unknown>) => void } = {},
  ): NpmRoutes {
    return new NpmRoutes(
      new NpmPackageStore({
        dir: settings.dir ?? defaultMirrorCacheDir(),
        registryUrl: settings.registryUrl,
        ...(settings.registryToken ? { registryToken: settings.registryToken } : {}),
        fetch: settings.fetch,
        ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
        timeoutMs: settings.timeoutMs,
        maxTarballBytes: settings.maxTarballBytes,
        maxUnpackedBytes: settings.maxUnpackedBytes,
        deny: settings.deny,
        ...(options.log ? { log: options.log } : {}),
      }),
    );
  }

  private headers(extra: Record<string, string>): Record<string, string> {
    return {
      ...COMMON_HEADERS,
      'Content-Security-Policy': STATIC_CSP,
      'Access-Control-Allow-Origin': '*',
      ...extra,
    };
  }

  private redirect(res: ServerResponse, location: string, cache: string): void {
    res.writeHead(302, this.headers({ Location: location, 'Cache-Control': cache, 'Content-Length': '0' }));
    res.end();
  }

  private refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
    const body = Buffer.from(`${message}\n`);
    res.writeHead(
      status,
      this.headers({
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': String(body.length),
        // A missing package may be published later; a registry failure may pass.
        'Cache-Control':
          status === 404 || status === 403 || status === 413 ? 'public, max-age=300' : 'no-store',
      }),
    );
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** Sends an immutable file (304, gzip, HEAD), and keeps it for serveHot under `pathname`. */
  private async sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    file: string,
    size: number,
    type: string,
    etag: string,
    gz: () => Promise<{ file: string; size: number } | null>,
  ): Promise<void> {
    const common = this.headers({
      'Content-Type': type,
      'Cache-Control': IMMUTABLE,
      ETag: etag,
      Vary: 'Accept-Encoding',
    });
    let hot = this.hot.get(pathname);
    if (!hot) {
      hot = {
        plain: { file, size, headers: { ...common, 'Content-Length': String(size) } },
        etag,
        notModified: common,
      };
      this.remember(pathname, hot);
    }
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && hot.gz === undefined) {
      const zipped = await gz();
      hot.gz = zipped && {
        file: zipped.file,
        size: zipped.size,
        headers: { ...common, 'Content-Encoding': 'gzip', 'Content-Length': String(zipped.size) },
      };
    }
    // (Dropped from the hot set meanwhile: still answered.)
    if (!this.serveHot(req, res, pathname)) send(req, res, hot.plain);
  }

  /** Answers one generic mirror path (see the file comment). */
  async handle(req: IncomingMessage, res: ServerResponse, t: NpmTarget): Promise<void> {
    try {
      await this.answer(req, res, t);
    } catch (err) {
      if (res.headersSent) return void res.destroy();
      if (err instanceof MirrorError) return this.refuse(req, res, err.status, err.message);
      throw err;
    }
  }

  private async answer(req: IncomingMessage, res: ServerResponse, t: NpmTarget): Promise<void> {
    // A file the mirror never serves (package.json, a source map) costs no fetch.
    if (t.mode === 'file' && !servedType(t.path))
      throw new MirrorError(`the mirror does not serve ${t.path}`, 'not-found');
    const version = await this.store.resolve(t.name, t.spec);
    const exact = isExact(t.spec);
    const cache = exact ? IMMUTABLE : RANGE;
    const at = (mode: NpmTarget['mode'], path: string) =>
      npmMirrorUrl({ name: t.name, spec: version, path, mode });
    if (t.mode === 'file' && !exact) return this.redirect(res, at('file', t.path), RANGE);
    const p = await this.store.package(t.name, version);
    switch (t.mode) {
      case 'file': {
        const type = servedType(t.path);
        if (!type || !p.files.has(t.path)) {
          const plain = unminifiedOf(p.files, t.path);
          if (plain) return this.redirect(res, at('file', plain), IMMUTABLE);
          throw new MirrorError(`${t.name}@${version} has no file ${t.path}`, 'not-found');
        }
        return this.sendFile(
          req,
          res,
          npmMirrorUrl(t),
          join(p.root, t.path),
          p.files.get(t.path) ?? 0,
          type,
          this.store.etag(p, t.path),
          () => this.store.gzipOf(p, t.path),
        );
      }
      case 'entry': {
        const accept = String(req.headers['accept'] ?? '');
        const style = accept.startsWith('text/css');
        const entry = browserEntry(p.pkg, p.files, style);
        if (!entry || !servedType(entry))
          throw new MirrorError(
            `${t.name}@${version} names no browser ${style ? 'stylesheet' : 'script'}`,
            'not-found',
          );
        return this.redirect(res, at('file', entry), cache);
      }
      case 'cdnjs': {
        const served = [...p.files.keys()].filter((f) => servedType(f) !== null);
        const found = findCdnjsFile(served, t.path, cdnjsRootOf(t.name));
        if (!found) throw new MirrorError(`${t.name}@${version} has no file named ${t.path}`, 'not-found');
        return this.redirect(res, at('file', found), cache);
      }
      case 'esm': {
        const out = await this.esm(p, t.path);
        if (!exact) {
          // One module instance per exact version: a range answers with a re-export of it.
          const target = JSON.stringify(at('esm', t.path));
          const body = Buffer.from(
            `export * from ${target};\n${out.exports.includes('default') ? `export { default } from ${target};\n` : ''}`,
          );
          res.writeHead(
            200,
            this.headers({
              'Content-Type': JS,
              'Cache-Control': RANGE,
              'Content-Length': String(body.length),
            }),
          );
          return void res.end(req.method === 'HEAD' ? undefined : body);
        }
        return this.sendFile(req, res, npmMirrorUrl(t), out.file, out.size, JS, out.etag, () =>
          this.store.gzipFile(out.file, out.size),
        );
      }
    }
  }

  /** The ES module build of a package's entry or subpath. */
  private esm(p: StoredPackage, subpath: string) {
    return this.store.esm(p, subpath, async () => {
      const entry = esmEntry(p.pkg, p.files, subpath);
      if (!entry)
        throw new MirrorError(
          `${p.name}@${p.version} has no module${subpath ? ` for ${subpath}` : ''}`,
          'not-found',
        );
      return convertToEsm({
        root: p.root,
        files: new Set(p.files.keys()),
        pkg: p.pkg,
        entry,
        external: (spec) => this.externalUrl(p, spec),
      });
    });
  }

  /**
   * The mirror URL a bare import inside a package build points at: the package itself at its own
   * version; a pinned library whose served version satisfies the range (one React for the page,
   * no fetch); else the exact version the range resolves to now.
   */
  async externalUrl(p: StoredPackage, spec: string): Promise<string> {
    const { name: asked, subpath } = splitBare(spec);
    if (asked === p.name) return npmMirrorUrl({ name: p.name, spec: p.version, path: subpath, mode: 'esm' });
    const { name, range } = dependencyRange(p, asked);
    const lib = libraryByNpmName(name);
    if (lib && name === asked)
      for (const v of lib.versions) {
        const ok = range === 'latest' || semver.satisfies(v.version, range, { loose: true });
        const pinned = ok ? resolveBareSpecifier(spec, v) : null;
        if (pinned) return pinned.url;
      }
    const version = await this.store.resolve(name, range).catch(() => null);
    return npmMirrorUrl({ name, spec: version ?? range, path: subpath, mode: 'esm' });
  }

  /**
   * Google Fonts families the pinned set lacks, from their @fontsource packages (latin faces, as
   * for the pinned ones). Unknown families are left out; `transient` says a family could not be
   * looked up just now (the CSS is then cached briefly).
   */
  async fonts(families: string[]): Promise<{ index: FontsIndex; transient: boolean }> {
    const index: FontsIndex = {};
    let transient = false;
    await Promise.all(
      families.slice(0, 12).map(async (family) => {
        const id = family.trim().toLowerCase().replace(/\s+/g, '-');
        if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(id)) return;
        const name = `@fontsource/${id}`;
        try {
          const version = await this.store.resolve(name, 'latest');
          const p = await this.store.package(name, version);
          const faces: Record<string, string> = {};
          const face = new RegExp(`^files/${id}-latin-(\\d+)-(normal|italic)\\.woff2$`);
          for (const file of p.files.keys()) {
            const m = face.exec(file);
            if (m) faces[`${m[1]}-${m[2]}`] = npmMirrorUrl({ name, spec: version, path: file, mode: 'file' });
          }
          if (Object.keys(faces).length) index[id] = { family: family.trim(), faces };
        } catch (err) {
          if (!(err instanceof MirrorError) || err.status >= 500) transient = true;
        }
      }),
    );
    return { index, transient };
  }
}
