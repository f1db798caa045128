import { readFileSync, statSync } from 'node:fs';
import { type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { APP_PAGE_CSP, APP_PAGE_DEV_CSP, APP_PAGE_HEADERS, appPageMetaTag } from './src/lib/page-security';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Ports come from the one local config file that tools/infra and the services read too.
const local = JSON.parse(readFileSync(`${root}/config/local.json`, 'utf8')) as {
  apps: Record<string, { port: number; origin?: string }>;
};
const gateway = process.env['GATEWAY_URL'] ?? `http://127.0.0.1:${local.apps['gateway']?.port ?? 3000}`;
// Artifacts render only on this separate origin (a different host: no shared cookies or storage).
const usercontent = local.apps['usercontent'];
const rendererOrigin =
  process.env['RENDERER_ORIGIN'] ?? usercontent?.origin ?? `http://localhost:${usercontent?.port ?? 4300}`;
// The app's pages: never framed (clickjacking; only the renderer is), scripts from the app's own
// origin only (src/lib/page-security.ts; nginx sends the same, the built index.html adds the rest).
const headers = { 'Content-Security-Policy': APP_PAGE_CSP, ...APP_PAGE_HEADERS };
// The dev server's pages need one inline script: Vite's React Refresh preamble.
const devHeaders = { ...headers, 'Content-Security-Policy': APP_PAGE_DEV_CSP };
// WEB_PORT: browser tests run a second stack on free ports beside `npm start`.
const webPort = Number(process.env['WEB_PORT'] ?? local.apps['web']?.port ?? 4200);
// The SPA only ever talks to the gateway, same-origin through this proxy (an ingress in production).
const proxy = {
  '/api': { target: gateway, changeOrigin: false },
  '/api-docs': { target: gateway },
  // Shared links get their link-preview tags from the gateway, which also answers the crawler files.
  '/view/': { target: gateway },
  '^/(robots\\.txt|sitemap\\.xml)$': { target: gateway },
  // The vault's MCP endpoint (docs/guides/mcp.md): assistants use the app's address + /mcp.
  '^/mcp$': { target: gateway },
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const COMPRESSIBLE: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/**
 * `vite preview` as production serves the SPA (nginx does the same, deploy/docker/web): files
 * under /assets/ carry a content hash in their name, so browsers keep them a year without asking
 * again; index.html stays `no-cache` (Vite's default), so a deploy is seen at the next load.
 * Brotli for those assets when the browser takes it (Vite's own middleware only gzips); each file
 * is compressed once per server (a hashed file never changes).
 */
function staticAssetCaching(): Plugin {
  return {
    name: 'core-vault:static-asset-caching',
    configurePreviewServer(server) {
      const dist = resolve(server.config.root, server.config.build.outDir);
      const brotli = new Map<string, Buffer>();
      server.middlewares.use((req, res, next) => {
        const path = normalize((req.url ?? '').split('?')[0] ?? '');
        if (!path.startsWith('/assets/') || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
        res.setHeader('Cache-Control', IMMUTABLE);
        // Every asset answer depends on Accept-Encoding (gzip by Vite, brotli here), for any cache between.
        const vary = res.getHeader('Vary');
        res.setHeader('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
        const type = COMPRESSIBLE[extname(path)];
        if (!type || !/\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''))) return next();
        const file = join(dist, path);
        let body = brotli.get(file);
        if (!body) {
          try {
            if (!statSync(file).isFile()) return next();
            body = brotliCompressSync(readFileSync(file));
          } catch {
            return next(); // not a built file: Vite answers as for any other path
          }
          brotli.set(file, body);
        }
        res.writeHead(200, {
          'Content-Type': type,
          'Content-Encoding': 'br',
          'Content-Length': body.length,
          ...headers,
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      });
    },
  };
}

/**
 * The Web Share Target's action when no service worker took the POST (public/share-target-sw.js
 * not installed yet): on to the upload form, empty, as nginx does (deploy/docker/web).
 */
function shareTargetFallback(): Plugin {
  const fallback = (req: { method?: string; url?: string }, res: ServerResponse, next: () => void) => {
    if (req.method !== 'POST' || (req.url ?? '').split('?')[0] !== '/share-target/') return next();
    res.writeHead(303, { Location: '/upload', ...headers });
    res.end();
  };
  return {
    name: 'core-vault:share-target-fallback',
    configureServer: (server) => void server.middlewares.use(fallback),
    configurePreviewServer: (server) => void server.middlewares.use(fallback),
  };
}

/**
 * The built index.html's <meta http-equiv="Content-Security-Policy">: the part of the app's
 * policy that names the renderer (frame-src), known at build time like the bundle's own
 * RENDERER_ORIGIN, so every server of the built files delivers it (src/lib/page-security.ts).
 * Right after <meta charset>, ahead of every script and stylesheet. Builds only: the dev server
 * injects inline scripts and styles of its own.
 */
function appPagePolicy(origin: string): Plugin {
  return {
    name: 'core-vault:app-page-policy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
        if (!charset)
          throw new Error('index.html has no <meta charset>: nowhere to put the CSP before the scripts');
        const at = charset.index + charset[0].length;
        return `${html.slice(0, at)}\n    ${appPageMetaTag(origin)}${html.slice(at)}`;
      },
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), staticAssetCaching(), shareTargetFallback(), appPagePolicy(rendererOrigin)],
  resolve: {
    alias: {
      '@core-vault/contracts': `${root}/libs/contracts/src/index.ts`,
      '@core-vault/api-client': `${root}/libs/api-client/src/index.ts`,
      '@core-vault/demo-catalogue': `${root}/libs/demo-catalogue/src/index.ts`,
      '@core-vault/artifact-detection': `${root}/libs/artifact-detection/src/index.ts`,
    },
  },
  define: { __RENDERER_ORIGIN__: JSON.stringify(rendererOrigin) },
  server: { host: '127.0.0.1', port: webPort, strictPort: true, proxy, headers: devHeaders },
  preview: { host: '127.0.0.1', port: webPort, strictPort: true, proxy, headers },
  // The manifest lets scripts/bundle-size.mjs add up what each route downloads.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.spec.{ts,tsx}'],
    // Above the 10 s findBy ceiling in test-setup.ts, so a slow page fails with Testing Library's
    // message (what was on screen) rather than a bare timeout.
    testTimeout: 30_000,
  },
});
