// Process helpers: run build commands, spawn detached services, pid files,
// stopping what we started, and polling until something is ready.
import { spawn } from 'node:child_process';
import {
  accessSync,
  closeSync,
  constants,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOG_DIR, ROOT, RUN_DIR, logFile, rel } from './config.mjs';

export class InfraError extends Error {
  constructor(service, message, log) {
    super(`${service}: ${message}${log ? ` (see ${rel(log)})` : ''}`);
    this.service = service;
    this.log = log;
  }
}

export function which(cmd) {
  for (const dir of (process.env.PATH || '').split(delimiter)) {
    const p = join(dir, cmd);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      // not in this PATH entry
    }
  }
  return null;
}

/** Runs a command to completion, appending its output to `log`; rejects with the last output line. */
export function run(cmd, args, { log, cwd = ROOT, env = process.env, service = cmd } = {}) {
  mkdirSync(LOG_DIR, { recursive: true });
  const fd = openSync(log, 'a');
  writeFileSync(fd, `\n$ ${cmd} ${args.join(' ')}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', fd, fd] });
    child.on('error', (err) => {
      closeSync(fd);
      reject(new InfraError(service, `cannot run ${cmd}: ${err.message}`, log));
    });
    child.on('exit', (code, signal) => {
      closeSync(fd);
      if (code === 0) return resolve();
      const last = lastLine(log);
      reject(
        new InfraError(service, `${cmd} failed (${signal || `exit ${code}`})${last ? `: ${last}` : ''}`, log),
      );
    });
  });
}

export function lastLine(file) {
  try {
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    return lines[lines.length - 1].slice(0, 300);
  } catch {
    return '';
  }
}

// /proc/<pid>/stat fields after the command name: state is [0], start time [19].
function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

// Start time (jiffies since boot) plus pid identifies a process, so a
// recycled pid is never mistaken for ours.
const startTime = (pid) => procStat(pid)?.[19] ?? null;

const pidPath = (name) => join(RUN_DIR, `${name}.pid`);

// A zombie (dead, not yet reaped by an init that never reaps) counts as dead.
function alive(pid) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if (err.code !== 'EPERM') return false;
  }
  return procStat(pid)?.[0] !== 'Z';
}

/** The pid of a process we started, or null (stale pid files are removed). */
export function ourPid(name) {
  let info;
  try {
    info = JSON.parse(readFileSync(pidPath(name), 'utf8'));
  } catch {
    return null;
  }
  const st = startTime(info.pid);
  if (alive(info.pid) && (st === null || info.startTime == null || st === info.startTime)) return info.pid;
  rmSync(pidPath(name), { force: true });
  return null;
}

/**
 * Starts a long-running service in its own process group with stdio going
 * to .local/logs/<name>.log, so it outlives `infra up` and the test runner.
 */
export async function spawnService(name, cmd, args, { env = process.env, cwd = ROOT } = {}) {
  mkdirSync(LOG_DIR, { recursive: true });
  mkdirSync(RUN_DIR, { recursive: true });
  const log = logFile(name);
  const fd = openSync(log, 'a');
  writeFileSync(fd, `\n--- ${new Date().toISOString()} $ ${cmd} ${args.join(' ')}\n`);
  const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  await new Promise((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (err) => reject(new InfraError(name, `cannot start ${cmd}: ${err.message}`, log)));
  });
  child.unref();
  writeFileSync(
    pidPath(name),
    JSON.stringify({ pid: child.pid, startTime: startTime(child.pid), cmd }) + '\n',
  );
  return child.pid;
}

/** SIGTERM the process group we started, SIGKILL after `graceMs`. Returns true if something was stopped. */
export async function stopService(name, graceMs = 10_000) {
  const pid = ourPid(name);
  if (!pid) return false;
  const kill = (sig) => {
    try {
      process.kill(-pid, sig); // whole group: wrappers and their children
    } catch {
      try {
        process.kill(pid, sig);
      } catch {
        // already gone
      }
    }
  };
  kill('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (alive(pid) && Date.now() < deadline) await sleep(100);
  if (alive(pid)) kill('SIGKILL');
  while (alive(pid)) await sleep(50);
  rmSync(pidPath(name), { force: true });
  return true;
}

/**
 * Polls `check` until it returns truthy. Fails fast when the process we
 * started has died, and with a timeout error naming the service and its log.
 */
export async function waitUntil(name, check, { timeoutMs, pid, log = logFile(name), intervalMs = 250 }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await check().catch(() => false);
    if (ok) return ok;
    if (pid && !alive(pid)) {
      const last = lastLine(log);
      throw new InfraError(name, `exited during startup${last ? `: ${last}` : ''}`, log);
    }
    if (Date.now() > deadline)
      throw new InfraError(name, `not ready after ${+(timeoutMs / 1000).toFixed(1)}s`, log);
    await sleep(intervalMs);
  }
}

export const ensureDir = (p) => (mkdirSync(p, { recursive: true }), p);

/**
 * Runs `fn` while holding .local/run/<name>.lock, so two `up`s at once (say
 * `npm test` and `npm start`) never start a service twice; the second waits
 * and then finds everything running. A lock left by a dead process is taken over.
 */
export async function withLock(name, fn, timeoutMs = 15 * 60_000) {
  mkdirSync(RUN_DIR, { recursive: true });
  const file = join(RUN_DIR, `${name}.lock`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(file, 'utf8') || 0);
      if (!holder || !alive(holder)) rmSync(file, { force: true });
      else if (Date.now() > deadline)
        throw new InfraError('infra', `another infra command (pid ${holder}) holds ${rel(file)}`);
      else await sleep(200);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(file, { force: true });
  }
}
