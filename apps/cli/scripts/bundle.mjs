#!/usr/bin/env node
// Builds the published command: apps/cli/dist/corevault.cjs, one CommonJS file for Node with the
// workspace libraries it uses (api-client, contracts, artifact-detection, mcp) inlined from their
// sources, so the npm package needs none of them published. Its npm dependencies (the MCP SDK,
// zod) stay imports: they are the package's `dependencies`.
//   node apps/cli/scripts/bundle.mjs
import { build } from 'esbuild';
import { chmodSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const appDir = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));
const outfile = join(appDir, manifest.bin.corevault);

await build({
  entryPoints: [join(appDir, 'src/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  // tsconfig.base.json's paths: the libraries from their sources.
  tsconfig: join(appDir, 'tsconfig.json'),
  external: Object.keys(manifest.dependencies),
  minify: false,
  sourcemap: false,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
});
chmodSync(outfile, 0o755);
console.log(`corevault ${manifest.version}: ${outfile}`);
