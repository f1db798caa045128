// Builds the renderer's shadcn/ui set (src/vendor-src/shadcn) into dist/public/vendor/ui-*.js for
// React artifacts that import `@/components/ui/<name>` or `@/lib/utils`.
//
// One esbuild run with code splitting: every component file is an entry (ui-button.js,
// ui-card.js, ...), and what several of them share (Radix internals, floating-ui, cva, clsx,
// tailwind-merge, lucide icons) lands once in ui-chunk-*.js files that the entries import. So an
// artifact fetches only the components it imports, Radix is never duplicated, and each module
// keeps its own export names (toggle's `Toggle` cannot clash with anything else). React stays
// external (the import map's single React 19). Files starting with `_` are helpers, not entries.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const STAMP = '.ui-stamp';
const isOurs = (file) => /^ui-[\w.-]+\.js$/.test(file);

function sourcesOf(srcDir) {
  return readdirSync(srcDir)
    .filter((f) => f.endsWith('.tsx'))
    .sort();
}

/** Rebuilt when the lockfile, this script or any component source changes. */
function stampOf(root, srcDir) {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(root, 'package-lock.json')));
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  for (const f of sourcesOf(srcDir)) hash.update(f).update(readFileSync(join(srcDir, f)));
  return hash.digest('hex');
}

/**
 * @param {{ root: string, appDir: string, vendorDir: string, force: boolean, common: object, plugins: object[] }} o
 * @returns {Promise<boolean>} whether the set was rebuilt
 */
export async function buildShadcnUi({ root, appDir, vendorDir, force, common, plugins }) {
  const srcDir = join(appDir, 'src/vendor-src/shadcn');
  const entries = sourcesOf(srcDir).filter((f) => !f.startsWith('_'));
  const stampFile = join(vendorDir, STAMP);
  const stamp = stampOf(root, srcDir);
  const complete = entries.every((f) => existsSync(join(vendorDir, `ui-${f.replace(/\.tsx$/, '.js')}`)));
  if (!force && complete && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return false;
  // Old chunks have other hashes: clear the whole set first.
  for (const f of existsSync(vendorDir) ? readdirSync(vendorDir) : [])
    if (isOurs(f)) rmSync(join(vendorDir, f));
  await build({
    ...common,
    entryPoints: entries.map((f) => join(srcDir, f)),
    outdir: vendorDir,
    entryNames: 'ui-[name]',
    chunkNames: 'ui-chunk-[hash]',
    format: 'esm',
    splitting: true,
    jsx: 'automatic',
    tsconfig: join(srcDir, 'tsconfig.json'),
    plugins,
  });
  writeFileSync(stampFile, stamp);
  return true;
}
