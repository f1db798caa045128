#!/usr/bin/env node
// Summarises a V8 CPU profile (`node --cpu-prof`, as BENCH_PROFILE=1 writes for the benchmarks):
// the functions with the most self time, and the packages (node_modules/<name>, node:internal,
// the workspace's own code) they belong to, so the profile says where a request's time goes.
// Usage: node tools/bench/cpu-profile-summary.mjs <file.cpuprofile> [--top 30]
import { readFileSync } from 'node:fs';

const [file] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const topIndex = process.argv.indexOf('--top');
const TOP = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 30;
if (!file) {
  console.error('usage: cpu-profile-summary.mjs <file.cpuprofile> [--top N]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const intervals = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (intervals[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

function packageOf(url) {
  if (!url) return '(native/vm)';
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?([^/]+).*/, 'node:$2');
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const ws = url.match(/\/(apps|libs)\/([^/]+)\//);
  return ws ? `${ws[1]}/${ws[2]}` : url;
}

const fns = new Map();
const pkgs = new Map();
for (const [id, us] of self) {
  const { callFrame: f } = byId.get(id);
  const where = f.url ? `${f.url.replace(/^.*node_modules\//, '~/')}:${f.lineNumber + 1}` : '';
  const key = `${f.functionName || '(anonymous)'} ${where}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  const pkg = f.url ? packageOf(f.url) : f.functionName.startsWith('(') ? f.functionName : '(native/vm)';
  pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
}
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log('\nself time by package');
for (const [k, us] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(us)}  ${k}`);
console.log(`\ntop ${TOP} functions by self time`);
for (const [k, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(us)}  ${k}`);

// --callers <function name>: the stacks (twelve frames up) that spend the most self time in it.
const callersIndex = process.argv.indexOf('--callers');
if (callersIndex > 0) {
  const wanted = process.argv[callersIndex + 1];
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stacks = new Map();
  for (const [id, us] of self) {
    if (byId.get(id).callFrame.functionName !== wanted) continue;
    const frames = [];
    for (let p = parent.get(id); p !== undefined && frames.length < 12; p = parent.get(p)) {
      const f = byId.get(p).callFrame;
      frames.push(
        `${f.functionName || '(anonymous)'}@${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`,
      );
    }
    const key = frames.join(' < ');
    stacks.set(key, (stacks.get(key) ?? 0) + us);
  }
  console.log(`\nwhere ${wanted} is called from`);
  for (const [k, us] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`${pct(us)}  ${k}`);
}
