import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pino from 'pino';
import { MIRROR_LIBRARIES } from '../mirror/manifest';
import { testRendererConfig } from '../mirror/npm/testing';
import { resolveCdnUrl } from '../mirror/resolve';
import { MirrorFiles } from './mirror-files';
import { createUsercontentServer } from './server';

// The real mirror, as scripts/build-mirror.mjs builds it (fast when up to date: a stamp check).
const APP_DIR = join(__dirname, '../..');
const ASSETS = join(APP_DIR, 'dist/public');

let server: Server;
let base: string;
const cacheDir = mkdtempSync(join(tmpdir(), 'uc-mirror-routes-'));

beforeAll(async () => {
  execFileSync(process.execPath, [join(APP_DIR, 'scripts/build-mirror.mjs')], {
    stdio: 'ignore',
    timeout: 170_000,
  });
  const config = testRendererConfig({
    // The pinned set alone: what is not pinned is not fetched here (npm-routes.spec.ts does that).
    MIRROR_FETCH: 'off',
    MIRROR_CACHE_DIR: cacheDir,
  });
  server = createUsercontentServer({ config, logger: pino({ level: 'silent' }), assetsDir: ASSETS });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}, 180_000);

afterAll(() => {
  server.closeAllConnections();
  server.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

const get = (path: string, init?: RequestInit) => fetch(`${base}${path}`, init);

/** Every file the manifest names for a version: entries, sub-entries, alias targets. */
const named = MIRROR_LIBRARIES.flatMap((lib) =>
  lib.versions.flatMap((v) =>
    [v.main, v.module, ...Object.values(v.submodules ?? {}), ...Object.values(v.alias ?? {})]
      .filter((f): f is string => !!f)
      .map((f) => `/mirror/${lib.name}@${v.version}/${f}`),
  ),
);

describe('/mirror/ files', () => {
  it.each([...new Set(named)])('serves %s', async (path) => {
    const res = await get(path, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(text\/javascript|text\/css); charset=utf-8$/);
  });

  it('serves every file of the build index (the manifest allows each, it exists on disk)', () => {
    const dir = join(ASSETS, 'mirror');
    const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as {
      files: Record<string, unknown>;
    };
    const keys = Object.keys(index.files);
    expect(keys.length).toBeGreaterThan(500);
    const files = new MirrorFiles(dir);
    expect(keys.filter((k) => !files.lookup(`/mirror/${k}`) || !existsSync(join(dir, k)))).toEqual([]);
  });

  it('answers with immutable caching, ETag, gzip, CORS and the static CSP', async () => {
    const path = '/mirror/chart.js@4.6.1/dist/chart.umd.min.js';
    const res = await get(path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{20}"$/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.toString()).toContain('Chart.js v4.6.1'); // fetch decompressed it
    const raw = readFileSync(join(ASSETS, 'mirror/chart.js@4.6.1/dist/chart.umd.min.js.gz'));
    expect(gunzipSync(raw).toString()).toBe(body.toString());
    expect((await get(path, { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it.each([
    ['/mirror/katex@0.19.1/dist/fonts/KaTeX_Main-Regular.woff2', 'font/woff2'],
    ['/mirror/leaflet@1.9.4/dist/images/marker-icon.png', 'image/png'],
    ['/mirror/@fortawesome/fontawesome-free@6.7.2/webfonts/fa-solid-900.woff2', 'font/woff2'],
    ['/mirror/mermaid@11.17.2/dist/mermaid.esm.min.mjs', 'text/javascript; charset=utf-8'],
    ['/mirror/leaflet.markercluster@1.5.3/dist/MarkerCluster.Default.css', 'text/css; charset=utf-8'],
    ['/mirror/@hpcc-js/wasm@2.35.3/dist/graphviz.umd.js', 'text/javascript; charset=utf-8'],
  ])('relative loads of stylesheets and modules: %s', async (path, type) => {
    const res = await get(path, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
  });

  it("resolves what the mirrored files load relatively (KaTeX's fonts, Font Awesome's webfonts)", async () => {
    for (const css of [
      '/mirror/katex@0.19.1/dist/katex.min.css',
      '/mirror/@fortawesome/fontawesome-free@6.7.2/css/all.min.css',
    ]) {
      const text = await (await get(css)).text();
      const urls = [...text.matchAll(/url\(([^)]+\.woff2)\)/g)].map(
        (m) => new URL(m[1] ?? '', `${base}${css}`).pathname,
      );
      expect(urls.length).toBeGreaterThan(2);
      for (const u of new Set(urls)) expect([u, (await get(u, { method: 'HEAD' })).status]).toEqual([u, 200]);
    }
  });

  it('ES module bundles share one React through absolute mirror URLs', async () => {
    const client = await (await get('/mirror/react-dom@18.3.1/+esm/client.js')).text();
    const imports = [...client.matchAll(/from\s*"([^"]+)"/g)].map(
      (m) => new URL(m[1] ?? '', `${base}/mirror/react-dom@18.3.1/+esm/`).pathname,
    );
    expect(imports).toContain('/mirror/react-dom@18.3.1/+esm/index.js');
    // CommonJS entries get their named exports (import { createRoot } from 'react-dom/client').
    expect(client).toMatch(/export\s*\{[^}]*\bcreateRoot\b/);
    for (const u of imports) expect((await get(u, { method: 'HEAD' })).status).toBe(200);
  });

  it.each([
    '/mirror/chart.js@4.6.1/package.json',
    '/mirror/chart.js@4.6.1/../../../package.json',
    '/mirror/chart.js@4.6.1/%2e%2e/%2e%2e/index.json',
    '/mirror/chart.js@4.6.1/dist/chart.umd.min.js.gz',
    '/mirror/chart.js@4.6.1/dist/chart.umd.min.js.map',
    '/mirror/chart.js@9.9.9/dist/chart.umd.min.js',
    '/mirror/left-pad@1.0.0/index.js',
    '/mirror/index.json',
    '/mirror/fonts.json',
    '/mirror/.stamp',
    '/mirror/',
    '/mirror/react@18.3.1/+esm/../../../../package.json',
    '/mirror/%E0%A4%A',
  ])('404 for %s', async (path) => {
    expect((await get(path)).status).toBe(404);
  });
});

describe('/mirror/google-fonts/', () => {
  it('answers css2 with @font-face rules whose files are served', async () => {
    const mirrored = resolveCdnUrl(
      'https://fonts.googleapis.com/css2?family=Inter:wght@400;700&family=Roboto&family=Unknown+Font&display=swap',
      'style',
    );
    const res = await get(mirrored?.url ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const css = await res.text();
    const files = [...css.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1] ?? '');
    expect(files).toEqual([
      '/mirror/@fontsource/inter@5.3.0/files/inter-latin-400-normal.woff2',
      '/mirror/@fontsource/inter@5.3.0/files/inter-latin-700-normal.woff2',
      '/mirror/@fontsource/roboto@5.3.0/files/roboto-latin-400-normal.woff2',
    ]);
    for (const f of files) {
      const font = await get(f, { method: 'HEAD' });
      expect([f, font.status, font.headers.get('content-type')]).toEqual([f, 200, 'font/woff2']);
    }
  });
});
