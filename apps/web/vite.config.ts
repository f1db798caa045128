import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
// The app itself may never be framed (clickjacking); only the renderer is.
const headers = { 'Content-Security-Policy': "frame-ancestors 'none'", 'X-Frame-Options': 'DENY' };
// WEB_PORT: browser tests run a second stack on free ports beside `npm start`.
const webPort = Number(process.env['WEB_PORT'] ?? local.apps['web']?.port ?? 4200);
// The SPA only ever talks to the gateway, same-origin through this proxy (an ingress in production).
const proxy = { '/api': { target: gateway, changeOrigin: false }, '/api-docs': { target: gateway } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: {
      '@core-vault/contracts': `${root}/libs/contracts/src/index.ts`,
      '@core-vault/demo-catalogue': `${root}/libs/demo-catalogue/src/index.ts`,
      '@core-vault/artifact-detection': `${root}/libs/artifact-detection/src/index.ts`,
    },
  },
  define: { __RENDERER_ORIGIN__: JSON.stringify(rendererOrigin) },
  server: { host: '127.0.0.1', port: webPort, strictPort: true, proxy, headers },
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
