#!/usr/bin/env node
/* global window, document -- page functions run in Chromium */
// Cold load of an HTML artifact that uses a library from the renderer's mirror.
//
//   npx tsc -b apps/usercontent/tsconfig.app.json && node apps/usercontent/scripts/build-assets.mjs
//   node tools/bench/mirror-cold-load.mjs [--runs 20]
//
// Builds nothing. Starts a stub gateway and the built renderer (apps/usercontent/dist/main.js) on
// free 127.0.0.1 ports and opens /embed/{id} in Chromium (playwright-core; CHROMIUM_PATH or
// /usr/bin/chromium), each run in a fresh browser context (empty HTTP cache). Two ~20 KB HTML
// artifacts are measured in the same run, interleaved:
//   chart   loads Chart.js 4 from cdn.jsdelivr.net (rewritten to /mirror/) and draws a bar chart;
//   anchor  the same page drawing the same bars on a plain canvas, no library.
// Time = navigation start → the page's own "drawn" mark (performance.now() after the chart is
// drawn), and the load event. No internet: the renderer serves everything. Writes
// .local/bench/mirror-cold-load.json (p50/p95 of both, the difference, bytes transferred).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { writeBenchReport } from './lib/report.mjs';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '../..');
const require = createRequire(join(root, 'package.json'));
const { chromium } = require('playwright-core');
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 20;
const main = join(root, 'apps/usercontent/dist/main.js');
if (!existsSync(main) || !existsSync(join(root, 'apps/usercontent/dist/public/mirror/index.json'))) {
  console.error(
    'Build first: npx tsc -b apps/usercontent/tsconfig.app.json && node apps/usercontent/scripts/build-assets.mjs',
  );
  process.exit(1);
}

/** ~20 KB of page: a report table around the chart, like a real AI-written dashboard. */
function page(withLibrary) {
  const rows = Array.from(
    { length: 260 },
    (_, i) =>
      `<tr><td>Region ${i + 1}</td><td>${(i * 37) % 1000}</td><td>${(i * 53) % 100}%</td><td>Note about row ${i + 1}</td></tr>`,
  ).join('\n');
  const values = JSON.stringify(Array.from({ length: 12 }, (_, i) => 20 + ((i * 29) % 80)));
  const draw = withLibrary
    ? `new Chart(document.getElementById('c'), { type: 'bar', data: { labels: ${JSON.stringify(Array.from({ length: 12 }, (_, i) => `M${i + 1}`))}, datasets: [{ label: 'Sales', data: ${values} }] }, options: { animation: false, responsive: false } });`
    : `const ctx = document.getElementById('c').getContext('2d'); ${values}.forEach((v, i) => ctx.fillRect(20 + i * 45, 300 - v * 3, 30, v * 3));`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Quarterly sales</title>
${withLibrary ? '<script src="https://cdn.jsdelivr.net/npm/chart.js@4.4.0/dist/chart.umd.min.js"></script>' : ''}
<style>body{font-family:system-ui;margin:24px}table{border-collapse:collapse}td{border:1px solid #ddd;padding:2px 6px}</style>
</head><body><h1>Quarterly sales</h1><canvas id="c" width="600" height="320"></canvas>
<table>${rows}</table>
<script>${draw} window.__drawn = performance.now();</script>
</body></html>`;
}

const ARTIFACTS = { chart: page(true), anchor: page(false) };

async function freePort() {
  const s = createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const { port } = s.address();
  s.close();
  return port;
}

const gateway = createServer((req, res) => {
  const id = decodeURIComponent(req.url.split('/').pop());
  const content = ARTIFACTS[id];
  res.writeHead(content ? 200 : 404, { 'Content-Type': 'application/json' });
  res.end(
    JSON.stringify(
      content
        ? { artifact: { id, title: id, type: 'HTML', content, rendered: content, isPublic: true } }
        : { message: 'Artifact not found' },
    ),
  );
}).listen(0, '127.0.0.1');
await once(gateway, 'listening');

const port = await freePort();
const renderer = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, [main], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    RENDERER_ORIGIN: renderer,
    WEB_ORIGIN: 'http://localhost:4200',
    GATEWAY_URL: `http://127.0.0.1:${gateway.address().port}`,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  child.kill('SIGTERM');
  gateway.close();
};

try {
  for (let i = 0; i < 100; i++) {
    if ((await fetch(`${renderer}/health/ready`).catch(() => null))?.ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  const samples = { chart: [], anchor: [] };
  const one = async (id) => {
    const context = await browser.newContext(); // a new context: empty HTTP cache
    const p = await context.newPage();
    let bytes = 0;
    p.on('response', async (r) => {
      const len = Number((await r.allHeaders())['content-length'] ?? 0);
      bytes += len;
    });
    const failed = [];
    p.on('requestfailed', (r) => failed.push(r.url()));
    await p.goto(`${renderer}/embed/${id}`, { waitUntil: 'load' });
    await p.waitForFunction(() => typeof window.__drawn === 'number', null, { timeout: 10_000 });
    const t = await p.evaluate(() => ({
      drawn: window.__drawn,
      load: performance.getEntriesByType('navigation')[0].loadEventStart,
      note: !!document.getElementById('cv-mirror-note'),
      chart: typeof window.Chart === 'function',
    }));
    await context.close();
    if (failed.length) throw new Error(`${id}: requests failed: ${failed.join(', ')}`);
    if (t.note) throw new Error(`${id}: the blocked-load note is showing`);
    if (id === 'chart' && !t.chart) throw new Error('Chart.js did not load from the mirror');
    samples[id].push({ ...t, bytes });
  };
  await one('chart'); // the renderer's own first-request work (index, file handles) is not the page's
  await one('anchor');
  samples.chart.length = 0;
  samples.anchor.length = 0;
  for (let i = 0; i < runs; i++) {
    await one('anchor');
    await one('chart');
  }
  await browser.close();

  const pct = (xs, p) => {
    const s = [...xs].sort((a, b) => a - b);
    return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]);
  };
  const summary = (id) => ({
    drawnMs: {
      p50: pct(
        samples[id].map((s) => s.drawn),
        50,
      ),
      p95: pct(
        samples[id].map((s) => s.drawn),
        95,
      ),
    },
    loadMs: {
      p50: pct(
        samples[id].map((s) => s.load),
        50,
      ),
      p95: pct(
        samples[id].map((s) => s.load),
        95,
      ),
    },
    bytesTransferred: samples[id][0].bytes,
  });
  const result = {
    at: new Date().toISOString(),
    runs,
    htmlBytes: { chart: Buffer.byteLength(ARTIFACTS.chart), anchor: Buffer.byteLength(ARTIFACTS.anchor) },
    what: 'navigation start → chart drawn, /embed/{id}, fresh browser context per run (cold HTTP cache), Chromium headless, 127.0.0.1',
    chart: summary('chart'),
    anchor: summary('anchor'),
  };
  result.libraryCostMs = { p50: result.chart.drawnMs.p50 - result.anchor.drawnMs.p50 };
  result.targets = { chartDrawnP95Ms: 1000 };
  result.verdict = { chartDrawn: result.chart.drawnMs.p95 < 1000 };
  writeBenchReport('mirror-cold-load', result);
  console.log(JSON.stringify(result, null, 2));
  if (result.chart.drawnMs.p95 >= 1000) process.exitCode = 2;
} finally {
  stop();
}
