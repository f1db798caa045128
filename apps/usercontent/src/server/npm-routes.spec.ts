/**
 * The npm cache's HTTP answers against a fake registry on loopback (made-up packages, no network):
 * files, ranges, entries, cdnjs names, ES module builds, single flight, refusals, offline mode.
 * The real registry is exercised by mirror/npm-registry.int-spec.ts.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pino from 'pino';
import { type UsercontentConfig } from '../config';
import { NpmPackageStore } from '../mirror/npm/package-store';
import { type FakeRegistry, type FakeVersion, fakeRegistry, testRendererConfig } from '../mirror/npm/testing';
import { createUsercontentServer } from './server';

const json = (v: unknown) => JSON.stringify(v);

const PACKAGES: Record<string, Record<string, FakeVersion>> = {
  'tiny-lib': {
    '1.0.0': {
      files: { 'package.json': json({ name: 'tiny-lib', main: 'tiny.js' }), 'tiny.js': 'window.tiny = 1;' },
    },
    '1.2.0': {
      files: {
        'package.json': json({
          name: 'tiny-lib',
          main: 'tiny.js',
          unpkg: 'dist/tiny.min.js',
          style: 'css/tiny.css',
        }),
        'tiny.js': `window.tiny = 12; /* ${'x'.repeat(3000)} */`,
        'dist/tiny.min.js': 'window.tiny=12',
        'dist/only-plain.js': 'plain',
        'css/tiny.css': `@import url(https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap);
@import "https://cdn.example.com/other.css";
.t{background:url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>")}`,
        'README.md': 'docs',
        'tiny.js.map': '{}',
      },
    },
    '2.0.0-beta.1': { files: { 'package.json': json({ name: 'tiny-lib' }), 'tiny.js': 'beta' } },
  },
  // ESM with a dependency on a CommonJS package.
  'esm-lib': {
    '2.1.0': {
      files: {
        'package.json': json({
          name: 'esm-lib',
          type: 'module',
          exports: {
            '.': { import: './src/index.js', require: './cjs/index.cjs' },
            './extra': './src/extra.js',
          },
          dependencies: { 'cjs-dep': '^1.0.0', react: '^18.0.0' },
        }),
        'src/index.js': `import fmt, { twice } from 'cjs-dep';\nimport { version } from './version.js';\nexport const hello = (n) => fmt('hello ' + twice(n));\nexport { version };\nexport default 'esm-lib';`,
        'src/version.js': `export const version = '2.1.0';`,
        'src/extra.js': `export { hello as default } from 'esm-lib';\nexport const extra = true;`,
        'src/react.js': `import { useState } from 'react';\nexport { useState };`,
      },
    },
  },
  // CommonJS, require()ing a dependency that is itself CommonJS with module.exports = function.
  'cjs-dep': {
    '1.0.0': {
      files: { 'package.json': json({ name: 'cjs-dep' }), 'index.js': 'module.exports = (s) => s;' },
    },
    '1.4.2': {
      files: {
        'package.json': json({
          name: 'cjs-dep',
          main: 'lib/index.js',
          dependencies: { 'call-me': '~3.1.0' },
        }),
        'lib/index.js': `const call = require('call-me');\nconst path = require('path');\nmodule.exports = function fmt(s) { return call('[' + s + ']'); };\nmodule.exports.twice = (n) => n * 2;\nmodule.exports.kind = typeof path;`,
      },
    },
  },
  'call-me': {
    '3.1.5': {
      files: { 'package.json': json({ name: 'call-me' }), 'index.js': 'module.exports = (s) => s + "!";' },
    },
  },
  hostile: {
    '1.0.0': { files: { 'package.json': json({ name: 'hostile' }), '../../escape.js': 'x' } },
    '2.0.0': {
      files: {
        'package.json': json({ name: 'hostile', module: 'index.js' }),
        'index.js': `import secret from '/etc/hostname';\nexport default secret;`,
      },
    },
    '3.0.0': {
      files: {
        'package.json': json({
          name: 'hostile',
          module: 'index.js',
          browser: { './data.js': '../../../../../../../../etc/hostname' },
        }),
        'index.js': `export { default } from './data.js';`,
        'data.js': `export default 1;`,
      },
    },
  },
  'bad-integrity': {
    '1.0.0': {
      files: { 'package.json': json({ name: 'bad-integrity' }), 'x.js': 'x' },
      integrity: `sha512-${createHash('sha512').update('other bytes').digest('base64')}`,
    },
  },
  huge: { '1.0.0': { files: { 'x.js': 'x' }, unpackedSize: 900 * 1024 * 1024 } },
  'event-stream': { '3.3.6': { files: { 'index.js': 'x' } }, '3.3.5': { files: { 'index.js': 'ok' } } },
  '@fontsource/lora': {
    '5.0.0': {
      files: {
        'package.json': json({ name: '@fontsource/lora' }),
        'files/lora-latin-400-normal.woff2': 'woff2',
        'files/lora-latin-700-italic.woff2': 'woff2',
        'files/lora-cyrillic-400-normal.woff2': 'woff2',
      },
    },
  },
};

let registry: FakeRegistry;
const servers: Array<{ server: Server; cache: string; assets: string }> = [];

async function start(over: Partial<UsercontentConfig> = {}, cache = mkdtempSync(join(tmpdir(), 'uc-npm-'))) {
  const config = testRendererConfig({
    MIRROR_CACHE_DIR: cache,
    MIRROR_REGISTRY_URL: registry.url,
    MIRROR_FETCH_TIMEOUT_MS: 5_000,
    ...over,
  });
  const assets = mkdtempSync(join(tmpdir(), 'uc-npm-assets-'));
  const server = createUsercontentServer({ config, logger: pino({ level: 'silent' }), assetsDir: assets });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push({ server, cache, assets });
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${base}${path}`, { redirect: 'manual', headers, method });
  return { get, cache, base };
}

let app: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  registry = await fakeRegistry(PACKAGES);
  app = await start();
});
afterAll(async () => {
  for (const s of servers) {
    s.server.closeAllConnections();
    s.server.close();
    rmSync(s.cache, { recursive: true, force: true });
    rmSync(s.assets, { recursive: true, force: true });
  }
  await registry.close();
  void (await import('esbuild')).stop(); // esbuild's service process
});

const tarballRequests = (name: string) =>
  registry.requests.filter((r) => r.includes('/-/') && r.includes(name));

describe('files', () => {
  it('serves an exact version immutable, with ETag, 304, HEAD, gzip, CORS and the static CSP', async () => {
    const res = await app.get('/mirror/tiny-lib@1.2.0/tiny.js');
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toMatch(/^window\.tiny = 12;/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await app.get('/mirror/tiny-lib@1.2.0/tiny.js', { 'if-none-match': etag })).status).toBe(304);
    const head = await app.get('/mirror/tiny-lib@1.2.0/tiny.js', { 'accept-encoding': 'identity' }, 'HEAD');
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    // Compressed on first ask, kept beside the file.
    const raw = await new Promise<Buffer>((resolve) => {
      void import('node:http').then(({ get }) =>
        get(`${app.base}/mirror/tiny-lib@1.2.0/tiny.js`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
          expect(r.headers['content-encoding']).toBe('gzip');
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
        }),
      );
    });
    expect(gunzipSync(raw).toString()).toBe(body);
    // Repeats come from memory (small files): same bytes, same headers.
    for (let i = 0; i < 3; i++) {
      const again = await app.get('/mirror/tiny-lib@1.2.0/tiny.js', { 'accept-encoding': 'identity' });
      expect(await again.text()).toBe(body);
      expect(again.headers.get('etag')).toBe(etag);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(tarballRequests('tiny-lib-1.2.0')).toHaveLength(1);
  });

  it('redirects a range or tag to the exact version (cached briefly); a missing .min to the plain file', async () => {
    for (const [spec, version] of [
      ['^1', '1.2.0'],
      ['1.x.x', '1.2.0'],
      ['latest', '2.0.0-beta.1'],
      ['~1.0.0', '1.0.0'],
    ]) {
      const res = await app.get(`/mirror/tiny-lib@${encodeURIComponent(spec!)}/tiny.js`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/mirror/tiny-lib@${version}/tiny.js`);
      expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    }
    const min = await app.get('/mirror/tiny-lib@1.2.0/dist/only-plain.min.js');
    expect(min.headers.get('location')).toBe('/mirror/tiny-lib@1.2.0/dist/only-plain.js');
  });

  it('answers the entry: unpkg field for scripts, style for stylesheets', async () => {
    const script = await app.get('/mirror/tiny-lib@1/');
    expect(script.headers.get('location')).toBe('/mirror/tiny-lib@1.2.0/dist/tiny.min.js');
    const css = await app.get('/mirror/tiny-lib@1.2.0/', { accept: 'text/css,*/*;q=0.1' });
    expect(css.headers.get('location')).toBe('/mirror/tiny-lib@1.2.0/css/tiny.css');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('finds a cdnjs file name in the package', async () => {
    const res = await app.get('/mirror/tiny-lib@1.2.0/+cdnjs/tiny.min.js');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/mirror/tiny-lib@1.2.0/dist/tiny.min.js');
  });

  it("rewrites a served stylesheet's @imports to the mirror; the rest of its CSS is as published", async () => {
    const css = await (await app.get('/mirror/tiny-lib@1.2.0/css/tiny.css')).text();
    expect(css).toContain('@import url("/mirror/google-fonts/css2?family=Inter:wght@400;700&display=swap");');
    expect(css).toContain('@import "https://cdn.example.com/other.css";');
    expect(css).toContain(`url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>")`);
  });

  it.each([
    ['a file the package lacks', '/mirror/tiny-lib@1.2.0/nope.js', 404],
    ['README', '/mirror/tiny-lib@1.2.0/README.md', 404],
    ['a source map', '/mirror/tiny-lib@1.2.0/tiny.js.map', 404],
    ['package.json', '/mirror/tiny-lib@1.2.0/package.json', 404],
    ['an unknown package', '/mirror/no-such-package@1.0.0/x.js', 404],
    ['an unknown version', '/mirror/tiny-lib@9.9.9/tiny.js', 404],
    ['a range nothing matches', '/mirror/tiny-lib@%5E7/tiny.js', 404],
    ['a traversal', '/mirror/tiny-lib@1.2.0/%2e%2e/%2e%2e/%2e%2e/etc/passwd', 404],
    ['an encoded slash', '/mirror/tiny-lib@1.2.0/a%2F..%2F..%2Fx.js', 404],
    ['a hidden file', '/mirror/tiny-lib@1.2.0/.npmrc', 404],
  ])('404 for %s', async (_what, path, status) => {
    expect((await app.get(path)).status).toBe(status);
  });
});

/** Saves a module graph served under /mirror/ as files and imports it in Node; returns what `probe` prints. */
async function run(entry: string, probe: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'uc-npm-esm-'));
  const names = new Map<string, string>();
  const save = async (path: string): Promise<string> => {
    const known = names.get(path);
    if (known) return known;
    const name = `m${names.size}.mjs`;
    names.set(path, name);
    let res = await app.get(path);
    if (res.status === 302) res = await app.get(res.headers.get('location') ?? '');
    expect(res.status).toBe(200);
    let code = await res.text();
    for (const m of [...code.matchAll(/"(\/mirror\/[^"]+)"/g)])
      code = code.split(`"${m[1]}"`).join(`"./${await save(m[1] ?? '')}"`);
    writeFileSync(join(dir, name), code);
    return name;
  };
  const file = await save(entry);
  try {
    return execFileSync(
      process.execPath,
      ['--input-type=module', '-e', `import * as m from ${json(join(dir, file))}; ${probe}`],
      {
        encoding: 'utf8',
      },
    ).trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('ES module builds', () => {
  it('bundles the package, points its dependencies at the mirror at exact versions, keeps CommonJS callable', async () => {
    const res = await app.get('/mirror/esm-lib@2.1.0/+esm');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const code = await res.text();
    expect(code).toContain('"/mirror/cjs-dep@1.4.2/+esm"');
    expect(code).not.toContain('./version.js'); // its own files are bundled
    expect(await run('/mirror/esm-lib@2.1.0/+esm', 'console.log(m.hello(21), m.version, m.default)')).toBe(
      '[hello 42]! 2.1.0 esm-lib',
    );
    // CommonJS: named exports found statically, module.exports as the default, require() of a
    // dependency answered with its module.exports; a Node built-in is an empty module.
    expect(
      await run(
        '/mirror/cjs-dep@1.4.2/+esm',
        'console.log(typeof m.default, m.default("x"), m.twice(4), m.kind)',
      ),
    ).toBe('function [x]! 8 object');
  });

  it('a subpath importing its own package imports the package build at the same version', async () => {
    const code = await (await app.get('/mirror/esm-lib@2.1.0/extra/+esm')).text();
    expect(code).toContain('"/mirror/esm-lib@2.1.0/+esm"');
    expect(await run('/mirror/esm-lib@2.1.0/extra/+esm', 'console.log(m.default(1), m.extra)')).toBe(
      '[hello 2]! true',
    );
  });

  it('imports of a pinned library use its pinned build (one React per page, no fetch)', async () => {
    const code = await (await app.get('/mirror/esm-lib@2.1.0/src/react.js/+esm')).text();
    expect(code).toContain('"/mirror/react@18.3.1/+esm/index.js"');
    expect(tarballRequests('react')).toEqual([]);
  });

  it('a range answers with a re-export of the exact build', async () => {
    const res = await app.get('/mirror/esm-lib@2/+esm');
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(await res.text()).toBe(
      'export * from "/mirror/esm-lib@2.1.0/+esm";\nexport { default } from "/mirror/esm-lib@2.1.0/+esm";\n',
    );
    const noDefault = await (await app.get('/mirror/tiny-lib@^1/+esm')).text();
    expect(noDefault).not.toContain('default');
  });

  it('reads nothing outside the package: absolute imports and browser maps that leave it fail the build', async () => {
    for (const v of ['2.0.0', '3.0.0']) {
      const res = await app.get(`/mirror/hostile@${v}/+esm`);
      expect(res.status).toBe(404);
      expect(await res.text()).toMatch(/could not be built|refused|outside/);
    }
  });
});

describe('fetching', () => {
  it('ten concurrent first requests make one tarball request', async () => {
    const slow = await fakeRegistry({ 'slow-lib': PACKAGES['tiny-lib'] ?? {} }, { delayMs: 150 });
    try {
      const s = await start({ MIRROR_REGISTRY_URL: slow.url });
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => s.get('/mirror/slow-lib@1.2.0/tiny.js')),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(slow.requests.filter((r) => r.includes('/-/'))).toHaveLength(1);
      expect(slow.requests.filter((r) => !r.includes('/-/'))).toHaveLength(1); // one packument too
    } finally {
      await slow.close();
    }
  });

  it('two processes filling one cache at once: one copy, complete, nothing left in staging', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uc-npm-shared-'));
    const store = () =>
      new NpmPackageStore({
        dir,
        registryUrl: registry.url,
        fetch: true,
        timeoutMs: 5_000,
        maxTarballBytes: 1e7,
        maxUnpackedBytes: 1e8,
        minFreeBytes: 0,
      });
    const [a, b] = await Promise.all([
      store().package('tiny-lib', '1.2.0'),
      store().package('tiny-lib', '1.2.0'),
    ]);
    expect([...a.files.keys()].sort()).toEqual([...b.files.keys()].sort());
    expect(readdirSync(join(dir, 'v1/packages/tiny-lib'))).toEqual(['1.2.0']);
    expect(readdirSync(join(dir, 'v1/tmp'))).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses the deny list (configured and built in), oversized packages and bad integrity, without keeping them', async () => {
    const s = await start({ MIRROR_DENY: 'tiny-lib@>=1.2.0 <2, call-me' });
    expect((await s.get('/mirror/tiny-lib@1.2.0/tiny.js')).status).toBe(403);
    expect((await s.get('/mirror/tiny-lib@1.0.0/tiny.js')).status).toBe(200);
    expect((await s.get('/mirror/call-me@3.1.5/index.js')).status).toBe(403);
    expect((await s.get('/mirror/event-stream@3.3.6/index.js')).status).toBe(403);
    expect((await s.get('/mirror/event-stream@3.3.5/index.js')).status).toBe(200);
    const huge = await s.get('/mirror/huge@1.0.0/x.js');
    expect(huge.status).toBe(413);
    expect(tarballRequests('huge')).toEqual([]);
    const bad = await s.get('/mirror/bad-integrity@1.0.0/x.js');
    expect(bad.status).toBe(502);
    expect(await bad.text()).toContain('does not match');
    expect((await s.get('/mirror/bad-integrity@1.0.0/x.js')).status).toBe(502); // remembered
    expect(tarballRequests('bad-integrity')).toHaveLength(1);
    const hostile = await s.get('/mirror/hostile@1.0.0/index.js');
    expect(hostile.status).toBe(502);
    expect(await hostile.text()).toContain('unsafe path');
    for (const name of ['bad-integrity', 'hostile', 'huge'])
      expect(existsSync(join(s.cache, 'v1/packages', name))).toBe(false);
    expect(existsSync(join(s.cache, '../escape.js'))).toBe(false);
  });

  it('with fetching off, serves what the cache holds (ranges from the versions on disk) and nothing else', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'uc-npm-offline-'));
    const online = await start({}, cache);
    expect((await online.get('/mirror/tiny-lib@1.0.0/tiny.js')).status).toBe(200);
    const offline = await start({ MIRROR_FETCH: 'off' }, cache);
    expect((await offline.get('/mirror/tiny-lib@1.0.0/tiny.js')).status).toBe(200);
    expect((await offline.get('/mirror/tiny-lib@^1/tiny.js')).headers.get('location')).toBe(
      '/mirror/tiny-lib@1.0.0/tiny.js',
    );
    expect((await offline.get('/mirror/tiny-lib@1.2.0/tiny.js')).status).toBe(404);
  });

  it('a registry that does not answer in time fails the request clearly (502)', async () => {
    const stuck = await fakeRegistry(PACKAGES, { delayMs: 2_500 });
    try {
      const s = await start({ MIRROR_REGISTRY_URL: stuck.url, MIRROR_FETCH_TIMEOUT_MS: 1_000 });
      const res = await s.get('/mirror/tiny-lib@1.2.0/tiny.js');
      expect(res.status).toBe(502);
      expect(await res.text()).toContain('did not answer');
    } finally {
      await stuck.close();
    }
  });
});

describe('Google Fonts beyond the pinned families', () => {
  it('answers a family from its @fontsource package (latin faces); unknown families are left out', async () => {
    const res = await app.get(
      '/mirror/google-fonts/css2?family=Lora:ital,wght@0,400;1,700&family=No+Such+Font&display=swap',
    );
    expect(res.status).toBe(200);
    const css = await res.text();
    expect(css).toContain(
      "@font-face{font-family:'Lora';font-style:normal;font-weight:400;font-display:swap;src:url(/mirror/@fontsource/lora@5.0.0/files/lora-latin-400-normal.woff2) format('woff2')}",
    );
    expect(css).toContain('lora-latin-700-italic.woff2');
    expect(css).not.toContain('cyrillic');
    expect(css).not.toContain('No Such');
    const font = await app.get('/mirror/@fontsource/lora@5.0.0/files/lora-latin-400-normal.woff2');
    expect(font.headers.get('content-type')).toBe('font/woff2');
  });
});
