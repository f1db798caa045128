import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Ports come from the one local config file that tools/infra and the services read too.
const local = JSON.parse(readFileSync(`${root}/config/local.json`, 'utf8')) as {
  apps: Record<string, { port: number }>;
};
const gateway = `http://127.0.0.1:${local.apps['gateway']?.port ?? 3000}`;
const webPort = local.apps['web']?.port ?? 4200;
// The SPA only ever talks to the gateway, same-origin through this proxy (an ingress in production).
const proxy = { '/api': { target: gateway, changeOrigin: false }, '/api-docs': { target: gateway } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: { '@core-vault/contracts': `${root}/libs/contracts/src/index.ts` },
  },
  server: { host: '127.0.0.1', port: webPort, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: webPort, strictPort: true, proxy },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.spec.{ts,tsx}'],
  },
});
