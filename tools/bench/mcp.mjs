#!/usr/bin/env node
// MCP benchmark (#35; not part of npm test): starts artifacts and the gateway from dist on free
// loopback ports (infrastructure up: npm run infra -- up), connects the MCP SDK's own Client over
// Streamable HTTP to the gateway's /mcp, and measures what the issue names — "an artifact saved
// through MCP is readable in ≤ 500 ms p95": a save_artifact tool call, then the artifact read
// back through the REST API (GET /api/v1/artifacts/{id}, its content compared), timed from the
// start of the call to the end of the read. The anchor, interleaved in the same run, is the same
// save through the REST API (POST /api/v1/artifacts) and the same read. BENCH_SAVES (50) of each,
// one at a time, after 5 warm-up saves of each; a 5 KB HTML artifact.
// The caller is a signed session token of a bench user (as the other benches; a personal access
// token takes the same guard path, its hash looked up in Redis instead of a signature checked).
// Prints a table and writes .local/bench/mcp.json.
// Usage: node tools/bench/mcp.mjs [--no-build]
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  benchAuth,
  freePort,
  log,
  percentile,
  root,
  round1,
  startService,
  stopAll,
  waitReady,
} from './lib/services.mjs';
import { writeBenchReport } from './lib/report.mjs';

const TARGETS = { readableP95Ms: 500 };
const SAVES = Number(process.env.BENCH_SAVES ?? 50);
const WARMUP = 5;
const suffix = Date.now().toString(36);
const children = [];

/** A 5 KB page, each save its own (a number in it), as an assistant would save one. */
const page = (i) =>
  `<!doctype html><html><head><title>Bench ${i}</title></head><body><h1>Report ${i}</h1>` +
  `${'<p>Quarterly figures, rounded to the nearest thousand, with a short note on each.</p>'.repeat(60)}` +
  `</body></html>`;

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50Ms: round1(percentile(sorted, 50)),
    p95Ms: round1(percentile(sorted, 95)),
    maxMs: round1(sorted.at(-1) ?? 0),
  };
};

async function main() {
  if (!process.argv.includes('--no-build')) {
    log('building (npx tsc -b apps/artifacts/tsconfig.app.json apps/gateway/tsconfig.app.json)');
    execFileSync('npx', ['tsc', '-b', 'apps/artifacts/tsconfig.app.json', 'apps/gateway/tsconfig.app.json'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const owner = await benchAuth(`bench-mcp-${suffix}`);
  const [artifactsPort, gatewayPort] = [await freePort(), await freePort()];
  const artifactsUrl = `http://127.0.0.1:${artifactsPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  log('starting artifacts and the gateway from dist');
  const artifacts = startService(children, 'artifacts', artifactsPort, {
    MONGO_DB: `cv_bench_mcp_${suffix}`,
    VIEW_COUNT_CONSUMER_GROUP: `bench-${suffix}`,
    SEARCH_INDEX: `bench-${suffix}-artifacts`,
    SEARCH_CONSUMER_GROUP: `bench-${suffix}-search`,
  });
  const gateway = startService(children, 'gateway', gatewayPort, {
    ARTIFACTS_URL: artifactsUrl,
    RATE_LIMIT_NAMESPACE: `rl:bench:${suffix}`,
  });
  await Promise.all([
    waitReady(artifactsUrl, 'artifacts', artifacts),
    waitReady(gatewayUrl, 'gateway', gateway),
  ]);

  const headers = { authorization: `Bearer ${owner.token}` };
  const client = new Client({ name: 'core-vault-bench', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', gatewayUrl), { requestInit: { headers } }),
  );

  /** The artifact read back through the API, its content checked; resolves when readable. */
  const readBack = async (id, content) => {
    const res = await fetch(`${gatewayUrl}/api/v1/artifacts/${id}`, { headers });
    if (!res.ok) throw new Error(`read ${id}: ${res.status} ${await res.text()}`);
    const { artifact } = await res.json();
    if (artifact.content !== content) throw new Error(`read ${id}: other content`);
  };
  const viaMcp = async (i) => {
    const content = page(`mcp-${i}`);
    const started = performance.now();
    const result = await client.callTool({
      name: 'save_artifact',
      arguments: { title: `Bench MCP ${i}`, content, type: 'HTML' },
    });
    const saved = performance.now();
    if (result.isError) throw new Error(`save_artifact: ${result.content[0]?.text}`);
    await readBack(result.structuredContent.artifact.id, content);
    const read = performance.now();
    return { save: saved - started, readable: read - started };
  };
  const viaRest = async (i) => {
    const content = page(`rest-${i}`);
    const started = performance.now();
    const res = await fetch(`${gatewayUrl}/api/v1/artifacts`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Bench REST ${i}`, content, type: 'HTML' }),
    });
    if (res.status !== 201) throw new Error(`POST: ${res.status} ${await res.text()}`);
    const { artifact } = await res.json();
    const saved = performance.now();
    await readBack(artifact.id, content);
    const read = performance.now();
    return { save: saved - started, readable: read - started };
  };

  log(`warming up (${WARMUP} of each), then ${SAVES} saves of each, interleaved`);
  for (let i = 0; i < WARMUP; i++) {
    await viaMcp(`warm-${i}`);
    await viaRest(`warm-${i}`);
  }
  const mcp = { save: [], readable: [] };
  const rest = { save: [], readable: [] };
  const load = [loadavg()[0]];
  for (let i = 0; i < SAVES; i++) {
    const a = await viaMcp(i);
    const b = await viaRest(i);
    mcp.save.push(a.save);
    mcp.readable.push(a.readable);
    rest.save.push(b.save);
    rest.readable.push(b.readable);
  }
  load.push(loadavg()[0]);
  await client.close();

  const figures = {
    mcp: { save: stats(mcp.save), readable: stats(mcp.readable) },
    anchorRest: { save: stats(rest.save), readable: stats(rest.readable) },
  };
  const met = { readable: figures.mcp.readable.p95Ms <= TARGETS.readableP95Ms };
  const result = {
    bench: 'mcp',
    at: new Date().toISOString(),
    machine: { loadAverageAtStartAndEnd: load.map(round1) },
    saves: SAVES,
    contentBytes: page('x').length,
    targets: TARGETS,
    figures,
    mcpOverRestP95: round1(figures.mcp.readable.p95Ms / figures.anchorRest.readable.p95Ms),
    met,
  };
  const file = writeBenchReport('mcp', result);

  const row = (what, s) => `| ${what} | ${s.p50Ms} | ${s.p95Ms} | ${s.maxMs} |`;
  console.log(
    [
      `| what (${SAVES} each, one at a time) | p50 ms | p95 ms | max ms |`,
      '| --- | --- | --- | --- |',
      row('MCP save_artifact, then readable through the API', figures.mcp.readable),
      row('  of which the tool call', figures.mcp.save),
      row('anchor: REST POST, then readable through the API', figures.anchorRest.readable),
      row('  of which the POST', figures.anchorRest.save),
      '',
      `readable p95 ≤ ${TARGETS.readableP95Ms} ms: ${met.readable ? 'met' : 'NOT met'}; MCP / REST p95 ${result.mcpOverRestP95} ×; load ${load.map(round1).join(' → ')}`,
      `JSON: ${file}`,
    ].join('\n'),
  );
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  stopAll(children);
}
