import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { type FontsIndex, googleFontsCss } from '../mirror/google-fonts';
import { MIRROR_LIBRARIES, type MirrorVersion, servesPath } from '../mirror/manifest';
import { parseMirrorPath } from '../mirror/npm-paths';
import { type NpmRoutes } from './npm-routes';
import { COMMON_HEADERS, STATIC_CSP } from './security-headers';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.gif': 'image/gif',
  '.json': 'application/json; charset=utf-8',
};

interface IndexedFile {
  size: number;
  gz: number | null;
  etag: string;
}

const VERSIONS = new Map<string, MirrorVersion>(
  MIRROR_LIBRARIES.flatMap((lib) => lib.versions.map((v) => [`${lib.name}@${v.version}`, v] as const)),
);

/**
 * The library mirror under /mirror/: files of the pinned npm packages (copied by
 * scripts/build-mirror.mjs into {assets}/mirror, precompressed), the Google Fonts CSS, and — for
 * any other package or file — the npm cache (`npm`, NpmRoutes), which fetches from the registry
 * on first use. A pinned file is served only if the build's index lists it AND the manifest
 * serves that path of that package version, so nothing outside the mirror can be named (no
 * traversal, no package.json, no sources). Paths carry exact versions: cached for a year,
 * immutable.
 */
export class MirrorFiles {
  private files: Record<string, IndexedFile> | null = null;
  private fonts: FontsIndex | null = null;

  constructor(
    private readonly dir: string,
    private readonly npm: NpmRoutes | null = null,
  ) {}

  private index(): Record<string, IndexedFile> {
    if (!this.files && existsSync(join(this.dir, 'index.json')))
      this.files = (
        JSON.parse(readFileSync(join(this.dir, 'index.json'), 'utf8')) as {
          files: Record<string, IndexedFile>;
        }
      ).files;
    return this.files ?? {};
  }

  private fontsIndex(): FontsIndex {
    if (!this.fonts && existsSync(join(this.dir, 'fonts.json')))
      this.fonts = JSON.parse(readFileSync(join(this.dir, 'fonts.json'), 'utf8')) as FontsIndex;
    return this.fonts ?? {};
  }

  /** The index key for a request path, if the manifest allows it. */
  lookup(urlPath: string): { key: string; file: IndexedFile } | null {
    let rel: string;
    try {
      rel = decodeURIComponent(urlPath.slice('/mirror/'.length));
    } catch {
      return null;
    }
    const m = /^((?:@[\w.-]+\/)?[\w.-]+@[\w.-]+)\/(.+)$/.exec(rel);
    const version = m && VERSIONS.get(m[1] ?? '');
    const path = m?.[2] ?? '';
    if (!version) return null;
    // Bundles' shared chunks are named by esbuild: any +esm file of a version that has bundles.
    const allowed =
      servesPath(version, path) ||
      (!!version.bundles && /^\+esm\/[\w./-]+\.js$/.test(path) && !path.includes('..'));
    const file = allowed ? this.index()[rel] : undefined;
    return file ? { key: rel, file } : null;
  }

  /** The Google Fonts CSS for a query: pinned families, then @fontsource packages from the npm cache. */
  private async fontsCss(
    api: 'css' | 'css2',
    query: URLSearchParams,
  ): Promise<{ css: string; transient: boolean }> {
    const pinned = this.fontsIndex();
    const families = query
      .getAll('family')
      .flatMap((f) => (api === 'css' ? f.split('|') : [f]))
      .map((f) => (f.split(':')[0] ?? '').trim())
      .filter(Boolean);
    const missing = families.filter((f) => !pinned[f.toLowerCase().replace(/\s+/g, '-')]);
    if (!this.npm || missing.length === 0)
      return { css: googleFontsCss(api, query, pinned), transient: false };
    const more = await this.npm.fonts(missing);
    return { css: googleFontsCss(api, query, { ...more.index, ...pinned }), transient: more.transient };
  }

  handle(req: IncomingMessage, res: ServerResponse, url: URL, notFound: () => void): void | Promise<void> {
    // A package file of the npm cache answered before: from memory.
    if (this.npm?.serveHot(req, res, url.pathname)) return;
    const base: Record<string, string> = {
      ...COMMON_HEADERS,
      'Content-Security-Policy': STATIC_CSP,
      'Access-Control-Allow-Origin': '*',
      Vary: 'Accept-Encoding',
    };
    const fontsApi = /^\/mirror\/google-fonts\/(css2?)$/.exec(url.pathname);
    if (fontsApi)
      return this.fontsCss(fontsApi[1] as 'css' | 'css2', url.searchParams).then(({ css, transient }) => {
        const body = Buffer.from(css);
        res.writeHead(200, {
          ...base,
          'Content-Type': 'text/css; charset=utf-8',
          // A family that could not be looked up just now may be there on the next ask.
          'Cache-Control': transient ? 'public, max-age=60' : 'public, max-age=86400',
          'Content-Length': String(body.length),
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      });
    const found = this.lookup(url.pathname);
    const type = found && TYPES[extname(found.key)];
    if (!found || !type) {
      // Any other package, version or file: the npm cache.
      const target = this.npm ? parseMirrorPath(url.pathname) : null;
      return target && this.npm ? this.npm.handle(req, res, target) : notFound();
    }
    const headers: Record<string, string> = {
      ...base,
      'Content-Type': type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: found.file.etag,
    };
    if (req.headers['if-none-match'] === found.file.etag) {
      res.writeHead(304, headers);
      return void res.end();
    }
    const gz = found.file.gz !== null && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gz) headers['Content-Encoding'] = 'gzip';
    headers['Content-Length'] = String(gz ? found.file.gz : found.file.size);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return void res.end();
    createReadStream(join(this.dir, gz ? `${found.key}.gz` : found.key))
      .on('error', () => res.destroy())
      .pipe(res);
  }
}
