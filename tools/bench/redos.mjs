#!/usr/bin/env node
// Linear time on untrusted artifact text (issue #31, item 5; not part of npm test). Runs an
// adversarial set (runs of '<', spaces, quotes, brackets, '<!--', nested Markdown lists, emphasis
// runs, '['/'(' runs, attribute-like strings) against a benign twin of the same size and type, in
// the same run, and prints a table with whether each target is met:
//  1. in process, the real code over content (bundled from the sources with esbuild): the write
//     path's work (type detection, React check, HTML/SVG sanitizers and CSS, Markdown), the share
//     excerpt, and the renderer's embed build (document builder, mirror rewrite, share tags);
//  2. through the real services: create and update through the gateway, the gateway's /view/{id},
//     the renderer's /embed/{id} and search, while a steady stream of public reads of another
//     artifact runs alongside. It uses the stack of `npm start` when it answers (BENCH_GATEWAY_URL
//     and BENCH_RENDERER_URL override the ports of config/local.json); otherwise, with --start, it
//     starts artifacts, gateway and usercontent itself from dist (build them first:
//     npx tsc -b apps/{artifacts,gateway,usercontent}/tsconfig.app.json) against the local
//     infrastructure (npm run infra -- up), with a stand-in for the SPA's index.html.
// Target: an adversarial input costs at most 50 ms more than its benign twin; the concurrent
// reads' p99 is at most 50 ms above their p99 with the benign twins.
// Usage: node tools/bench/redos.mjs [--functions-only | --start] (BENCH_SIZES=10000,100000,500000)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchAuth, freePort, log, startService, waitReady } from './lib/services.mjs';
import { writeBenchReport } from './lib/report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const TARGET_MS = 50;
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,500000').split(',').map(Number);
const round = (n) => Math.round(n * 10) / 10;

/** Content of exactly `size` characters: `unit` repeated (then cut), after `head`. */
const fill = (size, unit, head = '') => (head + unit.repeat(Math.ceil(size / unit.length))).slice(0, size);

/** The adversarial set: [name, type it is sent as, content of `size` characters]. */
const ADVERSARIAL = [
  ["'<' then spaces", 'REACT', (n) => `<${' '.repeat(n - 1)}`],
  ["'<' then spaces", 'HTML', (n) => `<${' '.repeat(n - 1)}`],
  ["runs of '<'", 'HTML', (n) => '<'.repeat(n)],
  ["runs of '<!--'", 'HTML', (n) => fill(n, '<!--')],
  ["'<!---->' runs, no doctype", 'HTML', (n) => fill(n, '<!---->')],
  ['unclosed <script>s', 'HTML', (n) => fill(n, '<script>')],
  ["'<link' runs", 'HTML', (n) => fill(n, '<link')],
  ['attribute-like strings', 'HTML', (n) => fill(n, 'a="x ', '<script ')],
  ["'url(' runs in a style", 'SVG', (n) => fill(n, 'url(', '<svg><style>')],
  ['quotes', 'HTML', (n) => '"'.repeat(n)],
  // Not fixed (htmlparser2 12 keeps its open-element stack with unshift): kept to show it.
  ['deeply nested unclosed tags', 'HTML', (n) => fill(n, '<b>')],
  ["'interface A extends' runs", 'TYPESCRIPT', (n) => fill(n, 'interface A extends ')],
  ["'type A' then spaces", 'TYPESCRIPT', (n) => `type A${' '.repeat(n - 6)}`],
  ["runs of '['", 'MARKDOWN', (n) => '['.repeat(n)],
  ["'[a](' runs", 'MARKDOWN', (n) => fill(n, '[a](')],
  ["runs of '('", 'MARKDOWN', (n) => '('.repeat(n)],
  ["'*a' emphasis runs", 'MARKDOWN', (n) => fill(n, '*a')],
  ["'_a ' emphasis runs", 'MARKDOWN', (n) => fill(n, '_a ')],
  ['nested Markdown lists', 'MARKDOWN', (n) => fill(n, nestedList())],
  ["'>' quote runs", 'MARKDOWN', (n) => '>'.repeat(n)],
  ['unclosed code blocks', 'MARKDOWN', (n) => fill(n, '<pre><code>')],
];

function nestedList() {
  let out = '';
  for (let depth = 0; depth < 40; depth++) out += `${'  '.repeat(depth)}- item ${depth}\n`;
  return out;
}

/** Benign twins: ordinary artifacts of each type, any size. */
const BENIGN = {
  HTML: (n) =>
    fill(
      n,
      '<section class="card"><h2>Quarterly figures</h2><p style="color:#333">Revenue grew in <b>every</b> region; see the <a href="#t">table</a>.</p></section>\n',
      '<!doctype html><html><head><title>Report</title><style>.card{padding:8px}</style></head><body>',
    ),
  SVG: (n) =>
    fill(
      n,
      '<circle cx="10" cy="10" r="5" fill="url(#g)"/><path d="M0 0L10 10" stroke="#333"/>\n',
      '<svg xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g"/></defs>',
    ),
  MARKDOWN: (n) =>
    fill(
      n,
      '## Findings\n\nRevenue grew in **every** region, see [the table](https://e.test/t).\n\n- one\n- two\n\n```js\nconst x = 1;\n```\n\n',
    ),
  REACT: (n) =>
    fill(
      n,
      '  const [v, setV] = useState(0); // the counter\n',
      "import React, { useState } from 'react';\nexport default function App() {\n",
    ),
  TYPESCRIPT: (n) => fill(n, 'export function add(a: number, b: number): number {\n  return a + b;\n}\n'),
};

/** The real code, bundled from the sources (no build needed). */
async function loadCode() {
  const dir = join(tmpdir(), `cv-bench-redos-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, 'entry.ts');
  const src = (p) => JSON.stringify(join(root, p));
  writeFileSync(
    entry,
    `export { shareDescription, artifactShareMeta, shareMetaTags, reactSecurityWarning } from ${src('libs/contracts/src/index.ts')};
export { detectArtifactType } from ${src('libs/artifact-detection/src/detect.ts')};
export { renderArtifact } from ${src('apps/artifacts/src/rendering/render.ts')};
export { buildArtifactDocument, documentNeeds, prepareReact } from ${src('apps/usercontent/src/document/index.ts')};
export { withShareTags } from ${src('apps/usercontent/src/server/pages.ts')};
export { highlightOnServer, transformOnServer } from ${src('apps/usercontent/src/server/node-renderers.ts')};
`,
  );
  const out = join(dir, 'code.cjs');
  const esbuild = require('esbuild');
  await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    outfile: out,
    tsconfig: join(root, 'tsconfig.base.json'),
    logLevel: 'error',
  });
  const code = require(out);
  rmSync(dir, { recursive: true, force: true });
  return code;
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The median of ROUNDS timings (one sample is at the mercy of a shared machine). */
const timed = (fn) => {
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return median(times);
};

/** What each stage does with one content of one type: the code paths a request runs. */
function stages(code) {
  const subject = (type, content) => ({ id: 'bench', title: 'Bench', type, content });
  return {
    // Artifacts service, create/update: detection (type AUTO), then the stored forms.
    write: (type, content) => {
      code.detectArtifactType(content);
      code.renderArtifact(type, content);
    },
    // Gateway /view/{id}: the share excerpt and tags.
    share: (type, content) =>
      code.shareMetaTags(code.artifactShareMeta(subject(type, content), { webOrigin: 'http://x' })),
    // Renderer /embed/{id}: the document from the stored form, with the share tags.
    embed: (type, content) => {
      const stored = code.renderArtifact(type, content);
      const artifact = { type, title: 'Bench', content, ...stored };
      const needs = code.documentNeeds(artifact);
      const html = code.buildArtifactDocument(artifact, {
        mode: 'embed',
        theme: 'light',
        ...(needs.highlight ? { highlight: code.highlightOnServer } : {}),
        ...(needs.react
          ? { react: code.prepareReact(content, code.transformOnServer, stored.securityWarning) }
          : {}),
      });
      const tags = code.shareMetaTags(
        code.artifactShareMeta(subject(type, content), { webOrigin: 'http://x' }),
      );
      code.withShareTags(html, tags, type === 'HTML');
    },
  };
}

function functionTable(code) {
  const rows = [];
  const run = stages(code);
  // The embed stage re-renders; its own cost is the difference.
  for (const size of SIZES)
    for (const [name, type, make] of ADVERSARIAL) {
      const bad = make(size);
      const good = BENIGN[type](size);
      const row = { case: name, type, size };
      let met = true;
      for (const [stage, fn] of Object.entries(run)) {
        const adversarialMs = timed(() => fn(type, bad));
        const benignMs = timed(() => fn(type, good));
        const delta = adversarialMs - benignMs;
        row[`${stage} ms`] = `${round(adversarialMs)} vs ${round(benignMs)}`;
        if (delta > TARGET_MS) met = false;
      }
      row.met = met ? 'yes' : 'NO';
      rows.push(row);
      log(`${name} (${type}, ${size}): ${met ? 'ok' : 'over target'}`);
    }
  return rows;
}

// ---- the running stack ----

function stackConfig() {
  const config = JSON.parse(readFileSync(join(root, 'config/local.json'), 'utf8'));
  return {
    gateway: process.env.BENCH_GATEWAY_URL ?? `http://127.0.0.1:${config.apps.gateway.port}`,
    renderer: process.env.BENCH_RENDERER_URL ?? `http://127.0.0.1:${config.apps.usercontent.port}`,
    rendererHost: new URL(
      config.apps.usercontent.origin ?? `http://localhost:${config.apps.usercontent.port}`,
    ).host,
  };
}

const children = [];

/** artifacts, gateway and usercontent from dist on free ports, and a stand-in SPA index. */
async function startStack() {
  const suffix = Date.now().toString(36);
  const [artifactsPort, gatewayPort, rendererPort, webPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const web = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Core Vault</title></head><body><div id="root"></div></body></html>',
    );
  }).listen(webPort, '127.0.0.1');
  await once(web, 'listening');
  const start = (app, port, env) => startService(children, app, port, env);
  const urls = {
    artifacts: `http://127.0.0.1:${artifactsPort}`,
    gateway: `http://127.0.0.1:${gatewayPort}`,
    renderer: `http://127.0.0.1:${rendererPort}`,
    rendererHost: `localhost:${rendererPort}`,
    dbName: `cv_bench_redos_${suffix}`,
    web,
  };
  const processes = [
    [
      'artifacts',
      urls.artifacts,
      start('artifacts', artifactsPort, {
        MONGO_DB: urls.dbName,
        VIEW_COUNT_CONSUMER_GROUP: `bench-redos-${suffix}`,
      }),
    ],
    [
      'gateway',
      urls.gateway,
      start('gateway', gatewayPort, {
        ARTIFACTS_URL: urls.artifacts,
        RATE_LIMIT_NAMESPACE: `rl:bench:${suffix}`,
        WEB_INTERNAL_URL: `http://127.0.0.1:${webPort}`,
      }),
    ],
    [
      'usercontent',
      urls.renderer,
      start('usercontent', rendererPort, {
        RENDERER_ORIGIN: `http://localhost:${rendererPort}`,
        WEB_ORIGIN: 'http://127.0.0.1:4200',
        GATEWAY_URL: urls.gateway,
      }),
    ],
  ];
  await Promise.all(processes.map(([name, url, child]) => waitReady(url, name, child, 90_000)));
  return urls;
}

async function stopStack(urls) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? once(c, 'exit') : null)));
  urls?.web?.close();
  if (urls?.dbName) {
    const { MongoClient } = require('mongodb');
    const platform = require(join(root, 'libs/platform/dist/index.js'));
    const mongo = await MongoClient.connect(platform.localDefaults('bench').MONGO_URL);
    await mongo.db(urls.dbName).dropDatabase();
    await mongo.close();
  }
}

async function reachable(url) {
  try {
    return (await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

async function token() {
  return (await benchAuth(`bench-redos-${Date.now().toString(36)}`)).token;
}

/** One GET with an explicit Host (the renderer serves embeds on the artifact's own origin). */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    httpRequest(url, { headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, ms: performance.now() - started }),
      );
    })
      .on('error', reject)
      .end();
  });
}

async function timedFetch(url, init) {
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, ms: performance.now() - started, text };
}

/** Public reads of `id`, one every 20 ms, until stopped: their latencies. */
function readStream(gateway, id) {
  const times = [];
  let stop = false;
  const done = (async () => {
    while (!stop) {
      const tick = new Promise((r) => setTimeout(r, 20));
      const started = performance.now();
      try {
        await (await fetch(`${gateway}/api/v1/artifacts/${id}`)).arrayBuffer();
        times.push(performance.now() - started);
      } catch {
        times.push(60_000);
      }
      await tick;
    }
  })();
  return async () => {
    stop = true;
    await done;
    return times;
  };
}

const p99 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.99 * s.length) - 1)] ?? 0;
};

/** The requests of one artifact: write, update, share page, embed, search. Times in ms. */
async function requestsOf(urls, headers, title, type, content) {
  const api = `${urls.gateway}/api/v1/artifacts`;
  const created = await timedFetch(api, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title, type, content, isPublic: true }),
  });
  if (created.status !== 201) return { status: `create ${created.status}` };
  const { artifact } = JSON.parse(created.text);
  const updated = await timedFetch(`${api}/${artifact.id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ content: `${content.slice(0, -1)}.` }),
  });
  const view = await rawGet(`${urls.gateway}/view/${artifact.id}`);
  // The renderer sends an embed to the artifact's own origin ({label}.localhost) first.
  const first = await rawGet(`${urls.renderer}/embed/${artifact.id}`, { host: urls.rendererHost });
  const host = first.status === 302 ? new URL(String(first.headers.location)).host : urls.rendererHost;
  const embed = await rawGet(`${urls.renderer}/embed/${artifact.id}`, { host });
  const word = title.split(' ').at(-1);
  const search = await timedFetch(`${api}/search?q=${encodeURIComponent(word)}`, { headers });
  await fetch(`${api}/${artifact.id}`, { method: 'DELETE', headers }).catch(() => null);
  const statuses = [created.status, updated.status, view.status, embed.status, search.status];
  return {
    status: statuses.join('/'),
    create: created.ms,
    update: updated.ms,
    view: view.ms,
    embed: embed.ms,
    search: search.ms,
  };
}

async function stackTable(urls) {
  const headers = { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' };
  const api = `${urls.gateway}/api/v1/artifacts`;
  const reader = await timedFetch(api, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      title: 'Bench reader',
      type: 'HTML',
      content: BENIGN.HTML(20_000),
      isPublic: true,
    }),
  });
  if (reader.status !== 201) throw new Error(`creating the read artifact answered ${reader.status}`);
  const readerId = JSON.parse(reader.text).artifact.id;
  const size = Math.max(...SIZES);
  const rows = [];
  const reads = { benign: [], adversarial: [] };
  for (const [index, [name, type, make]] of ADVERSARIAL.entries()) {
    const goods = [];
    const bads = [];
    for (let round = 0; round < ROUNDS; round++) {
      const tag = `r${index}x${round}${Date.now().toString(36)}`;
      let stopReads = readStream(urls.gateway, readerId);
      goods.push(await requestsOf(urls, headers, `Bench benign ${tag}`, type, BENIGN[type](size)));
      reads.benign.push(...(await stopReads()));
      stopReads = readStream(urls.gateway, readerId);
      bads.push(await requestsOf(urls, headers, `Bench adversarial ${tag}`, type, make(size)));
      reads.adversarial.push(...(await stopReads()));
    }
    const medianOf = (list) => {
      const out = { status: list.map((r) => r.status).join(' ') };
      for (const key of ['create', 'update', 'view', 'embed', 'search'])
        if (list.every((r) => r[key] !== undefined)) out[key] = median(list.map((r) => r[key]));
      return out;
    };
    const good = medianOf(goods);
    const bad = medianOf(bads);
    const allOk = [...goods, ...bads].every((r) => /^201\/200\/200\/200\/200$/.test(r.status));
    const row = { case: name, type, size, status: allOk ? 'ok' : `${bad.status} | ${good.status}` };
    let met = true;
    for (const key of ['create', 'update', 'view', 'embed', 'search']) {
      if (bad[key] === undefined || good[key] === undefined) {
        met = false;
        continue;
      }
      row[`${key} ms`] = `${round(bad[key])} vs ${round(good[key])}`;
      if (bad[key] - good[key] > TARGET_MS) met = false;
    }
    row.met = met ? 'yes' : 'NO';
    rows.push(row);
    log(`stack: ${name} (${type}, ${size}): ${met ? 'ok' : 'over target'}`);
  }
  await fetch(`${api}/${readerId}`, { method: 'DELETE', headers }).catch(() => null);
  const concurrent = {
    benignP99Ms: round(p99(reads.benign)),
    adversarialP99Ms: round(p99(reads.adversarial)),
    reads: reads.benign.length + reads.adversarial.length,
  };
  return {
    rows,
    concurrent,
    concurrentMet: concurrent.adversarialP99Ms - concurrent.benignP99Ms <= TARGET_MS,
  };
}

async function main() {
  const functionsOnly = process.argv.includes('--functions-only');
  log(`loading the code from the sources; sizes ${SIZES.join(', ')}`);
  const code = await loadCode();
  const functions = functionTable(code);
  let stack = null;
  let urls = stackConfig();
  const running = (await reachable(urls.gateway)) && (await reachable(urls.renderer));
  if (functionsOnly) log('--functions-only: the stack is not measured');
  else if (running) {
    log(`measuring the running stack at ${urls.gateway} and ${urls.renderer}`);
    stack = await stackTable(urls);
  } else if (process.argv.includes('--start')) {
    log('starting artifacts, gateway and usercontent from dist');
    urls = await startStack();
    try {
      stack = await stackTable(urls);
    } finally {
      await stopStack(urls);
    }
  } else log(`no stack at ${urls.gateway} / ${urls.renderer}: run npm start, or pass --start`);

  console.table(functions);
  if (stack) {
    console.table(stack.rows);
    console.log(`concurrent public reads: ${JSON.stringify(stack.concurrent)}`);
  }
  const verdict = {
    functions: functions.every((r) => r.met === 'yes'),
    ...(stack
      ? { requests: stack.rows.every((r) => r.met === 'yes'), concurrentReads: stack.concurrentMet }
      : {}),
  };
  console.log(
    `targets (adversarial - benign <= ${TARGET_MS} ms; concurrent reads p99 + <= ${TARGET_MS} ms): ${Object.entries(
      verdict,
    )
      .map(([k, v]) => `${k}=${v ? 'met' : 'NOT met'}`)
      .join(' ')}`,
  );
  const report = {
    at: new Date().toISOString(),
    sizes: SIZES,
    targetMs: TARGET_MS,
    functions,
    stack,
    verdict,
  };
  log(`wrote ${writeBenchReport('redos', report)}`);
}

main().catch(async (err) => {
  console.error(err);
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(1);
});
