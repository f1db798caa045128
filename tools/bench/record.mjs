#!/usr/bin/env node
// Records benchmarks' latest runs and regenerates docs/reference/benchmarks.md from every recorded
// run (tools/bench/lib/benchmarks-page.mjs).
//   npm run bench:record -- <bench> [<bench>…]   copy .local/bench/<bench>.json (the newest of
//                                                 <bench>.json and <bench>-<time>.json) into
//                                                 docs/reference/benchmarks/data/, then regenerate
//   npm run bench:record -- --all                 the same for every bench with a run in .local/bench
//   npm run bench:record                          regenerate only
//   npm run bench:record -- --check               exit 1 when the page differs from what the data gives
// --data <dir>, --page <file>, --runs <dir> point it elsewhere (its tests).
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRecord, readRecords, renderPage } from './lib/benchmarks-page.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i === -1) return fallback;
  const [value] = args.splice(i, 2).slice(1);
  if (!value) throw new Error(`${name} needs a value`);
  return resolve(value);
};

function main() {
  const page = option('--page', join(root, 'docs/reference/benchmarks.md'));
  const data = option('--data', join(dirname(page), 'benchmarks/data'));
  const runs = option('--runs', join(root, '.local/bench'));
  const handWritten = join(dirname(page), 'benchmarks-not-yet-recorded.md');
  const check = args.includes('--check');
  const all = args.includes('--all');
  const unknown = args.find((a) => a.startsWith('--') && !['--check', '--all'].includes(a));
  if (unknown) throw new Error(`unknown option ${unknown}`);
  const names = args.filter((a) => !a.startsWith('--'));
  if (check && (all || names.length)) throw new Error('--check records nothing: give it no bench');

  // A run is <bench>.json or <bench>-<ISO time>.json (the benches that keep every run).
  const runFile = /^(.+?)(-\d{4}-\d\d-\d\dT[\d-]+Z)?\.json$/;
  const latest = new Map();
  if (names.length || all) {
    if (!existsSync(runs)) throw new Error(`${relative(root, runs)}: no such folder (run a bench first)`);
    for (const f of readdirSync(runs)) {
      const m = runFile.exec(f);
      if (!m || !existsSync(join(root, 'tools/bench', `${m[1]}.mjs`))) continue;
      // The latest run by its own time ("at"); a file without one by its modification time.
      let when = statSync(join(runs, f)).mtimeMs;
      try {
        const at = Date.parse(JSON.parse(readFileSync(join(runs, f), 'utf8')).at);
        if (!Number.isNaN(at)) when = at;
      } catch {
        // not JSON: readRecord says so if this file is the one chosen
      }
      if (!latest.has(m[1]) || latest.get(m[1]).when < when) latest.set(m[1], { file: join(runs, f), when });
    }
  }
  const chosen = all ? [...latest.keys()] : names;
  for (const name of chosen) {
    const run = latest.get(name);
    if (!run)
      throw new Error(
        `no run of "${name}" in ${relative(root, runs) || runs}: run node tools/bench/${name}.mjs first` +
          (existsSync(join(root, 'tools/bench', `${name}.mjs`)) ? '' : ` (no such bench in tools/bench)`),
      );
    // Checked before it is copied: a run without the envelope (tools/bench/lib/report.mjs) is
    // refused; --all passes over it (a run from before the envelope) and says so.
    try {
      readRecord(run.file, root, name);
    } catch (err) {
      if (!all) throw err;
      console.log(`skipped ${err.message}`);
      continue;
    }
    mkdirSync(data, { recursive: true });
    copyFileSync(run.file, join(data, `${name}.json`));
    console.log(`recorded ${relative(root, run.file)} → ${relative(root, join(data, `${name}.json`))}`);
  }
  if (all && chosen.length === 0) console.log(`no run in ${relative(root, runs)} to record`);

  const text = renderPage(
    readRecords(data, root),
    existsSync(handWritten) ? readFileSync(handWritten, 'utf8') : '',
    relative(dirname(page), data).split('\\').join('/'),
  );
  if (check) {
    const current = existsSync(page) ? readFileSync(page, 'utf8') : '';
    if (current !== text) {
      console.error(
        `${relative(root, page)} is not what ${relative(root, data)} gives (edited by hand, or data changed): ` +
          'run npm run bench:record to regenerate it',
      );
      process.exitCode = 1;
      return;
    }
    console.log(
      `${relative(root, page)} is up to date (${basename(data)}: ${readdirSync(data).length} files)`,
    );
    return;
  }
  writeFileSync(page, text);
  console.log(`wrote ${relative(root, page)}`);
}

try {
  main();
} catch (err) {
  console.error(`bench:record: ${err.message}`);
  process.exitCode = 1;
}
