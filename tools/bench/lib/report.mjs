// What every benchmark's JSON carries, so docs/reference/benchmarks.md can be generated from it
// (tools/bench/record.mjs): which bench, what it measures and how to rerun it, when, on which
// commit and which machine, its targets and its verdict. Node built-ins only.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ABOUT } from './about.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The OS as people name it ("Debian GNU/Linux 12 (bookworm)"), else the kernel's type and release. */
function osName() {
  try {
    const line = readFileSync('/etc/os-release', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('PRETTY_NAME='));
    if (line) return `${line.slice('PRETTY_NAME='.length).replace(/^"|"$/g, '')}, ${type()} ${release()}`;
  } catch {
    // not Linux, or no os-release: the kernel's name below
  }
  return `${type()} ${release()}`;
}

/** The machine a run measured: figures from another machine are not comparable. */
export function machine() {
  const list = cpus();
  return {
    cpu: list[0]?.model?.trim() ?? 'unknown',
    cores: list.length,
    ramGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: osName(),
    node: process.version,
    loadAverage: loadavg().map((n) => Math.round(n * 10) / 10),
  };
}

/** The commit measured; "+ changes" when the working tree differed from it. */
export function commit() {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${sha} + changes` : sha;
  } catch {
    return 'unknown';
  }
}

/**
 * Writes .local/bench/{bench}.json: the envelope (bench, about, at, commit, machine, targets,
 * verdict) and the bench's own report. `about` is the bench's entry in ./about.mjs. The verdict
 * is the report's `verdict`, `met` or `pass`. Returns the file's path.
 */
export function writeBenchReport(bench, report) {
  const about = ABOUT[bench];
  for (const key of ['title', 'measures', 'command', 'target'])
    if (typeof about?.[key] !== 'string' || !about[key])
      throw new Error(`bench ${bench}: about.${key} missing`);
  const { at, commit: ownCommit, machine: ownMachine, ...figures } = report;
  const envelope = {
    bench,
    about,
    at: at ?? new Date().toISOString(),
    commit: commit(),
    // The bench's own machine facts (e.g. load at start and end) beside the common ones.
    machine: { ...(typeof ownMachine === 'object' ? ownMachine : {}), ...machine() },
    targets: report.targets ?? report.targetMs ?? null,
    verdict: report.verdict ?? report.met ?? report.pass ?? null,
  };
  void ownCommit;
  const dir = join(root, '.local/bench');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${bench}.json`);
  writeFileSync(file, `${JSON.stringify({ ...envelope, ...figures, ...envelope }, null, 2)}\n`);
  return file;
}
