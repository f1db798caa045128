// Shared by `npm start` and `npm test`: only Node built-ins, since it runs before npm install.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const bin = (name) => join(root, 'node_modules/.bin', name);

/** Installs npm dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies(log = console.log) {
  const marker = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm install` with the committed lockfile, also in CI: `npm ci` refuses this lockfile because
  // the registry mirror lacks other platforms' optional packages (e.g. @swc/core-darwin-arm64),
  // which npm therefore leaves out of the lock.
  log('Installing dependencies (npm install)...');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm install failed with exit code ${r.status}`);
}

/** Runs a command with inherited output; resolves with its exit code (never rejects). */
export function run(command, args, { env = {}, cwd = root } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export async function loadInfra() {
  return import(join(root, 'tools/infra/infra.mjs'));
}
