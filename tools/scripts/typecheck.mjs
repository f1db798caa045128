#!/usr/bin/env node
// Strict TypeScript everywhere, tests included: build the project references, then check each
// project's spec config (which also covers *.spec.ts and *.int-spec.ts) and the SPA.
//
// The Node projects whose spec config is the plain one (the base options, jest and node types,
// src/**/*.ts) are checked as one program: each of them resolves the libs to their sources, so
// checked one by one, every program type-checked libs/platform and libs/contracts again (twelve
// times). Projects with options of their own (DOM lib, the extension, the SPA) keep their own, and
// so does one whose types would leak into the others (APART).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bin, root, run } from './lib/workspace.mjs';

const PLAIN = JSON.stringify({
  extends: '../../tsconfig.base.json',
  compilerOptions: { noEmit: true, types: ['jest', 'node'] },
  include: ['src/**/*.ts'],
});

const specConfigs = [
  ...['apps', 'libs'].flatMap((dir) =>
    readdirSync(join(root, dir))
      .map((p) => join(dir, p, 'tsconfig.spec.json'))
      .filter((p) => existsSync(join(root, p))),
  ),
  'deploy/tsconfig.json',
];
const isPlain = (config) => {
  const parsed = JSON.parse(readFileSync(join(root, config), 'utf8'));
  // deploy/ sits one level up: same options, its own relative base path.
  const normalised = { ...parsed, extends: parsed.extends.replace(/^\.\.\/tsconfig/, '../../tsconfig') };
  return JSON.stringify(normalised) === PLAIN;
};
/**
 * Plain, but apart: the browser tests' Playwright types bring the DOM's globals, which change what
 * `fetch` and `ReadableStream` mean for every other file of a program they are in.
 */
const APART = new Set(['apps/e2e/tsconfig.spec.json']);
const plain = specConfigs.filter((c) => !APART.has(c) && isPlain(c));
const own = specConfigs.filter((c) => !plain.includes(c));

const combinedDir = join(root, '.local/typecheck');
mkdirSync(combinedDir, { recursive: true });
const combined = join(combinedDir, 'tsconfig.node-specs.json');
writeFileSync(
  combined,
  JSON.stringify(
    {
      extends: relative(combinedDir, join(root, 'tsconfig.base.json')),
      compilerOptions: { noEmit: true, types: ['jest', 'node'] },
      include: plain.map((c) => relative(combinedDir, join(root, c, '..', 'src/**/*.ts'))),
    },
    null,
    2,
  ),
);

let failed = (await run(bin('tsc'), ['-b', 'tsconfig.build.json'])) !== 0;
for (const config of [combined, ...own, 'apps/web/tsconfig.json']) {
  if ((await run(bin('tsc'), ['-p', config, '--noEmit'])) !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
