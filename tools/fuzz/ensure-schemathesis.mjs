#!/usr/bin/env node
// Makes the pinned schemathesis CLI available for the API fuzz suite (apps/e2e/src/fuzz) on a
// fresh machine: a virtual environment under .cache/schemathesis-venv (python3 -m venv) with the
// exact version below from PyPI. Nothing is installed when that version is already there.
// Only Node built-ins: it runs before anything else of the suite. Prints the CLI's path.
//
//   node tools/fuzz/ensure-schemathesis.mjs
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The version the suite's options and report parsing are written against. */
export const SCHEMATHESIS_VERSION = '4.32.5';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const venv = join(root, '.cache/schemathesis-venv');
const logFile = join(root, '.local/logs/schemathesis-install.log');
const windows = process.platform === 'win32';
const venvBin = (name) => join(venv, windows ? 'Scripts' : 'bin', windows ? `${name}.exe` : name);

function log(line) {
  appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`);
}

/** Runs a command with its output going to the log; throws with the log's path when it fails. */
function run(command, args) {
  log(`$ ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  log(`${r.stdout ?? ''}${r.stderr ?? ''}`.trim());
  if (r.error || r.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`}); see ${logFile}`,
    );
  return r.stdout;
}

/** The version installed in the venv, or null (no venv yet, or no schemathesis in it). */
function installedVersion() {
  if (!existsSync(venvBin('python'))) return null;
  const r = spawnSync(
    venvBin('python'),
    ['-c', 'import importlib.metadata as m; print(m.version("schemathesis"))'],
    { encoding: 'utf8' },
  );
  return r.status === 0 ? r.stdout.trim() : null;
}

export function ensureSchemathesis() {
  mkdirSync(dirname(logFile), { recursive: true });
  const cli = venvBin('schemathesis');
  if (installedVersion() === SCHEMATHESIS_VERSION && existsSync(cli)) return cli;
  log(`installing schemathesis ${SCHEMATHESIS_VERSION} into ${venv}`);
  const python = process.env.PYTHON ?? (windows ? 'python' : 'python3');
  // A venv whose interpreter no longer runs (the system Python was upgraded) is made anew.
  const usable = spawnSync(venvBin('python'), ['-c', 'pass']).status === 0;
  if (!usable) run(python, ['-m', 'venv', '--clear', venv]);
  run(venvBin('python'), [
    '-m',
    'pip',
    'install',
    '--disable-pip-version-check',
    '--no-input',
    `schemathesis==${SCHEMATHESIS_VERSION}`,
  ]);
  const version = installedVersion();
  if (version !== SCHEMATHESIS_VERSION)
    throw new Error(
      `schemathesis ${version ?? 'missing'} after install, expected ${SCHEMATHESIS_VERSION}; see ${logFile}`,
    );
  log(`schemathesis ${version} ready`);
  return cli;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.stdout.write(`${ensureSchemathesis()}\n`);
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
