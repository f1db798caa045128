#!/usr/bin/env node
// The fresh-machine check: does `npm test` pass for a new user? Clones this repository's
// committed HEAD into a temporary folder (no node_modules, no .cache, no .local), shifts every
// infrastructure port (a shifted copy of config/local.json given as INFRA_CONFIG, the clone
// itself untouched) so it runs beside a stack that is already up, hides what
// a new machine would not have (CHROMIUM_PATH points at a missing file; optionally Debian's
// chromium and redis-server are purged first; npm's cache is an empty folder), runs `npm test` there with CI=true and no input,
// and asserts that it exits 0 with the last line "N passed, 0 failed".
//
//   node tools/scripts/fresh-check.mjs [--port-offset 10000] [--purge-system-packages] [--keep]
//                                      [--timeout-min 45]
//
// Writes .local/fresh-check/<timestamp>.json (duration, last line, exit code) and the full log
// beside it. Exits 0 only when the check passed.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './lib/workspace.mjs';

function options(argv) {
  const opts = { portOffset: 10_000, purge: false, keep: false, timeoutMin: 45 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--port-offset') opts.portOffset = Number(value());
    else if (flag === '--purge-system-packages') opts.purge = true;
    else if (flag === '--keep') opts.keep = true;
    else if (flag === '--timeout-min') opts.timeoutMin = Number(value());
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!Number.isInteger(opts.portOffset) || opts.portOffset < 1 || opts.portOffset > 30_000)
    throw new Error('--port-offset must be an integer from 1 to 30000');
  return opts;
}

/**
 * Every infrastructure port of config/local.json moved by `offset`, so the clone's Kafka, database,
 * Redis, mail sink, stripe-mock and OpenSearch (HTTP and transport) run beside the ones already up. The apps' ports stay: the
 * suites start their services on free ports anyway, and the Helm chart's tests hold the chart to
 * the apps' ports in this file.
 */
function shiftPorts(config, offset) {
  const shift = (entry) => {
    const out = { ...entry };
    for (const key of Object.keys(out))
      if (/port$/i.test(key) && typeof out[key] === 'number') out[key] += offset;
    if (typeof out.origin === 'string')
      out.origin = out.origin.replace(/:(\d+)$/, (_, p) => `:${Number(p) + offset}`);
    return out;
  };
  const map = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, shift(v)]));
  return { ...config, infra: map(config.infra) };
}

function sh(command, args, cwd) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: 'pipe' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${r.stderr || r.stdout}`);
  return r.stdout.trim();
}

async function main() {
  const opts = options(process.argv.slice(2));
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = join(root, '.local/fresh-check');
  mkdirSync(outDir, { recursive: true });
  const logPath = join(outDir, `${stamp}.log`);
  const log = createWriteStream(logPath);
  const say = (line) => {
    console.log(`[fresh-check] ${line}`);
    log.write(`[fresh-check] ${line}\n`);
  };

  if (opts.purge) {
    // A new machine has neither; the project must install both itself.
    say('purging Debian packages chromium and redis-server');
    spawnSync('apt-get', ['purge', '-y', '-q', 'chromium', 'chromium-common', 'redis-server'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }

  const work = mkdtempSync(join(tmpdir(), 'cv-fresh-'));
  const clone = join(work, 'core-vault');
  const head = sh('git', ['rev-parse', 'HEAD'], root);
  say(`cloning ${head.slice(0, 12)} into ${clone}`);
  sh('git', ['clone', '--quiet', '--no-local', root, clone], work);
  // The clone stays exactly as committed: the shifted ports live in a copy beside it, which the
  // infra tool and the apps read through INFRA_CONFIG.
  const shifted = join(work, 'local.json');
  const committed = JSON.parse(readFileSync(join(clone, 'config/local.json'), 'utf8'));
  writeFileSync(shifted, JSON.stringify(shiftPorts(committed, opts.portOffset), null, 2) + '\n');
  say(`ports shifted by ${opts.portOffset}; running npm test with CI=true (limit ${opts.timeoutMin} min)`);

  const t0 = Date.now();
  const env = {
    ...process.env,
    CI: 'true',
    CHROMIUM_PATH: join(work, 'no-such-chromium'),
    // A new machine has an empty npm cache too: every package comes from the registry.
    npm_config_cache: join(work, 'npm-cache'),
    INFRA_CONFIG: shifted,
  };
  // Nothing of this shell's session may leak into the new user's run.
  for (const key of [
    'MONGO_URL',
    'REDIS_URL',
    'KAFKA_BROKERS',
    'OPENSEARCH_URL',
    'SEARCH_INDEX',
    'INFRA_LOCAL',
    'INFRA_OPENSEARCH_JAVA_OPTS',
  ])
    delete env[key];
  const child = spawn('npm', ['test'], {
    cwd: clone,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let tail = '';
  const keep = (chunk) => {
    log.write(chunk);
    tail = (tail + chunk.toString()).slice(-8192);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    say('time limit reached; stopping npm test');
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }, opts.timeoutMin * 60_000);
  const progress = setInterval(
    () =>
      say(`${((Date.now() - t0) / 60_000).toFixed(1)} min: ${tail.trim().split('\n').at(-1)?.slice(0, 160)}`),
    60_000,
  );
  const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
  clearTimeout(timer);
  clearInterval(progress);
  const seconds = Math.round((Date.now() - t0) / 1000);
  const lastLine = tail.trim().split('\n').at(-1) ?? '';
  const match = /^(\d+) passed, (\d+) failed$/.exec(lastLine);
  const passed = code === 0 && !timedOut && match !== null && match[2] === '0';
  const summary = tail.slice(tail.lastIndexOf('== summary =='));
  const result = {
    head,
    seconds,
    code,
    timedOut,
    lastLine,
    passed,
    portOffset: opts.portOffset,
    purged: opts.purge,
    summary,
  };
  writeFileSync(join(outDir, `${stamp}.json`), JSON.stringify(result, null, 2) + '\n');
  say(`npm test exited ${code} after ${seconds} s; last line: "${lastLine}"`);
  say(passed ? 'PASSED' : `FAILED (log: ${logPath})`);
  if (!opts.keep) rmSync(work, { recursive: true, force: true });
  else say(`clone kept at ${clone}`);
  log.end();
  process.exitCode = passed ? 0 : 1;
}

await main();
