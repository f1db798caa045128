#!/usr/bin/env node
// Runs one integration suite N times in a row and records each run: pass or fail, wall time,
// the suite's `durability: {…}` figures line if it prints one. For flaky suites (the database
// crash test, docs/reference/infrastructure.md): how often it fails, and the output of each failing run.
//
//   node tools/scripts/repeat-suite.mjs [--runs 30] [--stop-on-failure] [--out .local/repeat/<name>] <suite path>
//
// Each run's output goes to <out>/run-<n>.log, the table to <out>/summary.json (rewritten after
// every run, so an interrupted loop keeps what it measured). E2E_KEEP_ON_FAILURE=1 is passed on
// (a failing durability suite then leaves its private broker and database running); with
// --stop-on-failure the loop ends at the first failure, so that state is the failing run's.
// Needs the shared infrastructure up, like any integration suite; runs on the project's Node.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '../../..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '30' },
    'stop-on-failure': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const suite = positionals[0];
if (!suite) {
  console.error('usage: repeat-suite.mjs [--runs N] [--stop-on-failure] [--out DIR] <suite path>');
  process.exit(2);
}
const runs = Number(values.runs);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out =
  values.out ?? join(root, '.local', 'repeat', `${basename(suite).replace(/\.[^.]+$/, '')}-${stamp}`);
mkdirSync(out, { recursive: true });

const jest = join(root, 'node_modules', '.bin', 'jest');
const results = [];
const summaryFile = join(out, 'summary.json');

function save() {
  const passed = results.filter((r) => r.passed).length;
  const seconds = results.map((r) => r.seconds).sort((a, b) => a - b);
  const median = seconds.length ? seconds[Math.floor((seconds.length - 1) / 2)] : null;
  const summary = {
    suite,
    runs: results.length,
    passed,
    failed: results.length - passed,
    seconds: { min: seconds[0] ?? null, median, max: seconds.at(-1) ?? null },
    results,
  };
  writeFileSync(summaryFile, JSON.stringify(summary, null, 2) + '\n');
  return summary;
}

function runOnce(n) {
  const logFile = join(out, `run-${n}.log`);
  const log = createWriteStream(logFile);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [jest, suite, '--runInBand'], {
      cwd: root,
      env: { ...process.env, JEST_KIND: 'int' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => {
      log.end(() => {
        const text = readFileSync(logFile, 'utf8');
        const figures = /durability: (\{.*\})/.exec(text)?.[1];
        const failedTests = [...text.matchAll(/^\s+✕ (.+)$/gm)].map((m) => m[1]);
        resolve({
          run: n,
          passed: code === 0,
          exitCode: code,
          seconds: Math.round((Date.now() - started) / 100) / 10,
          at: new Date(started).toISOString(),
          ...(failedTests.length ? { failedTests } : {}),
          ...(figures ? { figures: JSON.parse(figures) } : {}),
          log: logFile,
        });
      });
    });
  });
}

for (let n = 1; n <= runs; n++) {
  const result = await runOnce(n);
  results.push(result);
  const s = save();
  console.log(
    `run ${n}/${runs}: ${result.passed ? 'passed' : 'FAILED'} in ${result.seconds} s ` +
      `(${s.passed} passed, ${s.failed} failed so far)${result.passed ? '' : ` — ${result.log}`}`,
  );
  if (!result.passed && values['stop-on-failure']) break;
}
const s = save();
console.log(
  `${s.runs} runs: ${s.passed} passed, ${s.failed} failed; ${s.seconds.min}–${s.seconds.max} s (median ${s.seconds.median}); ${summaryFile}`,
);
process.exit(s.failed === 0 ? 0 : 1);
