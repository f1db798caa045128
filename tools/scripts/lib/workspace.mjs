// Shared by `npm start` and `npm test`: only Node built-ins, since it runs before npm install.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, statSync } from 'node:fs';
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
  // Synchronous, so no timer of the caller can fire meanwhile: it carries its own limit.
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    timeout: 20 * 60_000,
  });
  if (r.error) throw new Error(`npm install did not finish: ${r.error.message}`);
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

const signalGroup = (pid, signal) => {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // the group is empty: everything in it has exited
  }
};

/**
 * Runs a command in a process group of its own, with inherited output, and never lets it or
 * anything it started outlive it: when the command exits, whatever is left in its group (a test
 * stack's services, a browser) is killed; when it runs past `timeoutMs` the whole group gets
 * SIGTERM and, 10 s later, SIGKILL. `onStart` receives a function that stops the group now
 * (for Ctrl+C or a global watchdog). With `output`, stdout and stderr go to that file instead of
 * this process's. Resolves with { code, timedOut }; never rejects.
 */
export function runGuarded(
  command,
  args,
  { env = {}, cwd = root, timeoutMs, onStart = () => {}, output } = {},
) {
  return new Promise((resolve) => {
    // `output`: a file that takes stdout and stderr, for commands that run beside others.
    const out = output ? openSync(output, 'w') : 'inherit';
    const child = spawn(command, args, {
      cwd,
      stdio: ['inherit', out, out],
      env: { ...process.env, ...env },
      detached: true, // its own process group, so the group can be cleaned up as a whole
    });
    let timedOut = false;
    let killTimer;
    const stop = () => {
      if (!signalGroup(child.pid, 'SIGTERM')) return;
      killTimer ??= setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 10_000);
    };
    const watchdog = timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          console.error(
            `\n!! ${command} ${args[0] ?? ''}: no result after ${timeoutMs / 60_000} min; stopping it`,
          );
          stop();
        }, timeoutMs)
      : undefined;
    onStart(stop);
    if (output) closeSync(out);
    child.on('exit', (code, signal) => {
      clearTimeout(watchdog);
      clearTimeout(killTimer);
      signalGroup(child.pid, 'SIGKILL'); // leftovers of a run that did not clean up after itself
      resolve({ code: code ?? (signal ? 1 : 0), timedOut });
    });
    child.on('error', () => resolve({ code: 127, timedOut }));
  });
}

export async function loadInfra() {
  return import(join(root, 'tools/infra/infra.mjs'));
}
