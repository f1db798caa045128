#!/usr/bin/env node
// `npm test`: install what is missing, bring the local infrastructure up, run every suite
// (checks, unit, integration against the real services, SPA), stop what this run started,
// and print as the very last line "N passed, N failed" over all suites.
//
// Nothing can hang the run: every suite runs in a process group of its own with a time limit
// and whatever it leaves behind is killed when it ends; a global watchdog (CV_TEST_TIMEOUT_MIN,
// default 60) stops the run with a clear line, and the summary is still printed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuUsage } from './lib/cpu-usage.mjs';
import { decideInfraPath, probeContainerEngine, startContainers } from './lib/infra-path.mjs';
import { dropNewTestDatabases, listDatabases } from './lib/test-databases.mjs';
import { deleteNewTestIndexes, listIndexes } from './lib/test-indexes.mjs';
import { startLaneKafka } from './lib/lane-kafka.mjs';
import { ensureProjectNode } from './lib/node-runtime.mjs';
import { bin, ensureDependencies, loadInfra, root, runGuarded } from './lib/workspace.mjs';
await ensureProjectNode(); // first of all: outside engines, this runs the script again on the project's Node

// V8's compile cache for every process this run starts (Node 22: the suites, the services they
// boot, lint and the type check): a service booted from its sources took 3.6-4.1 s of CPU to be
// live without it and 2.8 s with it, and a run boots hundreds of them while both cores are busy.
process.env.NODE_COMPILE_CACHE ??= join(root, '.cache/node-compile-cache');

const MIN = 60_000;
const results = [];
const outDir = join(root, '.local/test-results');
const record = (name, passed, failed, note = '') => results.push({ name, passed, failed, note });

/** Shared by the suites, the watchdog and the signal handlers: what is running now. */
const run = { running: new Set(), abandoned: null };

/**
 * Runs one suite under the guard. `parallel`: its output goes to .local/test-results/<name>.log
 * and is printed in one piece when it ends, so suites running side by side stay readable.
 */
async function guarded(name, command, args, env, timeoutMs, parallel = false) {
  if (run.abandoned) return { code: 1, skipped: true };
  const t0 = Date.now();
  const output = parallel ? join(outDir, `${name.replace(/\W+/g, '-')}.log`) : undefined;
  let stopper;
  const r = await runGuarded(command, args, {
    env,
    timeoutMs,
    output,
    onStart: (stop) => run.running.add((stopper = stop)),
  });
  run.running.delete(stopper);
  if (output) process.stdout.write(`\n---- ${name} ----\n${readFileSync(output, 'utf8')}`);
  console.log(`-- ${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return r;
}

const why = (r, timeoutMs) =>
  r.skipped
    ? `not run: ${run.abandoned}`
    : r.timedOut
      ? `timed out after ${timeoutMs / MIN} min`
      : run.abandoned
        ? run.abandoned
        : `exit ${r.code}`;

/** A check with no test count of its own (lint, type check, build) counts as one test. */
async function check(name, command, args, { env, timeoutMs = 15 * MIN, parallel } = {}) {
  const r = await guarded(name, command, args, env, timeoutMs, parallel);
  const ok = r.code === 0 && !r.timedOut && !r.skipped;
  record(name, ok ? 1 : 0, ok ? 0 : 1, ok ? '' : why(r, timeoutMs));
}

/** Jest and Vitest both write the same JSON summary shape. */
async function suite(name, command, args, reportFile, { env, timeoutMs = 15 * MIN, parallel } = {}) {
  rmSync(reportFile, { force: true });
  const r = await guarded(name, command, args, env, timeoutMs, parallel);
  if (!existsSync(reportFile)) return record(name, 0, 1, `no report: ${why(r, timeoutMs)}`);
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const crashed = report.numRuntimeErrorTestSuites ?? 0;
  const failed =
    report.numFailedTests + crashed + (r.code !== 0 && report.numFailedTests + crashed === 0 ? 1 : 0);
  const notes = [crashed && `${crashed} suite(s) failed to run`, r.timedOut && why(r, timeoutMs)];
  record(name, report.numPassedTests, failed, notes.filter(Boolean).join('; '));
}

/**
 * Installs a later suite needs (Go builds of helm and kubeconform, the schemathesis venv) run in
 * the background while lint and the type check — one core each — keep the other core busy; the
 * integration phase waits for schemathesis only (the deploy tools' one suite runs last instead).
 * Output goes to .local/logs/prepare-<name>.log; a failure is
 * reported by the suite that needs the tool, which runs the same installer again.
 */
function prepareInBackground(name, args) {
  const log = openSync(join(root, `.local/logs/prepare-${name}.log`), 'a');
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', log, log] });
  const t0 = Date.now();
  // Never waited for longer than this: the suite that needs the tool reports what is missing.
  const limit = setTimeout(() => child.kill('SIGKILL'), 20 * MIN);
  return new Promise((resolve) => {
    child.on('error', () => resolve());
    child.on('exit', (code) => {
      clearTimeout(limit);
      console.log(`-- prepare ${name}: exit ${code} after ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      resolve();
    });
  });
}

/** A phase's wall time and its CPU share (lib/cpu-usage.mjs says why), printed at its end. */
function phase(name) {
  const t0 = Date.now();
  const cpu = cpuUsage();
  return {
    end: () =>
      console.log(
        [`-- phase ${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s`, cpu.end()]
          .filter(Boolean)
          .join(', '),
      ),
  };
}

/** The suites that cost a lane the most CPU (tools/jest/cpu-reporter.js), for the CI log. */
function printCpuTop(file, lane, count = 8) {
  if (!existsSync(file)) return;
  const rows = JSON.parse(readFileSync(file, 'utf8'));
  const total = rows.reduce((sum, r) => sum + (r.cpuSeconds ?? 0), 0);
  console.log(`-- CPU of the ${lane} lane: ${total.toFixed(0)} s; most expensive suites:`);
  for (const r of rows.slice(0, count))
    console.log(
      `   ${String(r.cpuSeconds).padStart(6)} s CPU ${String(r.wallSeconds).padStart(6)} s wall  ${r.file}`,
    );
}

function abandon(reason) {
  if (run.abandoned) return;
  run.abandoned = reason;
  console.error(`\n!! npm test: ${reason}; stopping the suites that are running`);
  for (const stop of run.running) stop();
}

async function main() {
  const budgetMin = Number(process.env.CV_TEST_TIMEOUT_MIN || 60);
  const watchdog = setTimeout(
    () => abandon(`watchdog: the whole run passed its ${budgetMin} min limit (CV_TEST_TIMEOUT_MIN)`),
    budgetMin * MIN,
  );
  process.once('SIGINT', () => abandon('interrupted (SIGINT)'));
  process.once('SIGTERM', () => abandon('terminated (SIGTERM)'));

  mkdirSync(outDir, { recursive: true });
  const infra = await loadInfra();
  let started = [];
  let containers = null;
  let infraPath = null;
  let laneKafka = Promise.resolve(null);
  try {
    ensureDependencies();
    console.log('\n== infrastructure and browser ==');
    infraPath = decideInfraPath({ requested: process.env.CV_INFRA, engine: await probeContainerEngine() });
    console.log(`infrastructure: ${infraPath.path} — ${infraPath.reason}`);
    writeFileSync(join(outDir, 'infra-path.json'), JSON.stringify(infraPath));
    if (infraPath.path === 'containers') {
      containers = await startContainers({ log: (l) => console.log(`containers: ${l}`) });
      // The suites (testInfra(), the stacks) and their child processes prefer these to local.json.
      Object.assign(process.env, containers.env);
    }
    // Chromium (Debian's, with fonts) installs while the services start; browser suites need it.
    // So do the renderer's assets: its library mirror is an npm install of its own, which must not
    // happen inside a suite (or two suites at once).
    const [up, chromium] = await Promise.all([
      infra.up({
        // On the container path tools/infra runs only what has no container here.
        only: containers ? ['mail', 'stripe-mock', 'opensearch'] : undefined,
        log: (l) => console.log(`infra: ${l}`),
      }),
      infra.ensureChromium().catch((err) => {
        record('chromium', 0, 1, err.message);
        return null;
      }),
      check('renderer assets', process.execPath, [join(root, 'apps/usercontent/scripts/build-assets.mjs')], {
        timeoutMs: 15 * MIN,
        parallel: true,
      }),
    ]);
    started = up.services.filter((s) => s.action === 'started').map((s) => s.name);
    console.log(`infra ready in ${(up.ms / 1000).toFixed(1)}s (started: ${started.join(', ') || 'none'})`);
    if (chromium) console.log(`browser: ${chromium}`);

    mkdirSync(join(root, '.local/logs'), { recursive: true });
    // Schemathesis is ready within the unit phase; the deploy tools (helm is minutes of Go build
    // on a new machine) often are not, and the lanes do not wait for them: the chart suite, the
    // only one that needs them, runs last in its lane (tools/jest/late-suites.sequencer.js) and
    // waits on their lock if they are still building.
    const schemathesis = prepareInBackground('schemathesis', [
      join(root, 'tools/fuzz/ensure-schemathesis.mjs'),
    ]);
    const deployTools = prepareInBackground('deploy-tools', [join(root, 'deploy/tools/ensure-tools.mjs')]);

    /** `lane`: one of jest.preset.js's integration lanes (JEST_INT_LANE), or none. */
    const jest = (kind, extra, timeoutMs, { env = {}, parallel = false, lane } = {}) => {
      const id = lane ? `${kind}-${lane}` : kind;
      return suite(
        lane ? `jest ${kind} ${lane}` : `jest ${kind}`,
        bin('jest'),
        // --forceExit: a suite that leaks a handle must not keep Jest (and CI) waiting; the
        // process group is cleaned up after it anyway.
        ['--ci', '--forceExit', '--json', `--outputFile=${join(outDir, `jest-${id}.json`)}`, ...extra],
        join(outDir, `jest-${id}.json`),
        {
          env: {
            JEST_KIND: kind,
            ...(lane ? { JEST_INT_LANE: lane } : {}),
            // CPU per suite (tools/jest/cpu-reporter.js): what the lanes' length follows.
            CV_CPU_REPORT: join(outDir, `cpu-${id}.json`),
            ...env,
          },
          timeoutMs,
          parallel,
        },
      );
    };

    // Lint, the type check and the two unit runs are mostly one core each and independent of one
    // another (the unit runs transpile the sources themselves): side by side they keep both cores
    // busy. Each one's output is printed in one piece when it ends.
    console.log('\n== lint, format, type check and build, unit (Jest), web (Vitest), side by side ==');
    const vitestReport = join(outDir, 'vitest-web.json');
    // Starts beside the checks; a broker that does not start leaves the lanes sharing one.
    if (!containers)
      laneKafka = startLaneKafka(root).catch((err) => {
        console.error(`the services lane's own Kafka did not start, the lanes share one: ${err.message}`);
        return null;
      });
    const checksPhase = phase('checks and unit');
    await Promise.all([
      (async () => {
        // The module-boundary rule reads Nx's project graph; compute it first.
        await guarded('nx graph', bin('nx'), ['show', 'projects'], { NX_DAEMON: 'false' }, 5 * MIN, true);
        // Type-aware linting of the whole workspace, in groups of projects (one process of it all
        // outgrew a 6 GB heap): tools/scripts/lint.mjs.
        await check('lint', process.execPath, [join(root, 'tools/scripts/lint.mjs')], { parallel: true });
      })(),
      check('format', bin('prettier'), ['--check', '--log-level', 'warn', '.'], {
        timeoutMs: 5 * MIN,
        parallel: true,
      }),
      check('typecheck', process.execPath, [join(root, 'tools/scripts/typecheck.mjs')], { parallel: true }),
      jest('unit', [], 15 * MIN, { parallel: true }),
      suite(
        'web unit',
        bin('vitest'),
        [
          'run',
          '--root',
          'apps/web',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${vitestReport}`,
        ],
        vitestReport,
        { timeoutMs: 10 * MIN, parallel: true },
      ),
    ]);
    checksPhase.end();

    console.log('\n== integration (real Kafka, MongoDB-compatible server, Redis, OpenSearch, Chromium) ==');
    await schemathesis;
    const mongoUrl = process.env.MONGO_URL || up.services.find((s) => s.name === 'mongo').url;
    const databasesBefore = await listDatabases(mongoUrl);
    // The search engine: OPENSEARCH_URL when set (then tools/infra started nothing), else ours.
    const opensearchUrl = process.env.OPENSEARCH_URL || up.services.find((s) => s.name === 'opensearch').url;
    // Best effort: an unreachable engine fails the search suites, not the whole run.
    const indexesBefore = await listIndexes(opensearchUrl).catch((err) => {
      console.error(`could not list the search indexes: ${err.message}`);
      return null;
    });
    // Two lanes side by side, each in band (jest.preset.js): the suites that start whole stacks of
    // their own (Chromium, crash tests) and the rest (mostly waiting on Kafka rebalances, timers
    // and process starts). Every suite has its own databases, consumer groups and ports, and the
    // crash tests their own private infrastructure, so the lanes share nothing a suite restarts.
    // Each lane's output is printed in one piece.
    const intEnv = { OPENSEARCH_URL: opensearchUrl, ...(chromium ? { CHROMIUM_PATH: chromium } : {}) };
    // A hang guard per lane, not a budget: the services lane took 28 min on this machine on a slow
    // afternoon and 39 min in a CI run of 2026-11-29, whose earlier stages took 14.5 min; 55 min
    // still ends the whole run inside CI's 90.
    const laneGuard = 55 * MIN;
    // The services lane on a broker of its own (lib/lane-kafka.mjs says why).
    const servicesKafka = await laneKafka;
    if (servicesKafka) console.log(`services lane: Kafka ${servicesKafka.brokers} (its own)`);
    const servicesEnv = { ...intEnv, ...(servicesKafka ? { KAFKA_BROKERS: servicesKafka.brokers } : {}) };
    const lanesPhase = phase('integration lanes');
    await Promise.all([
      jest('int', ['--runInBand'], laneGuard, { env: servicesEnv, parallel: true, lane: 'services' }),
      jest('int', ['--runInBand'], laneGuard, { env: intEnv, parallel: true, lane: 'stacks' }),
    ]);
    lanesPhase.end();
    for (const lane of ['services', 'stacks']) printCpuTop(join(outDir, `cpu-int-${lane}.json`), lane);
    await deployTools;
    await dropNewTestDatabases(mongoUrl, databasesBefore)
      .then((dropped) => console.log(`dropped ${dropped.length} test database(s) of this run`))
      .catch((err) => console.error(`could not drop this run's test databases: ${err.message}`));
    if (indexesBefore)
      await deleteNewTestIndexes(opensearchUrl, indexesBefore)
        .then((deleted) => console.log(`deleted ${deleted.length} test index(es) of this run`))
        .catch((err) => console.error(`could not delete this run's test indexes: ${err.message}`));
  } catch (err) {
    record('setup', 0, 1, err.message);
    for (const e of err.errors ?? []) console.error(`infra: ${e.message}`);
  } finally {
    clearTimeout(watchdog);
    await (await laneKafka)?.stop();
    if (started.length) {
      console.log(`\nstopping what this run started: ${started.join(', ')}`);
      await infra.down({ only: started });
    }
    if (containers) {
      console.log('stopping the containers of this run');
      await containers.stop();
    }
  }
  if (run.abandoned) record('run', 0, 1, run.abandoned);

  // The same order every run, whichever suite of a parallel phase finished first.
  const ORDER = [
    'setup',
    'chromium',
    'lint',
    'format',
    'typecheck',
    'jest unit',
    'web unit',
    'jest int services',
    'jest int stacks',
  ];
  results.sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));
  console.log('\n== summary ==');
  if (infraPath) console.log(`infrastructure   ${infraPath.path} (${infraPath.reason})`);
  for (const r of results)
    console.log(
      `${r.name.padEnd(16)} ${r.passed} passed, ${r.failed} failed${r.note ? `  (${r.note})` : ''}`,
    );
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  process.exitCode = failed > 0 ? 1 : 0;
  console.log(`${passed} passed, ${failed} failed`);
}

await main();
