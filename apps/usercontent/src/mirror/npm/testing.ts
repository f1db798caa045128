/**
 * Test helpers for the npm cache: tarballs built byte by byte (hostile ones too) and a fake
 * registry on loopback serving packuments and tarballs for made-up packages. Used by the specs
 * only.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { type Server, createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { type UsercontentConfig } from '../../config';

export type TarEntry =
  | string
  | Buffer
  | { type: 'symlink' | 'hardlink'; target: string }
  | { type: 'dir' }
  | { type: 'file'; body: string | Buffer; size?: number };

function header(name: string, size: number, type: string, linkname = ''): Buffer {
  const h = Buffer.alloc(512);
  h.write(name.slice(0, 100), 0, 'utf8');
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write('00000000000\0', 136);
  h.write('        ', 148);
  h.write(type, 156);
  h.write(linkname.slice(0, 100), 157);
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc((512 - (b.length % 512)) % 512)]);

/** A gzip'd tar of `entries` (names as given: npm's are "package/…"). Long names use pax headers. */
export function tarball(entries: Record<string, TarEntry>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, entry] of Object.entries(entries)) {
    if (Buffer.byteLength(name) > 100) {
      const record = ` path=${name}\n`;
      const n = Buffer.byteLength(record);
      let len = n + String(n).length;
      if (String(len).length > String(n).length) len = n + String(len).length;
      const pax = Buffer.from(`${len}${record}`);
      parts.push(header('PaxHeader', pax.length, 'x'), pad(pax));
    }
    if (typeof entry === 'string' || Buffer.isBuffer(entry)) {
      const body = Buffer.from(entry);
      parts.push(header(name, body.length, '0'), pad(body));
    } else if (entry.type === 'file') {
      const body = Buffer.from(entry.body);
      parts.push(header(name, entry.size ?? body.length, '0'), pad(body));
    } else if (entry.type === 'dir') parts.push(header(name, 0, '5'));
    else parts.push(header(name, 0, entry.type === 'symlink' ? '2' : '1', entry.target));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

export interface FakeVersion {
  files: Record<string, TarEntry>;
  /** Overrides the integrity the packument gives (to test a mismatch). */
  integrity?: string;
  unpackedSize?: number;
}

export interface FakeRegistry {
  url: string;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Serves `packages` (name → version → files, each under "package/") as a registry: packuments
 * with dist-tags.latest = the last version listed, tarballs with their sha512 integrity.
 */
export async function fakeRegistry(
  packages: Record<string, Record<string, FakeVersion>>,
  options: { delayMs?: number } = {},
): Promise<FakeRegistry> {
  const tarballs = new Map<string, Buffer>();
  const requests: string[] = [];
  let base = '';
  const packument = (name: string) => {
    const versions = packages[name] ?? {};
    return {
      name,
      'dist-tags': { latest: Object.keys(versions).pop() },
      versions: Object.fromEntries(
        Object.entries(versions).map(([version, v]) => {
          const file = `${name.split('/').pop()}-${version}.tgz`;
          const path = `/${name.replace('/', '%2f')}/-/${file}`;
          let tgz = tarballs.get(path);
          if (!tgz) {
            tgz = tarball(Object.fromEntries(Object.entries(v.files).map(([p, e]) => [`package/${p}`, e])));
            tarballs.set(path, tgz);
          }
          return [
            version,
            {
              version,
              dist: {
                tarball: `${base}${path}`,
                integrity: v.integrity ?? `sha512-${createHash('sha512').update(tgz).digest('base64')}`,
                ...(v.unpackedSize ? { unpackedSize: v.unpackedSize } : {}),
              },
            },
          ];
        }),
      ),
    };
  };
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const answer = (): void => {
      const name = decodeURIComponent(path.slice(1));
      if (!path.includes('/-/') && packages[name]) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(packument(name)));
        return;
      }
      const tgz = tarballs.get(path);
      if (tgz) {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': tgz.length });
        res.end(tgz);
        return;
      }
      res.writeHead(404).end('{}');
    };
    if (options.delayMs) setTimeout(answer, options.delayMs);
    else answer();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // Tarball URLs are made when a packument is first asked for.
  for (const name of Object.keys(packages)) packument(name);
  return {
    url: `${base}/`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A renderer's configuration for the specs that start one in process, with their changes. */
export function testRendererConfig(over: Partial<UsercontentConfig> = {}): UsercontentConfig {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: 0,
    LOG_LEVEL: 'silent',
    SHUTDOWN_TIMEOUT_MS: 1000,
    RENDERER_ORIGIN: 'http://localhost:4300',
    WEB_ORIGIN: 'http://127.0.0.1:4200',
    FRAME_PARENT_ORIGINS: '',
    GATEWAY_URL: 'http://gateway.invalid',
    ARTIFACT_ORIGIN_SECRET: 'test-only-origin-secret-0123456789abcdef',
    GATEWAY_TIMEOUT_MS: 1000,
    ...over,
  };
}
