#!/usr/bin/env node
// Import benchmark (#35 point 3; not part of npm test): "importing a 50 MB Claude export takes
// ≤ 60 s on this machine, with the importing process under 300 MB RSS". Generates a synthetic
// Claude export (conversations.json in the documented shape: chat_messages with text and
// `artifacts` tool calls — create, update, rewrite — and older <antArtifact> tags; 5 % of the
// artifacts repeat another's content) of BENCH_IMPORT_MB (50) MB, starts the artifacts service
// from dist (infrastructure up: npm run infra -- up), and sends the file through the real routes:
// the preview, then the run (which reads the file whole again before its first write, then
// stores in batches with its progress lines). Timed from the first byte sent to the report line;
// the service's peak RSS is its VmHWM (Linux), read before and after. The anchor, in the same
// run: a plain JSON.parse of the same file in a fresh Node process (time and its max RSS) — what
// reading the export whole would cost before any work on it. Beside it, the import's own reading
// and rendering of every item in a fresh process (no database, no consumers): what the import
// itself holds, apart from the service's pipelines reacting to thousands of new artifacts.
// Prints a table and writes .local/bench/import.json.
// Usage: node tools/bench/import.mjs [--no-build]
import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { MongoClient } from 'mongodb';
import { writeBenchReport } from './lib/report.mjs';
import { benchAuth, freePort, log, root, round1, startService, stopAll, waitReady } from './lib/services.mjs';

const TARGETS = { importSeconds: 60, peakRssMiB: 300 };
const MB = Number(process.env.BENCH_IMPORT_MB ?? 50);
const suffix = Date.now().toString(36);
const children = [];
const dir = join(root, '.local/bench/import');
const file = join(dir, `claude-export-${MB}mb.json`);

const lorem =
  'The quarterly figures are rounded to the nearest thousand; each line has a short note on what changed and why. ';
const page = (i) =>
  `<!doctype html><html><head><title>Report ${i}</title></head><body><h1>Report ${i}</h1>` +
  `${`<p>${lorem}</p>`.repeat(40)}<p id="total">Total: 1200</p></body></html>`;
const component = (i) =>
  `import { useState } from 'react';\nexport default function Widget${i}() {\n  const [n, setN] = useState(${i});\n` +
  `  return (<div className="p-4"><h2>Widget ${i}</h2><button onClick={() => setN(n + 1)}>{n}</button>` +
  `${`<p>${lorem}</p>`.repeat(20)}</div>);\n}\n`;

/** One conversation: a question, an answer with a React artifact and an update, an older-style tag. */
function conversation(i) {
  const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
  // Every 20th conversation repeats the page of the one before (a duplicate within the file).
  const pageOf = i % 20 === 19 ? i - 1 : i;
  return {
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Conversation ${i}`,
    summary: '',
    created_at: at,
    updated_at: at,
    account: { uuid: '00000000-0000-4000-8000-00000000a11c' },
    chat_messages: [
      {
        uuid: `h${i}`,
        text: `${lorem.repeat(12)}`,
        content: [{ type: 'text', text: lorem.repeat(12) }],
        sender: 'human',
        created_at: at,
        updated_at: at,
        attachments: [],
        files: [],
      },
      {
        uuid: `a${i}`,
        text: lorem.repeat(8),
        content: [
          { type: 'text', text: lorem.repeat(8) },
          {
            type: 'tool_use',
            name: 'artifacts',
            input: {
              id: `widget-${i}`,
              type: 'application/vnd.ant.react',
              title: `Widget ${i}`,
              command: 'create',
              content: component(i),
            },
          },
          {
            type: 'tool_result',
            name: 'artifacts',
            content: [{ type: 'text', text: 'OK' }],
            is_error: false,
          },
          {
            type: 'tool_use',
            name: 'artifacts',
            input: {
              id: `widget-${i}`,
              command: 'update',
              old_str: `useState(${i})`,
              new_str: `useState(${i + 1})`,
            },
          },
        ],
        sender: 'assistant',
        created_at: at,
        updated_at: at,
        attachments: [],
        files: [],
      },
      {
        uuid: `b${i}`,
        sender: 'assistant',
        created_at: at,
        updated_at: at,
        text: `Here is the report:\n<antArtifact identifier="report-${i}" type="text/html" title="Report ${pageOf}">\n${page(pageOf)}\n</antArtifact>`,
        content: [],
      },
    ],
  };
}

/** Writes the export with backpressure until it reaches MB megabytes; returns the conversation count. */
async function generate() {
  mkdirSync(dir, { recursive: true });
  const out = createWriteStream(file);
  const target = MB * 1024 * 1024;
  let bytes = 1;
  let i = 0;
  out.write('[');
  while (bytes < target) {
    const chunk = `${i ? ',' : ''}${JSON.stringify(conversation(i))}`;
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
    i++;
  }
  out.end(']');
  await once(out, 'finish');
  return i;
}

/** Peak and current RSS of a process in MiB (Linux /proc). */
function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { peakMiB: round1(kib('VmHWM') / 1024), nowMiB: round1(kib('VmRSS') / 1024) };
}

/** JSON.parse of the whole file in a fresh process: the anchor. */
function anchorParse() {
  const script =
    "const t=performance.now();const v=JSON.parse(require('fs').readFileSync(process.argv[1],'utf8'));" +
    'const ms=performance.now()-t;console.log(JSON.stringify({ms,n:v.length,maxRssKiB:process.resourceUsage().maxRSS}))';
  const r = spawnSync(process.execPath, ['-e', script, file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`anchor: ${r.stderr}`);
  const out = JSON.parse(r.stdout);
  return {
    seconds: round1(out.ms / 100) / 10,
    peakRssMiB: round1(out.maxRssKiB / 1024),
    conversations: out.n,
  };
}

/**
 * The import's own reading alone, in a fresh process: every item of the file read and rendered as
 * the run does (openSource, contentHash, planImport from dist), no database, no consumers: what
 * the import itself holds, apart from the service it runs in.
 */
function readerAlone() {
  const script = `
    const { openSource } = require('./apps/artifacts/dist/import-sources/read-source.js');
    const { contentHash } = require('./apps/artifacts/dist/import-sources/import-sources.repository.js');
    const { planImport } = require('./apps/artifacts/dist/portability/import-plan.js');
    (async () => {
      const base = process.resourceUsage().maxRSS;
      const t = performance.now();
      const source = await openSource(process.argv[1], 'claude', 'conversations.json');
      let n = 0;
      for await (const item of source.items()) {
        contentHash(item.content);
        planImport({ id: 'u' }, { title: item.title, type: item.type, content: item.content, tags: [] }, false);
        n++;
      }
      console.log(JSON.stringify({ n, ms: performance.now() - t, baseKiB: base, maxKiB: process.resourceUsage().maxRSS }));
    })();`;
  const r = spawnSync(process.execPath, ['-e', script, file], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`reader alone: ${r.stderr}`);
  const out = JSON.parse(r.stdout);
  return {
    items: out.n,
    seconds: round1(out.ms / 1000),
    processAtStartMiB: round1(out.baseKiB / 1024),
    peakRssMiB: round1(out.maxKiB / 1024),
  };
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    log('building (npx tsc -b apps/artifacts/tsconfig.app.json)');
    execFileSync('npx', ['tsc', '-b', 'apps/artifacts/tsconfig.app.json'], { cwd: root, stdio: 'inherit' });
  }
  log(`generating a ${MB} MB Claude export`);
  const conversations = await generate();
  const bytes = statSync(file).size;
  const user = `bench-import-${suffix}`;
  const owner = await benchAuth(user);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const db = `cv_bench_import_${suffix}`;
  log('starting artifacts from dist');
  const artifacts = startService(children, 'artifacts', port, {
    MONGO_DB: db,
    VIEW_COUNT_CONSUMER_GROUP: `bench-${suffix}`,
    SEARCH_INDEX: `bench-${suffix}-artifacts`,
    SEARCH_CONSUMER_GROUP: `bench-${suffix}-search`,
  });
  await waitReady(url, 'artifacts', artifacts);
  const before = rssOf(artifacts.pid);
  const headers = { authorization: `Bearer ${owner.token}`, 'content-type': 'application/octet-stream' };
  const send = (path) =>
    fetch(`${url}/api/v1/artifacts/import-sources/${path}`, {
      method: 'POST',
      headers,
      body: createReadStream(file),
      duplex: 'half',
    });

  log('preview');
  const t0 = performance.now();
  const previewRes = await send('preview?source=claude&filename=conversations.json');
  if (previewRes.status !== 200) throw new Error(`preview: ${previewRes.status} ${await previewRes.text()}`);
  const preview = await previewRes.json();
  const t1 = performance.now();
  const afterPreview = rssOf(artifacts.pid);

  log(`run (${preview.counts.importable} to import)`);
  const runRes = await send(`run?source=claude&expect=${preview.fileHash}`);
  if (runRes.status !== 200) throw new Error(`run: ${runRes.status} ${await runRes.text()}`);
  const lines = (await runRes.text())
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const t2 = performance.now();
  const report = lines.at(-1)?.report;
  if (!report) throw new Error('run: no report line');
  const after = rssOf(artifacts.pid);

  const mongo = await MongoClient.connect(owner.defaults.MONGO_URL);
  const stored = await mongo.db(db).collection('artifacts').countDocuments({ owner: user });
  await mongo.db(db).dropDatabase();
  await mongo.close();
  if (stored !== report.imported) throw new Error(`stored ${stored}, report says ${report.imported}`);

  log('anchor: JSON.parse of the same file; the reader alone');
  const anchor = anchorParse();
  const reader = readerAlone();

  const figures = {
    file: { megabytes: round1(bytes / 1024 / 1024), conversations, ...preview.counts },
    previewSeconds: round1((t1 - t0) / 1000),
    runSeconds: round1((t2 - t1) / 1000),
    runWriteSeconds: round1(report.writeMs / 1000),
    progressLines: lines.length - 1,
    imported: report.imported,
    skippedDuplicates: report.skippedDuplicates,
    failed: report.failed,
    serviceRssMiB: {
      atStart: before.nowMiB,
      afterPreview: afterPreview.nowMiB,
      afterRun: after.nowMiB,
      peak: after.peakMiB,
    },
    anchorJsonParse: anchor,
    readerAlone: reader,
  };
  const met = {
    importSeconds: figures.runSeconds <= TARGETS.importSeconds,
    peakRssMiB: figures.serviceRssMiB.peak < TARGETS.peakRssMiB,
  };
  const out = writeBenchReport('import', { bench: 'import', targets: TARGETS, figures, met });
  console.log(
    [
      `| what (${figures.file.megabytes} MB, ${conversations} conversations, ${preview.counts.total} artifacts) | seconds | peak RSS MiB |`,
      '| --- | --- | --- |',
      `| preview (nothing written) | ${figures.previewSeconds} | ${afterPreview.peakMiB} |`,
      `| run: read whole again, then ${report.imported} stored in batches of 50 | ${figures.runSeconds} | ${after.peakMiB} |`,
      `| anchor: JSON.parse of the file in a fresh process | ${anchor.seconds} | ${anchor.peakRssMiB} |`,
      `| the import's reading and rendering alone, fresh process (${reader.processAtStartMiB} MiB at start) | ${reader.seconds} | ${reader.peakRssMiB} |`,
      '',
      `service RSS at start ${before.nowMiB} MiB; import ≤ ${TARGETS.importSeconds} s: ${met.importSeconds ? 'met' : 'NOT met'}; peak < ${TARGETS.peakRssMiB} MiB: ${met.peakRssMiB ? 'met' : 'NOT met'}`,
      `JSON: ${out}`,
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
