/**
 * The SPA for browser tests, built once per state of its sources rather than once per stack.
 *
 * The renderer's origin is a build-time constant of the SPA (apps/web/src/lib/renderer-origin.ts),
 * and every stack serves its renderer on a port of its own. Each stack used to run a production
 * Vite build for its origin (~8 s of CPU, 15-20 s on the loaded two-core machine, in every browser
 * suite). Now one build with a placeholder origin is kept under .local/e2e/spa/<hash of the
 * sources>, and each stack gets a copy with the placeholder replaced by its renderer's origin: the
 * same bundle a build for that origin makes, byte for byte apart from the origin string (the
 * placeholder is plain ASCII, so the minifier keeps it verbatim wherever the constant lands).
 * Production builds are untouched: they still take RENDERER_ORIGIN at build time.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { workspaceRoot } from '@core-vault/platform/testing';

/** Stands for the renderer's origin in the shared build; never a host anything resolves. */
export const ORIGIN_PLACEHOLDER = 'http://cv-renderer-origin-placeholder.invalid';
/**
 * The same, as the page's Content-Security-Policy <meta> writes the artifacts' own origins under
 * the renderer (`frame-src http://*.{renderer host}`, apps/web/src/lib/page-security.ts).
 */
export const LABELLED_ORIGIN_PLACEHOLDER = ORIGIN_PLACEHOLDER.replace('://', '://*.');

/** `http://localhost:4300` → `http://*.localhost:4300`. */
const labelled = (origin: string) => {
  const url = new URL(origin);
  return `${url.protocol}//*.${url.host}`;
};

/** What the SPA bundle is made of: its own folder and the workspace libraries it aliases. */
const INPUTS = ['apps/web', 'libs/contracts/src', 'libs/demo-catalogue/src', 'libs/artifact-detection/src'];
const INPUT_FILES = ['package-lock.json', 'tsconfig.base.json', 'apps/e2e/src/support/spa-build.ts'];
const SKIP = new Set(['node_modules', 'dist', '.vite']);
/** Shared builds of earlier source states older than this are removed when a new one is made. */
const KEEP_OLD_MS = 60 * 60_000;

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => !SKIP.has(e.name))
    .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : []))
    .sort();
}

/** A hash of every source file the build reads (paths and contents). */
export function spaSourceHash(root = workspaceRoot): string {
  const hash = createHash('sha256');
  for (const file of [
    ...INPUTS.flatMap((d) => files(join(root, d))),
    ...INPUT_FILES.map((f) => join(root, f)),
  ]) {
    hash.update(relative(root, file)).update('\0');
    if (existsSync(file)) hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Builds the shared SPA for the current sources unless it exists; its folder. */
function sharedBuild(name: string, build: (outDir: string) => void): string {
  const dir = join(workspaceRoot, '.local', 'e2e', 'spa');
  const target = join(dir, `${name}-${spaSourceHash()}`);
  if (existsSync(join(target, 'index.html'))) return target;
  // Built aside and renamed into place, so a suite in the other lane (or another checkout's
  // process) never copies a half-written build; when two build at once, the first rename wins.
  const temp = `${target}.tmp-${process.pid}-${randomBytes(3).toString('hex')}`;
  try {
    build(temp);
    renameSync(temp, target);
  } catch (err) {
    if (!existsSync(join(target, 'index.html'))) throw err;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  for (const old of readdirSync(dir)) {
    const path = join(dir, old);
    const age = Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (path !== target && age > KEEP_OLD_MS) rmSync(path, { recursive: true, force: true });
  }
  return target;
}

/**
 * Copies `from` to `to`, writing the renderer origin where the placeholder stands (and its
 * `*.`-labelled form where that stands); how many times.
 */
export function copyWithOrigin(from: string, to: string, rendererOrigin: string): number {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  let replaced = 0;
  for (const file of files(to).filter((f) => /\.(js|html)$/.test(f))) {
    const text = readFileSync(file, 'utf8');
    const labelledParts = text.split(LABELLED_ORIGIN_PLACEHOLDER);
    const parts = labelledParts.join(labelled(rendererOrigin)).split(ORIGIN_PLACEHOLDER);
    if (parts.length === 1 && labelledParts.length === 1) continue;
    replaced += parts.length - 1 + labelledParts.length - 1;
    writeFileSync(file, parts.join(rendererOrigin));
  }
  return replaced;
}

/**
 * Puts the SPA for `rendererOrigin` into `webDist`: the shared build (made first when the sources
 * changed) with the origin written in. Throws when the build no longer holds the placeholder,
 * since the stack's frames would then point at the wrong renderer. `root`: the app, or another
 * entry built with its config (the renderer suites' viewer page).
 */
export function spaFor(rendererOrigin: string, webDist: string, vite: string, root = 'apps/web'): void {
  const args = ['build', root, '--config', 'apps/web/vite.config.ts', '--emptyOutDir', '--logLevel', 'error'];
  const shared = sharedBuild(root.replace(/\W+/g, '-'), (outDir) => {
    const result = spawnSync(vite, [...args, '--outDir', outDir], {
      cwd: workspaceRoot,
      // Jest runs with NODE_ENV=test, and Vite keeps a set NODE_ENV: without this the suites
      // measured React's development build (jsxDEV, several times slower), not what users get.
      env: { ...process.env, NODE_ENV: 'production', RENDERER_ORIGIN: ORIGIN_PLACEHOLDER },
      stdio: 'pipe',
      encoding: 'utf8',
    });
    if (result.status !== 0)
      throw new Error(`vite build ${root} failed:\n${result.stdout}\n${result.stderr}`.slice(-4000));
  });
  if (copyWithOrigin(shared, webDist, rendererOrigin) === 0)
    throw new Error(`the SPA build in ${shared} does not contain the renderer origin placeholder`);
}
