#!/usr/bin/env node
// The library mirror's npm cache (not part of npm test): a package not yet cached is fetched from
// the registry on first use, then served from disk.
//
//   npx tsc -b apps/usercontent/tsconfig.app.json
//   node tools/bench/mirror-cache.mjs [--seconds 5] [--rounds 5]
//
// Starts the built renderer (apps/usercontent/dist/main.js) with an empty cache folder, its
// upstream a counting pass-through proxy in front of the real registry (registry.npmjs.org, or
// MIRROR_BENCH_REGISTRY), so every upstream request is counted and timed. Measures:
//   cold      each of a few packages ≤ 2 MB packed, not pinned and not cached: the page's request
//             (redirects followed) until its last byte; the registry's own share (packument and
//             tarball, as the proxy saw them) beside it. Target ≤ 3 s.
//   warm      two cached files (48 KB, kept in memory; 1.1 MB, streamed), autocannon, against a bare static server (node:http + fs: stat and
//             stream the same file from the same disk, with the same response headers) started
//             beside it, rounds interleaved;
//             the median of the rounds' requests/s ratios (target ≥ 0.8 × bare), and each
//             process's CPU time per request (bare ÷ mirror: the same ratio, free of the load
//             other processes put on the machine).
//   growth    what the cache folder holds afterwards: one folder per package asked for (and only
//             those), its bytes against the packages' sizes; nothing left in staging.
//   viewers   two, then ten, concurrent first requests for a package nobody asked for yet: one
//             tarball request upstream, and when each viewer got its answer.
// Writes .local/bench/mirror-cache.json.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, log, root } from './lib/services.mjs';
import { writeBenchReport } from './lib/report.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 5);
const ROUNDS = arg('rounds', 5);
const UPSTREAM = (process.env.MIRROR_BENCH_REGISTRY ?? 'https://registry.npmjs.org').replace(/\/$/, '');
const TARGETS = { coldMs: 3000, warmVsBare: 0.8 };

/** Cold misses: (URL the rewrite makes for a CDN URL, what it is). All ≤ 2 MB packed, none pinned. */
const COLD = [
  ['/mirror/simplex-noise@2.4.0/+cdnjs/simplex-noise.min.js', 'cdnjs simplex-noise 2.4.0 (found by name)'],
  ['/mirror/canvas-confetti@1.9.3/dist/confetti.browser.js', 'jsDelivr canvas-confetti 1.9.3'],
  ['/mirror/@alpinejs/csp@3/dist/cdn.min.js', 'Alpine 3 (CSP build), a range'],
  ['/mirror/htmx.org@1.9.12/dist/htmx.min.js', 'unpkg htmx.org 1.9.12'],
  ['/mirror/animate.css@4.1.1/animate.min.css', 'animate.css 4.1.1'],
  ['/mirror/bootstrap-icons@1.11.3/font/bootstrap-icons.min.css', 'bootstrap-icons 1.11.3 (2,000 files)'],
  [
    '/mirror/@fontsource/lora@5.2.8/files/lora-latin-400-normal.woff2',
    '@fontsource/lora 5.2.8 (1.6 MB packed)',
  ],
  ['/mirror/query-string@7.1.3/+esm', 'esm.sh query-string 7.1.3 (CommonJS → ES module)'],
];
/** Warm files: a small one (held in memory after its second request) and one over 256 KB (streamed). */
const WARM = [
  {
    what: 'htmx.min.js, 48 KB',
    path: '/mirror/htmx.org@1.9.12/dist/htmx.min.js',
    onDisk: 'v1/packages/htmx.org/1.9.12/files/dist/htmx.min.js',
  },
  {
    what: 'bootstrap-icons.svg, 1.1 MB',
    path: '/mirror/bootstrap-icons@1.11.3/bootstrap-icons.svg',
    onDisk: 'v1/packages/bootstrap-icons/1.11.3/files/bootstrap-icons.svg',
  },
];
const VIEWERS = [
  ['/mirror/seedrandom@3.0.5/seedrandom.min.js', 2],
  ['/mirror/tinycolor2@1.6.0/dist/tinycolor-min.js', 10],
];

const children = [];
const servers = [];
const stop = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  for (const s of servers) s.close();
};

/** A pass-through registry that counts and times what the renderer asks upstream. */
function countingProxy() {
  const seen = [];
  const server = createServer(async (req, res) => {
    const started = performance.now();
    try {
      const up = await fetch(`${UPSTREAM}${req.url}`, {
        headers: { accept: req.headers.accept ?? '*/*' },
        signal: AbortSignal.timeout(60_000),
      });
      const body = Buffer.from(await up.arrayBuffer());
      seen.push({
        path: req.url,
        kind: req.url.includes('/-/') ? 'tarball' : 'packument',
        bytes: body.length,
        ms: Math.round(performance.now() - started),
      });
      const headers = { 'content-type': up.headers.get('content-type') ?? 'application/octet-stream' };
      res.writeHead(up.status, { ...headers, 'content-length': String(body.length) });
      res.end(body);
    } catch (err) {
      res.writeHead(502).end(String(err));
    }
  });
  servers.push(server);
  return { server, seen };
}

/** GET following the mirror's redirects; resolves when the last byte arrived. */
function getAll(base, path, hops = 3) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, (res) => {
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () => {
        if (res.statusCode === 302 && hops > 0)
          return getAll(base, res.headers.location, hops - 1).then(resolve, reject);
        resolve({ status: res.statusCode, bytes, path });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('error', reject);
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** User + system CPU time of a process so far, in microseconds (Linux /proc; 10 ms ticks). */
function cpuUs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

function walk(dir) {
  let bytes = 0;
  let files = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      const sub = walk(p);
      bytes += sub.bytes;
      files += sub.files;
    } else {
      bytes += statSync(p).size;
      files++;
    }
  }
  return { bytes, files };
}

/** Package folders in the cache: "name@version". */
function cachedPackages(cache) {
  const base = join(cache, 'v1/packages');
  const out = [];
  const visit = (dir, prefix) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      if (e.name.startsWith('@') && !prefix) visit(join(dir, e.name), `${e.name}/`);
      else for (const v of readdirSync(join(dir, e.name))) out.push(`${prefix}${e.name}@${v}`);
    }
  };
  visit(base, '');
  return out.sort();
}

/** One cached file: the mirror vs a bare static server, rounds interleaved. */
async function warmHits(renderer, child, cache, w) {
  await getAll(renderer, w.path);
  // The anchor sends the same headers the mirror sends (security headers, caching, ETag).
  const sample = await fetch(`${renderer}${w.path}`, {
    redirect: 'manual',
    headers: { 'accept-encoding': 'identity' },
  });
  if (sample.status !== 200) throw new Error(`${w.path} is not served directly`);
  const sameHeaders = Object.fromEntries(
    [...sample.headers].filter(
      ([k]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k),
    ),
  );
  const file = join(cache, w.onDisk);
  const barePort = await freePort();
  const bare = spawn(
    process.execPath,
    [
      join(root, 'tools/bench/bare-server.mjs'),
      String(barePort),
      '--static',
      file,
      JSON.stringify(sameHeaders),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(bare);
  for (let i = 0; i < 50; i++) {
    if ((await fetch(`http://127.0.0.1:${barePort}/`).catch(() => null))?.ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const rounds = { mirror: [], bare: [] };
  // Throughput shares the 2 cores with the load generator and whatever else runs, so each round
  // also records the answering process's CPU time per request (load-independent).
  const load = async (url, pid) => {
    const cpu0 = cpuUs(pid);
    const r = await run({ url, connections: 8, duration: SECONDS, pipelining: 1 });
    if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return {
      rps: Math.round(r.requests.average),
      p99Ms: r.latency.p99,
      cpuUsPerRequest: Math.round((cpuUs(pid) - cpu0) / Math.max(1, r.requests.total)),
    };
  };
  const mirrorUrl = `${renderer}${w.path}`;
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  await load(mirrorUrl, child.pid); // warm-up: JIT, page cache
  await load(bareUrl, bare.pid);
  for (let i = 0; i < ROUNDS; i++) {
    rounds.bare.push(await load(bareUrl, bare.pid));
    rounds.mirror.push(await load(mirrorUrl, child.pid));
    const [m, b] = [rounds.mirror.at(-1), rounds.bare.at(-1)];
    log(
      `warm ${w.what} round ${i + 1}: mirror ${m.rps}/s (${m.cpuUsPerRequest} µs CPU/request), bare ${b.rps}/s (${b.cpuUsPerRequest} µs)`,
    );
  }
  bare.kill('SIGTERM');
  const out = {
    what: w.what,
    file: w.path,
    bytes: statSync(file).size,
    mirrorRps: median(rounds.mirror.map((r) => r.rps)),
    bareRps: median(rounds.bare.map((r) => r.rps)),
    mirrorP99Ms: median(rounds.mirror.map((r) => r.p99Ms)),
    bareP99Ms: median(rounds.bare.map((r) => r.p99Ms)),
    mirrorCpuUsPerRequest: median(rounds.mirror.map((r) => r.cpuUsPerRequest)),
    bareCpuUsPerRequest: median(rounds.bare.map((r) => r.cpuUsPerRequest)),
    eachRound: rounds,
  };
  // Median of the per-round ratios: each round's two runs saw about the same machine.
  out.ratio = Number(median(rounds.mirror.map((m, i) => m.rps / rounds.bare[i].rps)).toFixed(2));
  out.cpuRatio = Number((out.bareCpuUsPerRequest / out.mirrorCpuUsPerRequest).toFixed(2));
  out.met = out.ratio >= TARGETS.warmVsBare;
  return out;
}

async function main() {
  const main = join(root, 'apps/usercontent/dist/main.js');
  try {
    statSync(main);
  } catch {
    throw new Error('Build first: npx tsc -b apps/usercontent/tsconfig.app.json');
  }
  const proxy = countingProxy();
  const proxyPort = await freePort();
  proxy.server.listen(proxyPort, '127.0.0.1');
  await once(proxy.server, 'listening');

  const cache = mkdtempSync(join(tmpdir(), 'cv-bench-mirror-cache-'));
  const assets = mkdtempSync(join(tmpdir(), 'cv-bench-mirror-assets-'));
  const port = await freePort();
  const renderer = `http://127.0.0.1:${port}`;
  // BENCH_PROFILE=1: the renderer's CPU profile in .local/bench/profiles (cpu-profile-summary.mjs).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${join(root, '.local/bench/profiles')}`]
    : [];
  const child = spawn(process.execPath, [...profile, main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      RENDERER_ORIGIN: `http://localhost:${port}`,
      WEB_ORIGIN: 'http://127.0.0.1:4200',
      GATEWAY_URL: 'http://127.0.0.1:9',
      ARTIFACT_ORIGIN_SECRET: 'bench-only-origin-secret-0123456789abcdef',
      ASSETS_DIR: assets,
      MIRROR_CACHE_DIR: cache,
      MIRROR_REGISTRY_URL: `http://127.0.0.1:${proxyPort}/`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  for (let i = 0; i < 100; i++) {
    if ((await fetch(`${renderer}/health/live`).catch(() => null))?.ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  // Cold misses, one at a time (each a package nobody asked for).
  const cold = [];
  for (const [path, what] of COLD) {
    const before = proxy.seen.length;
    const t0 = performance.now();
    const r = await getAll(renderer, path);
    const ms = Math.round(performance.now() - t0);
    const upstream = proxy.seen.slice(before);
    const tarball = upstream.find((u) => u.kind === 'tarball');
    cold.push({
      what,
      path,
      status: r.status,
      ms,
      packedBytes: tarball?.bytes ?? null,
      upstreamMs: upstream.reduce((n, u) => n + u.ms, 0),
      upstreamRequests: upstream.length,
      met: r.status === 200 && ms <= TARGETS.coldMs,
    });
    log(`cold ${what}: ${r.status} in ${ms} ms (registry ${cold.at(-1).upstreamMs} ms)`);
  }
  const coldSmall = cold.filter((c) => (c.packedBytes ?? 0) <= 2 * 1024 * 1024);

  // Warm hits vs a bare static server sending the same file from the same disk.
  const warm = [];
  for (const w of WARM) warm.push(await warmHits(renderer, child, cache, w));

  // Concurrent viewers of a package nobody has asked for yet.
  const viewers = [];
  for (const [path, n] of VIEWERS) {
    const before = proxy.seen.length;
    const t0 = performance.now();
    const answers = await Promise.all(
      Array.from({ length: n }, () =>
        getAll(renderer, path).then((r) => ({ ...r, ms: Math.round(performance.now() - t0) })),
      ),
    );
    const upstream = proxy.seen.slice(before);
    const times = answers.map((a) => a.ms).sort((a, b) => a - b);
    viewers.push({
      path,
      viewers: n,
      statuses: [...new Set(answers.map((a) => a.status))],
      tarballRequests: upstream.filter((u) => u.kind === 'tarball').length,
      packumentRequests: upstream.filter((u) => u.kind === 'packument').length,
      firstMs: times[0],
      lastMs: times.at(-1),
      met:
        upstream.filter((u) => u.kind === 'tarball').length === 1 && answers.every((a) => a.status === 200),
    });
    log(
      `viewers ${n} × ${path}: ${viewers.at(-1).tarballRequests} tarball request(s), answers ${times[0]}–${times.at(-1)} ms`,
    );
  }

  // What the cache holds.
  const asked = [...COLD.map(([p]) => p), ...VIEWERS.map(([p]) => p)];
  const packages = cachedPackages(cache);
  const staging = join(cache, 'v1/tmp');
  const growth = {
    packagesAsked: asked.length,
    packagesCached: packages.length,
    packages,
    bytes: walk(join(cache, 'v1')).bytes,
    // The packages' own files as kept (meta.json); the rest is meta.json, gzips and ES module builds.
    keptFileBytes: packages.reduce((n, p) => {
      const at = p.lastIndexOf('@');
      const meta = JSON.parse(
        readFileSync(join(cache, 'v1/packages', p.slice(0, at), p.slice(at + 1), 'meta.json'), 'utf8'),
      );
      return n + Object.values(meta.files).reduce((a, b) => a + b, 0);
    }, 0),
    files: walk(join(cache, 'v1')).files,
    packedBytesFetched: proxy.seen.filter((u) => u.kind === 'tarball').reduce((n, u) => n + u.bytes, 0),
    tarballRequests: proxy.seen.filter((u) => u.kind === 'tarball').length,
    stagingLeft: (() => {
      try {
        return readdirSync(staging).length;
      } catch {
        return 0;
      }
    })(),
  };
  // query-string's ES module build fetched its four dependencies' metadata, not their tarballs.
  growth.met =
    growth.packagesCached === asked.length &&
    growth.stagingLeft === 0 &&
    growth.tarballRequests === asked.length;

  const result = {
    at: new Date().toISOString(),
    upstream: UPSTREAM,
    targets: TARGETS,
    cold,
    coldMaxMsUnder2MB: Math.max(...coldSmall.map((c) => c.ms)),
    warm,
    viewers,
    growth,
  };
  result.verdict = {
    cold: coldSmall.every((c) => c.met),
    warm: warm.every((w) => w.met),
    growth: growth.met,
  };
  writeBenchReport('mirror-cache', result);
  console.log(
    JSON.stringify({ ...result, warm: warm.map((w) => ({ ...w, eachRound: undefined })) }, null, 2),
  );
  rmSync(cache, { recursive: true, force: true });
  rmSync(assets, { recursive: true, force: true });
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(stop);
