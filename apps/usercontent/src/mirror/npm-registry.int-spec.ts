/**
 * The library mirror's npm cache against the REAL npm registry (registry.npmjs.org, or
 * MIRROR_TEST_REGISTRY): cold misses, ranges, the cdnjs name table, ES module builds, one fetch for
 * many concurrent viewers, refusals. The integrity mismatch uses a local fake registry (the real one
 * cannot be made to lie). Packages are small; each request has a generous timeout and a failure
 * says which request and what came back.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { type UsercontentConfig } from '../config';
import { createUsercontentServer } from '../server/server';
import { testRendererConfig } from './npm/testing';
import { resolveCdnUrl } from './resolve';

const REGISTRY = process.env['MIRROR_TEST_REGISTRY'] ?? 'https://registry.npmjs.org/';
const REQUEST_MS = 25_000;

const config = (over: Partial<UsercontentConfig>): UsercontentConfig =>
  testRendererConfig({
    MIRROR_REGISTRY_URL: REGISTRY,
    MIRROR_FETCH_TIMEOUT_MS: 20_000,
    ...over,
  });

interface Started {
  server: Server;
  base: string;
  cache: string;
  assets: string;
  tarballs: string[];
}

const started: Started[] = [];

/** A renderer with an empty assets folder (no pinned files) and its own empty npm cache. */
async function start(over: Partial<UsercontentConfig> = {}): Promise<Started> {
  const cache = mkdtempSync(join(tmpdir(), 'uc-npm-cache-'));
  const assets = mkdtempSync(join(tmpdir(), 'uc-npm-assets-'));
  const tarballs: string[] = [];
  const counting: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('.tgz')) tarballs.push(url);
    return fetch(input, init);
  };
  const server = createUsercontentServer({
    config: config({ MIRROR_CACHE_DIR: cache, ...over }),
    logger: pino({ level: 'silent' }),
    assetsDir: assets,
    mirrorFetchFn: counting,
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const s = {
    server,
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    cache,
    assets,
    tarballs,
  };
  started.push(s);
  return s;
}

afterAll(async () => {
  void (await import('esbuild')).stop(); // esbuild's service process
  for (const s of started) {
    s.server.closeAllConnections();
    s.server.close();
    rmSync(s.cache, { recursive: true, force: true });
    rmSync(s.assets, { recursive: true, force: true });
  }
});

/** GET without following redirects; a failure names the request. */
async function get(s: Started, path: string, headers: Record<string, string> = {}): Promise<Response> {
  try {
    return await fetch(`${s.base}${path}`, {
      redirect: 'manual',
      headers,
      signal: AbortSignal.timeout(REQUEST_MS),
    });
  } catch (err) {
    throw new Error(`GET ${path} failed after ${REQUEST_MS} ms or less: ${(err as Error).message}`);
  }
}

async function expectStatus(res: Response, status: number, what: string): Promise<Response> {
  if (res.status !== status)
    throw new Error(`${what}: expected ${status}, got ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res;
}

/** Follows the mirror's redirects (at most 3) and returns the final answer and its path. */
async function follow(s: Started, path: string, headers: Record<string, string> = {}) {
  let at = path;
  for (let i = 0; i < 3; i++) {
    const res = await get(s, at, headers);
    if (res.status !== 302) return { res, path: at };
    at = res.headers.get('location') ?? '';
  }
  throw new Error(`${path}: too many redirects`);
}

const mirrorUrl = (cdn: string, kind: 'script' | 'module' | 'style' = 'script') => {
  const r = resolveCdnUrl(cdn, kind);
  if (!r) throw new Error(`${cdn} does not map to the mirror`);
  return r.url;
};

let s: Started;
beforeAll(async () => {
  s = await start();
});

it('cold miss: simplex-noise 2.4.0 from cdnjs (not pinned) is fetched, checked, unpacked and served immutable', async () => {
  const url = mirrorUrl('https://cdnjs.cloudflare.com/ajax/libs/simplex-noise/2.4.0/simplex-noise.min.js');
  expect(url).toBe('/mirror/simplex-noise@2.4.0/+cdnjs/simplex-noise.min.js');
  const t0 = Date.now();
  const { res, path } = await follow(s, url);
  await expectStatus(res, 200, url);
  // cdnjs's minified name; the package has the plain file at its root.
  expect(path).toBe('/mirror/simplex-noise@2.4.0/simplex-noise.js');
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(await res.text()).toContain('SimplexNoise');
  expect(Date.now() - t0).toBeLessThan(REQUEST_MS);
  expect(s.tarballs.filter((u) => u.includes('simplex-noise'))).toHaveLength(1);
  // Kept on disk: a second ask is served without the registry.
  await expectStatus(await get(s, path), 200, path);
  expect(s.tarballs.filter((u) => u.includes('simplex-noise'))).toHaveLength(1);
  expect(readdirSync(join(s.cache, 'v1/packages/simplex-noise'))).toEqual(['2.4.0']);
});

it('ranges resolve as the CDNs do: alpinejs@3.x.x redirects (short cache) to the newest 3.x', async () => {
  const url = '/mirror/alpinejs@3.x.x/dist/cdn.min.js';
  const first = await expectStatus(await get(s, url), 302, url);
  expect(first.headers.get('cache-control')).toBe('public, max-age=600');
  const location = first.headers.get('location') ?? '';
  expect(location).toMatch(/^\/mirror\/alpinejs@3\.\d+\.\d+\/dist\/cdn\.min\.js$/);
  const res = await expectStatus(await get(s, location), 200, location);
  expect(await res.text()).toContain('Alpine');
  // Pages get Alpine's CSP build, whose expressions need no 'unsafe-eval' (the frame never has it).
  const page = mirrorUrl('https://cdn.jsdelivr.net/npm/alpinejs@3.x.x/dist/cdn.min.js');
  expect(page).toBe('/mirror/@alpinejs/csp@3/dist/cdn.min.js');
  const { res: csp, path } = await follow(s, page);
  await expectStatus(csp, 200, page);
  expect(path).toMatch(/^\/mirror\/@alpinejs\/csp@3\.\d+\.\d+\/dist\/cdn\.min\.js$/);
  // unpkg without a file: the package's `unpkg` entry, at the same version as the range.
  const entry = await expectStatus(await get(s, '/mirror/alpinejs@3.x.x/'), 302, 'alpinejs@3.x.x entry');
  expect(entry.headers.get('location')).toBe(location);
});

it("cdnjs's name table: FileSaver.js is npm's file-saver, its file found in dist/", async () => {
  const url = mirrorUrl('https://cdnjs.cloudflare.com/ajax/libs/FileSaver.js/2.0.5/FileSaver.min.js');
  expect(url).toBe('/mirror/file-saver@2.0.5/+cdnjs/FileSaver.min.js');
  const { res, path } = await follow(s, url);
  await expectStatus(res, 200, url);
  expect(path).toBe('/mirror/file-saver@2.0.5/dist/FileSaver.min.js');
  expect(await res.text()).toContain('saveAs');
});

/** Saves a module and what it imports from /mirror/ as files, imports it in Node, returns what `probe` prints. */
async function runModule(entry: string, probe: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'uc-npm-esm-'));
  const names = new Map<string, string>();
  const save = async (path: string): Promise<string> => {
    const known = names.get(path);
    if (known) return known;
    const name = `${createHash('sha1').update(path).digest('hex').slice(0, 12)}.mjs`;
    names.set(path, name);
    const { res } = await follow(s, path);
    let code = await (await expectStatus(res, 200, path)).text();
    const deps = [...code.matchAll(/(?:from|import)\s*\(?\s*"(\/mirror\/[^"]+)"/g)].map((m) => m[1] ?? '');
    for (const dep of deps) code = code.split(`"${dep}"`).join(`"./${await save(dep)}"`);
    writeFileSync(join(dir, name), code);
    return name;
  };
  const file = await save(entry);
  try {
    return execFileSync(
      process.execPath,
      ['--input-type=module', '-e', `import * as m from ${JSON.stringify(join(dir, file))}; ${probe}`],
      { encoding: 'utf8', timeout: 20_000 },
    ).trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it('esm.sh: a CommonJS package with dependencies becomes one ES module importing its dependencies from the mirror', async () => {
  const url = mirrorUrl('https://esm.sh/query-string@7.1.3', 'module');
  expect(url).toBe('/mirror/query-string@7.1.3/+esm');
  const res = await expectStatus(await get(s, url), 200, url);
  const code = await res.text();
  // Each dependency at an exact version, through the mirror.
  for (const dep of ['strict-uri-encode', 'decode-uri-component', 'split-on-first', 'filter-obj'])
    expect(code).toMatch(new RegExp(`"/mirror/${dep}@\\d+\\.\\d+\\.\\d+/\\+esm"`));
  expect(
    await runModule(
      url,
      `console.log(JSON.stringify([m.parse('a=1&b=x%20y'), m.default.stringify({ q: 'a b' })]))`,
    ),
  ).toBe('[{"a":"1","b":"x y"},"q=a%20b"]');
  // A range answers with a re-export of the exact build: one module instance per version.
  const ranged = await expectStatus(await get(s, '/mirror/query-string@7/+esm'), 200, 'query-string@7');
  expect(await ranged.text()).toMatch(
    /^export \* from "\/mirror\/query-string@7\.\d+\.\d+\/\+esm";\nexport \{ default \} from/,
  );
});

it('ten viewers asking for a package nobody has fetched yet cause exactly one upstream fetch', async () => {
  const path = '/mirror/seedrandom@3.0.5/seedrandom.min.js';
  const before = s.tarballs.length;
  const answers = await Promise.all(Array.from({ length: 10 }, () => get(s, path)));
  const bodies = await Promise.all(answers.map(async (r) => `${r.status} ${(await r.text()).length}`));
  expect(new Set(bodies).size).toBe(1);
  expect(bodies[0]).toMatch(/^200 [1-9]\d+$/);
  expect(s.tarballs.slice(before)).toEqual([expect.stringContaining('seedrandom-3.0.5.tgz')]);
});

it('refuses what the deny list names and what is over the size caps, without keeping anything', async () => {
  const strict = await start({
    MIRROR_DENY: 'left-pad',
    MIRROR_MAX_UNPACKED_MB: 1,
    MIRROR_MAX_TARBALL_MB: 1,
  });
  const denied = await expectStatus(await get(strict, '/mirror/left-pad@1.3.0/index.js'), 403, 'left-pad');
  expect(await denied.text()).toContain('deny list');
  // TypeScript is ~6 MB packed: refused from the tarball's Content-Length (its body is not read;
  // when the metadata gives the unpacked size, the tarball is not even asked for).
  const big = await expectStatus(
    await get(strict, '/mirror/typescript@5.4.5/lib/typescript.js'),
    413,
    'typescript',
  );
  expect(await big.text()).toMatch(/over the mirror's/);
  expect(strict.tarballs.length).toBeLessThanOrEqual(1);
  expect(existsSync(join(strict.cache, 'v1/packages/typescript'))).toBe(false);
  // Remembered for a while: asked again, the registry is not.
  await expectStatus(
    await get(strict, '/mirror/typescript@5.4.5/lib/typescript.js'),
    413,
    'typescript again',
  );
  expect(strict.tarballs.length).toBeLessThanOrEqual(1);
});

it('an integrity mismatch is refused and leaves nothing in the cache (local fake registry)', async () => {
  const tgz = gzipSync(Buffer.alloc(1024)); // an empty tar
  const fake = createServer((req, res) => {
    if (req.url === '/fake-pkg') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          name: 'fake-pkg',
          'dist-tags': { latest: '1.0.0' },
          versions: {
            '1.0.0': {
              version: '1.0.0',
              dist: {
                tarball: `http://127.0.0.1:${(fake.address() as { port: number }).port}/fake-pkg/-/fake-pkg-1.0.0.tgz`,
                integrity: `sha512-${createHash('sha512').update('something else').digest('base64')}`,
              },
            },
          },
        }),
      );
    } else if (req.url === '/fake-pkg/-/fake-pkg-1.0.0.tgz') res.writeHead(200).end(tgz);
    else res.writeHead(404).end();
  }).listen(0, '127.0.0.1');
  await once(fake, 'listening');
  try {
    const local = await start({
      MIRROR_REGISTRY_URL: `http://127.0.0.1:${(fake.address() as { port: number }).port}/`,
    });
    const res = await expectStatus(await get(local, '/mirror/fake-pkg@1.0.0/index.js'), 502, 'fake-pkg');
    expect(await res.text()).toContain('does not match');
    expect(local.tarballs).toHaveLength(1);
    expect(existsSync(join(local.cache, 'v1/packages/fake-pkg'))).toBe(false);
    const staging = join(local.cache, 'v1/tmp');
    expect(existsSync(staging) ? readdirSync(staging) : []).toEqual([]);
  } finally {
    fake.close();
  }
});
