#!/usr/bin/env node
// Type-aware ESLint over the whole workspace, in a few processes one after another. One process
// holds a TypeScript program per tsconfig it meets; with the browser extension (#19) the whole
// workspace in one process passed 6 GB of heap and died (measured 2026-11-25). Groups of
// projects that share their programs keep each process well under that, and every file is still
// linted exactly once: the last group is "." without the earlier ones.
// Usage: node tools/scripts/lint.mjs [extra eslint args]; exit code non-zero if any group failed.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const eslint = join(root, 'node_modules', '.bin', 'eslint');

/** Browser code (DOM + webextension types); stack tests and tools; the libs; half the services. */
const GROUPS = [
  ['apps/web', 'apps/extension', 'libs/api-client'],
  ['apps/e2e', 'deploy', 'tools'],
  [
    'libs/contracts',
    'libs/platform',
    'libs/artifact-detection',
    'libs/demo-catalogue',
    'libs/artifact-store',
  ],
  ['apps/gateway', 'apps/identity', 'apps/billing'],
];

const runs = [
  ...GROUPS.map((paths) => paths),
  ['.', ...GROUPS.flat().flatMap((path) => ['--ignore-pattern', `${path}/**`])],
];

let failed = 0;
for (const args of runs) {
  const t0 = Date.now();
  const r = spawnSync(eslint, ['--max-warnings', '0', ...process.argv.slice(2), ...args], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=6144`.trim(),
    },
  });
  const label = args
    .filter((a, i) => a !== '--ignore-pattern' && args[i - 1] !== '--ignore-pattern')
    .join(' ');
  console.log(
    `eslint ${label}: ${r.status === 0 ? 'ok' : `failed (${r.status ?? r.signal})`} in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
