#!/usr/bin/env node
/**
 * Honest engines: every installed package whose `engines.node` excludes the Node that runs the
 * project (`process.version`) or any Node the project's own `engines.node` admits. Run it on the
 * project's Node (`npm test` does; by hand: `PATH=.cache/node/$(cat .nvmrc)/bin:$PATH`, see
 * tools/scripts/lib/node-runtime.mjs), since the running Node outside `engines` is a mismatch too.
 *
 *   node tools/scripts/check-engines.mjs          a report; exit 1 if the root install has a mismatch
 *   node tools/scripts/check-engines.mjs --json   the same as JSON on stdout
 *
 * Two installs are walked: the root one (node_modules, run by Node: a mismatch fails) and the
 * renderer's library mirror (apps/usercontent/mirror/node_modules: browser libraries served as
 * files, never run by Node, so a mismatch there is reported but does not fail).
 *
 * EXCEPTIONS are packages kept on purpose although their declared range excludes the project's
 * Node; each says why and is matched on its exact declared range, so a change there is looked at
 * again. They are reported, and do not fail.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(join(ROOT, 'package.json'));
const semver = require('semver');

/**
 * name → { engines: the declared range this exception covers, why: the reason it is kept }.
 * None today: sanitize-html 2.17.6+ declares Node >=22.12.0, which is why the project moved to
 * Node 22 (with the security fixes of those releases) instead of keeping it as an exception here.
 */
export const EXCEPTIONS = {};

/** Every package directory under a node_modules folder, nested installs included; links skipped. */
function* packages(nodeModules) {
  if (!existsSync(nodeModules)) return;
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dir = join(nodeModules, entry.name);
    if (entry.name.startsWith('@')) {
      for (const scoped of readdirSync(dir, { withFileTypes: true })) {
        if (scoped.isDirectory()) yield* pkg(join(dir, scoped.name));
      }
    } else {
      yield* pkg(dir);
    }
  }
}

function* pkg(dir) {
  const file = join(dir, 'package.json');
  if (existsSync(file)) yield dir;
  yield* packages(join(dir, 'node_modules'));
}

/**
 * The packages of one install whose engines.node excludes `node` (a version) or is not a superset
 * of `declared` (the project's range). A range semver cannot read is reported as such.
 */
export function check(nodeModules, node, declared) {
  const found = [];
  for (const dir of packages(nodeModules)) {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    const range = manifest.engines?.node;
    if (typeof range !== 'string' || range.trim() === '') continue;
    const where = relative(ROOT, dir);
    const base = { name: manifest.name ?? where, version: manifest.version, path: where, engines: range };
    if (!semver.validRange(range)) {
      found.push({ ...base, problem: 'unreadable range' });
    } else if (!semver.satisfies(node, range)) {
      found.push({ ...base, problem: `excludes Node ${node}` });
    } else if (declared && !semver.subset(declared, range)) {
      found.push({ ...base, problem: `narrower than the project's ${declared}` });
    }
  }
  return found.map((p) => {
    const exception = EXCEPTIONS[p.name];
    return exception && exception.engines === p.engines ? { ...p, exception: exception.why } : p;
  });
}

function main() {
  const json = process.argv.includes('--json');
  const declared = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines?.node;
  const node = process.version;
  // .nvmrc pins the version `npm test`/`npm start` fetch and nvm installs: one full version in range.
  const pinned = readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim();
  const self = [
    ...(declared && semver.satisfies(node, declared) ? [] : [`${node} is outside ${declared}`]),
    ...(semver.valid(pinned) && declared && semver.satisfies(pinned, declared)
      ? []
      : [`.nvmrc pins "${pinned}", not a full version inside ${declared}`]),
  ];
  const root = check(join(ROOT, 'node_modules'), node, declared);
  const mirror = check(join(ROOT, 'apps/usercontent/mirror/node_modules'), node, declared);
  const ok = self.length === 0 && root.every((p) => p.exception);
  if (json) {
    console.log(JSON.stringify({ node, declared, pinned, ok, self, root, mirror }, null, 2));
  } else {
    const line = (p) =>
      `  ${p.name}@${p.version}  engines.node ${p.engines}  — ${p.problem}  (${p.path})` +
      (p.exception ? `\n    kept on purpose: ${p.exception}` : '');
    console.log(`Node ${node}, project engines.node ${declared ?? '(none)'}, .nvmrc ${pinned}`);
    for (const s of self) console.log(`  project: ${s}`);
    const kept = root.filter((p) => p.exception).length;
    console.log(`root install (run by Node): ${root.length - kept} mismatch(es), ${kept} kept on purpose`);
    root.forEach((p) => console.log(line(p)));
    console.log(`library mirror (served to browsers, not run by Node): ${mirror.length} mismatch(es)`);
    mirror.forEach((p) => console.log(line(p)));
  }
  process.exitCode = ok ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
