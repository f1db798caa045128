import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { type FontsIndex, googleFontsCss } from '../mirror/google-fonts';
import { MIRROR_LIBRARIES, type MirrorVersion, servesPath } from '../mirror/manifest';
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
 * The library mirror under /mirror/: files of mirrored npm packages (copied by
 * scripts/build-mirror.mjs into {assets}/mirror, precompressed) and the Google Fonts CSS.
 * A file is served only if the build's index lists it AND the manifest serves that path of
 * that package version, so nothing outside the mirror can be named (no traversal, no
 * package.json, no sources). Paths carry exact versions: cached for a year, immutable.
 */
export class MirrorFiles {
  private files: Record<string, IndexedFile> | null = null;
  private fonts: FontsIndex | null = null;

  constructor(private readonly dir: string) {}

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

  handle(req: IncomingMessage, res: ServerResponse, url: URL, notFound: () => void): void {
    const base: Record<string, string> = {
      ...COMMON_HEADERS,
      'Content-Security-Policy': STATIC_CSP,
      'Access-Control-Allow-Origin': '*',
      Vary: 'Accept-Encoding',
    };
    const fontsApi = /^\/mirror\/google-fonts\/(css2?)$/.exec(url.pathname);
    if (fontsApi) {
      const body = Buffer.from(
        googleFontsCss(fontsApi[1] as 'css' | 'css2', url.searchParams, this.fontsIndex()),
      );
      res.writeHead(200, {
        ...base,
        'Content-Type': 'text/css; charset=utf-8',
        'Cache-Control': 'public, max-age=86400',
        'Content-Length': String(body.length),
      });
      return void res.end(req.method === 'HEAD' ? undefined : body);
    }
    const found = this.lookup(url.pathname);
    const type = found && TYPES[extname(found.key)];
    if (!found || !type) return notFound();
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
