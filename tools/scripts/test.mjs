#!/usr/bin/env node
// `npm test`: install what is missing, bring the local infrastructure up, run every suite
// (checks, unit, integration against the real services, SPA), stop what this run started,
// and print as the very last line "N passed, N failed" over all suites.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, ensureDependencies, loadInfra, root, run } from './lib/workspace.mjs';

const results = [];
const outDir = join(root, '.local/test-results');
const record = (name, passed, failed, note = '') => results.push({ name, passed, failed, note });

/** A check with no test count of its own (lint, type check, build) counts as one test. */
async function check(name, command, args, env) {
  const code = await run(command, args, { env });
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1, code === 0 ? '' : `exit ${code}`);
}

/** Jest and Vitest both write the same JSON summary shape. */
async function suite(name, command, args, reportFile, env) {
  rmSync(reportFile, { force: true });
  const code = await run(command, args, { env });
  if (!existsSync(reportFile)) return record(name, 0, 1, `runner exited ${code} without a report`);
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const crashed = report.numRuntimeErrorTestSuites ?? 0;
  const failed =
    report.numFailedTests + crashed + (code !== 0 && report.numFailedTests + crashed === 0 ? 1 : 0);
  record(name, report.numPassedTests, failed, crashed ? `${crashed} suite(s) failed to run` : '');
}

async function main() {
  ensureDependencies();
  mkdirSync(outDir, { recursive: true });
  const infra = await loadInfra();
  let started = [];
  try {
    console.log('\n== infrastructure ==');
    const up = await infra.up({ log: (l) => console.log(`infra: ${l}`) });
    started = up.services.filter((s) => s.action === 'started').map((s) => s.name);
    console.log(`infra ready in ${(up.ms / 1000).toFixed(1)}s (started: ${started.join(', ') || 'none'})`);

    console.log('\n== lint ==');
    // The module-boundary rule reads Nx's project graph; compute it first.
    await run(bin('nx'), ['show', 'projects'], { env: { NX_DAEMON: 'false' } });
    // Type-aware linting of the whole workspace in one process needs more than Node's default heap.
    await check('lint', bin('eslint'), ['--max-warnings', '0', '.'], {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=6144`.trim(),
    });
    await check('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);

    console.log('\n== type check and build ==');
    await check('typecheck', process.execPath, [join(root, 'tools/scripts/typecheck.mjs')]);

    const jest = (kind, extra) =>
      suite(
        `jest ${kind}`,
        bin('jest'),
        ['--ci', '--json', `--outputFile=${join(outDir, `jest-${kind}.json`)}`, ...extra],
        join(outDir, `jest-${kind}.json`),
        { JEST_KIND: kind },
      );
    console.log('\n== unit ==');
    await jest('unit', []);
    console.log('\n== integration (real Kafka, MongoDB-compatible server, Redis) ==');
    await jest('int', ['--runInBand']);

    console.log('\n== web (Vitest) ==');
    const vitestReport = join(outDir, 'vitest-web.json');
    await suite(
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
    );
  } catch (err) {
    record('infrastructure', 0, 1, err.message);
    for (const e of err.errors ?? []) console.error(`infra: ${e.message}`);
  } finally {
    if (started.length) {
      console.log(`\nstopping what this run started: ${started.join(', ')}`);
      await infra.down({ only: started });
    }
  }

  console.log('\n== summary ==');
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
