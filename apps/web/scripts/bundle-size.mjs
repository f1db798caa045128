#!/usr/bin/env node
// Gzipped JavaScript each route downloads, from the Vite manifest of the last build
// (`npx vite build apps/web`): the entry chunk, the route's lazy chunk, and their static imports.
// Exits 1 when a budgeted route is over its limit. An optional argument names another dist folder
// (e.g. a build of an older commit, to compare before and after).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const BUDGET_KB = 150;
// Registration and the signed-in pages render inside the lazy QueryLayout (TanStack Query), so its
// chunk counts for them.
const QUERY = 'src/app/QueryLayout.tsx';
const ROUTES = {
  '/': ['src/modules/landing/components/LandingPage.tsx'],
  '/view/{id}': ['src/app/ViewRoute.tsx'],
  '/login': ['src/modules/auth/components/LoginPage.tsx'],
  '/register': [QUERY, 'src/modules/registration/components/RegisterPage.tsx'],
  '/dashboard': [QUERY, 'src/modules/dashboard/components/DashboardPage.tsx'],
  '/upload': [QUERY, 'src/modules/upload/components/UploadPage.tsx'],
  '/billing': [QUERY, 'src/modules/billing/components/BillingPage.tsx'],
};
const BUDGETED = new Set(['/', '/view/{id}']);

const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
}

let over = false;
for (const [route, sources] of Object.entries(ROUTES)) {
  const files = closure([entry, ...sources]);
  const kb = files.reduce((sum, f) => sum + gz(f), 0) / 1024;
  const budget = BUDGETED.has(route);
  if (budget && kb > BUDGET_KB) over = true;
  console.log(
    `${route.padEnd(12)} ${kb.toFixed(1).padStart(7)} KB gzipped JS${budget ? ` (budget ${BUDGET_KB} KB)` : ''}`,
  );
}
process.exit(over ? 1 : 0);
