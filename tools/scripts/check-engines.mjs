#!/usr/bin/env node
/**
 * Honest engines: every installed package whose `engines.node` excludes the Node that runs the
 * project (`process.version`) or any Node the project's own `engines.node` admits.
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

/** name → { engines: the declared range this exception covers, why: the reason it is kept }. */
export const EXCEPTIONS = {
  'sanitize-html': {
    engines: '>=22.12.0',
    why:
      'declared since 2.17.6; runs on Node 20.19+ (its ESM-only parser htmlparser2 12 declares ' +
      '>=20.19.0 and is loaded with require(esm), in Node 20.19+); the newest release without the ' +
      'declaration, 2.17.5, lacks the fixes of five advisories (GHSA-jxwj-j7wr-gfrw/CVE-2026-40186, ' +
      'GHSA-x3q4-9hxx-gx8m, GHSA-cv27-6wvh-8x7j, GHSA-374f-7chj-9948, GHSA-c9rx-x947-fp3h); ' +
      'the textarea mutation XSS reproduces against 2.17.5 with the Markdown policy',
  },
};

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
  const self = declared && semver.satisfies(node, declared) ? [] : [`${node} is outside ${declared}`];
  const root = check(join(ROOT, 'node_modules'), node, declared);
  const mirror = check(join(ROOT, 'apps/usercontent/mirror/node_modules'), node, declared);
  const ok = self.length === 0 && root.every((p) => p.exception);
  if (json) {
    console.log(JSON.stringify({ node, declared, ok, self, root, mirror }, null, 2));
  } else {
    const line = (p) =>
      `  ${p.name}@${p.version}  engines.node ${p.engines}  — ${p.problem}  (${p.path})` +
      (p.exception ? `\n    kept on purpose: ${p.exception}` : '');
    console.log(`Node ${node}, project engines.node ${declared ?? '(none)'}`);
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
