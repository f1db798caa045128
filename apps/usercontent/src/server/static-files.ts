import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export interface StaticFile {
  body: Buffer;
  gzip: Buffer | null;
  type: string;
  etag: string;
}

/**
 * The built assets under one directory, read and compressed once on first request. Only
 * /assets/ and /vendor/ are served, and only files with a known type (never the .stamp).
 */
export class StaticFiles {
  private readonly cache = new Map<string, StaticFile | null>();

  constructor(private readonly dir: string) {}

  ready(): boolean {
    return existsSync(join(this.dir, 'assets/agent.js')) && existsSync(join(this.dir, 'assets/frame.js'));
  }

  get(urlPath: string): StaticFile | null {
    if (!/^\/(assets|vendor)\/[\w.-]+$/.test(urlPath)) return null;
    if (this.cache.has(urlPath)) return this.cache.get(urlPath) ?? null;
    const file = normalize(join(this.dir, urlPath));
    const type = TYPES[extname(file)];
    const found =
      type && file.startsWith(this.dir + sep) && existsSync(file) && statSync(file).isFile()
        ? this.load(file, type)
        : null;
    this.cache.set(urlPath, found);
    return found;
  }

  private load(file: string, type: string): StaticFile {
    const body = readFileSync(file);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    return { body, gzip: body.length > 1024 ? gzipSync(body, { level: 9 }) : null, type, etag };
  }
}
